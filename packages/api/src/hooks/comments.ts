// Comments: newest first, paged; adding or deleting refreshes that post's comments only.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentPage } from '../contract/index.ts';
import type { ApiClient } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { pageParams } from './cache.ts';
import { queryKeys } from './query-keys.ts';

export const flattenComments = (pages: CommentPage[] | undefined): Comment[] => pages?.flatMap((page) => page.comments) ?? [];
/** `totalComments` as of the latest loaded page. */
export const totalComments = (pages: CommentPage[] | undefined): number => pages?.at(-1)?.totalComments ?? 0;

/** The comment reads as query options, for the hooks and for prefetching with the same keys. */
export const commentQueries = {
  list: (client: ApiClient, postId: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.comments.list(postId),
      queryFn: ({ pageParam, signal }) => client.call('comments.list', { params: { postId }, query: { page: pageParam } }, { signal }),
      ...pageParams,
    }),
};

export function useComments(postId: string | undefined) {
  return useInfiniteQuery({ ...commentQueries.list(useApiClient(), postId ?? ''), enabled: Boolean(postId) });
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
