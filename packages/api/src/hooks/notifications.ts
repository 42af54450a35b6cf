// Notifications. The unread count and mark-as-read live in the session (useSession).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from './api-context.tsx';
import { queryKeys } from './query-keys.ts';

export function useNotifications() {
  const client = useApiClient();
  return useQuery({ queryKey: queryKeys.notifications.list(), queryFn: ({ signal }) => client.call('notifications.list', undefined, { signal }) });
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
