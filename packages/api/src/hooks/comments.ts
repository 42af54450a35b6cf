// Comments: newest first, paged; adding or deleting refreshes that post's comments only. A post
// card's preview (the newest comments and the count) has its own entry, under the list's key:
// the list replies carry it (ListedPost.commentsPreview) and seed it, so a page of cards asks for
// no comments; the same invalidation refreshes it.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { PREVIEW_COMMENT_COUNT, type Comment, type CommentPage, type CommentPreview, type ListedPost } from '../contract/index.ts';
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
  /**
   * A card's preview: seeded from the list page that showed the post (seedCommentPreviews), else
   * (or once invalidated) read from page 1 of the comments, which then also starts the full list
   * when it is not cached yet (the comments modal opens on it at once).
   */
  preview: (client: ApiClient, postId: string) =>
    queryOptions({
      queryKey: queryKeys.comments.preview(postId),
      queryFn: async ({ signal, client: queryClient }): Promise<CommentPreview> => {
        const page = await client.call('comments.list', { params: { postId }, query: { page: 1 } }, { signal });
        const listKey = queryKeys.comments.list(postId);
        if (queryClient.getQueryData(listKey) === undefined) {
          queryClient.setQueryData<InfiniteData<CommentPage, number>>(listKey, { pages: [page], pageParams: [1] });
        }
        return { comments: page.comments.slice(0, PREVIEW_COMMENT_COUNT), totalComments: page.totalComments };
      },
    }),
};

/**
 * Puts each listed post's comment preview in the cache (the card then asks for none), unless
 * that entry holds data newer than the list request (`requestedAt`), e.g. read again after a
 * comment was added while the list was loading.
 */
export function seedCommentPreviews(queryClient: QueryClient, posts: readonly ListedPost[], requestedAt: number): void {
  for (const post of posts) {
    if (!post.commentsPreview) continue;
    const key = queryKeys.comments.preview(post._id);
    const state = queryClient.getQueryState(key);
    if (state?.data !== undefined && state.dataUpdatedAt > requestedAt) continue;
    queryClient.setQueryData<CommentPreview>(key, post.commentsPreview, { updatedAt: requestedAt });
  }
}

/** A list page read that seeds its posts' comment previews (the list queries of posts and communities). */
export async function seedingPreviews<T extends { posts: ListedPost[] }>(queryClient: QueryClient, read: () => Promise<T>): Promise<T> {
  const requestedAt = Date.now();
  const page = await read();
  seedCommentPreviews(queryClient, page.posts, requestedAt);
  return page;
}

export function useComments(postId: string | undefined) {
  return useInfiniteQuery({ ...commentQueries.list(useApiClient(), postId ?? ''), enabled: Boolean(postId) });
}

/** A post card's comment preview: the newest comments and the count (spec §2). */
export function useCommentsPreview(postId: string | undefined) {
  return useQuery({ ...commentQueries.preview(useApiClient(), postId ?? ''), enabled: Boolean(postId) });
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
