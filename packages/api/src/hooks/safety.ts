// Block and mute (issue 18): the viewer's Blocked and Muted lists, and the four changes with the
// caches each one touches. A block pair hides both people from each other everywhere and ends
// the follows both ways; a mute hides the muted person's posts, comments and notifications from
// the viewer alone (apps/server/src/modules/safety/README.md).
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { HiddenUser, HideResult, ProfileUser } from '../contract/index.ts';
import type { ApiClient } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { refreshBlockedPerson, refreshHidingLists } from './cache.ts';
import { setSessionUser } from './session-cache.ts';
import { queryKeys } from './query-keys.ts';

/** The lists as query options, for the hooks and for prefetching with the same keys. */
export const safetyQueries = {
  blocked: (client: ApiClient) =>
    queryOptions({ queryKey: queryKeys.safety.blocked(), queryFn: ({ signal }) => client.call('safety.blocked', undefined, { signal }) }),
  muted: (client: ApiClient) =>
    queryOptions({ queryKey: queryKeys.safety.muted(), queryFn: ({ signal }) => client.call('safety.muted', undefined, { signal }) }),
};

/** The people the viewer blocked, newest first. */
export function useBlockedUsers() {
  return useQuery(safetyQueries.blocked(useApiClient()));
}

/** The people the viewer muted, newest first. */
export function useMutedUsers() {
  return useQuery(safetyQueries.muted(useApiClient()));
}

/**
 * Profiles are keyed by username and the answer names the person by id: the flags go on every
 * cached profile of that id (a username changed since would be a second entry). Not an unblock's:
 * the cached blocked view has no counts or lists, and "0 posts" would show until the profile,
 * read again (refreshBlockedPerson), brings them.
 */
function setProfileFlags(queryClient: QueryClient, { userId, blocked, muted }: HideResult): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.users.profileAll() })) {
    const profile = query.state.data as ProfileUser | undefined;
    if (profile?._id !== userId || (profile.blocked === true && !blocked)) continue;
    queryClient.setQueryData<ProfileUser>(query.queryKey, { ...profile, blocked, muted });
  }
}

/** The viewer's own profile shows their follow counts, which a block changes. */
function setOwnFollows(queryClient: QueryClient, { currentUser }: HideResult): void {
  queryClient.setQueryData<ProfileUser>(queryKeys.users.profile(currentUser.username), (profile) =>
    profile ? { ...profile, followers: currentUser.followers, following: currentUser.following } : profile,
  );
}

type ListKey = typeof queryKeys.safety.blocked | typeof queryKeys.safety.muted;

/**
 * What every change does with its answer: the session user is the server's, the person's
 * profile says where the viewer stands; an undo takes the person out of the list at once, a new
 * entry reads the list again (the answer has no `since`).
 */
function applyHideResult(queryClient: QueryClient, result: HideResult, list: ListKey, undo: boolean): void {
  setSessionUser(queryClient, result.currentUser);
  setProfileFlags(queryClient, result);
  if (undo) {
    queryClient.setQueryData<HiddenUser[]>(list(), (people) => people?.filter((person) => person._id !== result.userId));
  } else {
    void queryClient.invalidateQueries({ queryKey: list() });
  }
  refreshHidingLists(queryClient, result.userId);
}

function useHideMutation(call: 'safety.block' | 'safety.unblock' | 'safety.mute' | 'safety.unmute', onResult: (queryClient: QueryClient, result: HideResult) => void) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string }): Promise<HideResult> =>
      call === 'safety.block' || call === 'safety.mute' ? client.call(call, { params: { userId }, body: {} }) : client.call(call, { params: { userId } }),
    onSuccess: (result) => onResult(queryClient, result),
  });
}

/** Block (`mutate({ userId })`): the follows both ways end, and each leaves the other's lists. */
export function useBlockUser() {
  return useHideMutation('safety.block', (queryClient, result) => {
    applyHideResult(queryClient, result, queryKeys.safety.blocked, false);
    setOwnFollows(queryClient, result);
    refreshBlockedPerson(queryClient, result.userId);
  });
}

/** Unblock: the person's posts and pages come back; the ended follows stay ended. */
export function useUnblockUser() {
  return useHideMutation('safety.unblock', (queryClient, result) => {
    applyHideResult(queryClient, result, queryKeys.safety.blocked, true);
    refreshBlockedPerson(queryClient, result.userId);
  });
}

/** Mute: the person's posts, comments and notifications leave the viewer's lists; they are not told. */
export function useMuteUser() {
  return useHideMutation('safety.mute', (queryClient, result) => applyHideResult(queryClient, result, queryKeys.safety.muted, false));
}

export function useUnmuteUser() {
  return useHideMutation('safety.unmute', (queryClient, result) => applyHideResult(queryClient, result, queryKeys.safety.muted, true));
}
