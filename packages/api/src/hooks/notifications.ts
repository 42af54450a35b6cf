// Notifications. The unread count and mark-as-read live in the session (useSession).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { queryKeys } from './query-keys.ts';

/** The notification list as query options, for the hook and for prefetching with the same key. */
export const notificationQueries = {
  list: (client: ApiClient) =>
    queryOptions({ queryKey: queryKeys.notifications.list(), queryFn: ({ signal }) => client.call('notifications.list', undefined, { signal }) }),
};

export function useNotifications() {
  return useQuery(notificationQueries.list(useApiClient()));
}

export function useClearNotifications() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.call('notifications.clearAll'),
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.notifications.list(), []);
      queryClient.setQueryData(queryKeys.notifications.unreadCount(), { count: 0 });
    },
  });
}
