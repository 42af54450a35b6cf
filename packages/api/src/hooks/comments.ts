// Comments: newest first, paged; adding or deleting refreshes that post's comments only.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentPage } from '../contract/index.ts';
import { useApiClient } from './api-context.tsx';
import { pageParams } from './cache.ts';
import { queryKeys } from './query-keys.ts';

export const flattenComments = (pages: CommentPage[] | undefined): Comment[] => pages?.flatMap((page) => page.comments) ?? [];
/** `totalComments` as of the latest loaded page. */
export const totalComments = (pages: CommentPage[] | undefined): number => pages?.at(-1)?.totalComments ?? 0;

export function useComments(postId: string | undefined) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: queryKeys.comments.list(postId ?? ''),
    enabled: Boolean(postId),
    queryFn: ({ pageParam, signal }) => client.call('comments.list', { params: { postId: postId! }, query: { page: pageParam } }, { signal }),
    ...pageParams,
  });
}

export function useAddComment(postId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text }: { text: string }) => client.call('comments.create', { params: { postId }, body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.comments.list(postId) }),
  });
}

export function useDeleteComment(postId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId }: { commentId: string }) => client.call('comments.delete', { params: { commentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.comments.list(postId) }),
  });
}
