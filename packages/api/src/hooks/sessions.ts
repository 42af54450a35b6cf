// Active sessions (issue 19, Edit Profile): the viewer's sessions, the current one first, and
// ending one other session or all the others ("log out everywhere else"). Each change takes the
// ended sessions out of the cached list at once, then reads it again from the server.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession, MessageBody } from '../contract/index.ts';
import type { ApiClient } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { queryKeys } from './query-keys.ts';

/** The list as query options, for the hook and for prefetching with the same key. */
export const activeSessionsQueries = {
  list: (client: ApiClient) =>
    queryOptions({ queryKey: queryKeys.activeSessions.list(), queryFn: ({ signal }) => client.call('sessions.list', undefined, { signal }) }),
};

/** The viewer's sessions: the current one first (`current: true`), then the most recently used. */
export function useActiveSessions() {
  return useQuery(activeSessionsQueries.list(useApiClient()));
}

/** Ends one other session (`mutate({ id })`): that browser is signed out on its next request. */
export function useEndSession() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }): Promise<MessageBody> => client.call('sessions.end', { params: { id } }),
    onSuccess: (_reply, { id }) => {
      queryClient.setQueryData<ActiveSession[]>(queryKeys.activeSessions.list(), (list) => list?.filter((session) => session.id !== id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.activeSessions.list() });
    },
  });
}

/** Log out everywhere else: every session but this one ends. */
export function useEndOtherSessions() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<MessageBody> => client.call('sessions.endOthers'),
    onSuccess: () => {
      queryClient.setQueryData<ActiveSession[]>(queryKeys.activeSessions.list(), (list) => list?.filter((session) => session.current));
      void queryClient.invalidateQueries({ queryKey: queryKeys.activeSessions.list() });
    },
  });
}
