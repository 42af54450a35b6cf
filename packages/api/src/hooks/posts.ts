// Posts: the paged lists (infinite queries), one post, create/update/delete, the optimistic like
// and the optimistic save (the Saved page).
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Post } from '../contract/index.ts';
import type { ApiClient, RouteInput } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { seedingPreviews } from './comments.ts';
import { cancelPostQueries, findCachedPost, pageParams, refreshCar, refreshTags, removePostEverywhere, updatePostEverywhere } from './cache.ts';
import { getSessionUser } from './session-cache.ts';
import { queryKeys } from './query-keys.ts';

/** All posts of every loaded page, in order. */
export const flattenPosts = (pages: { posts: Post[] }[] | undefined): Post[] => pages?.flatMap((page) => page.posts) ?? [];

/**
 * The post reads as query options (each list page also seeds its cards' comment previews): the hooks below use them, and so can anyone prefetching a
 * page (`queryClient.prefetchInfiniteQuery(postQueries.feed(client))`), with the same keys.
 */
export const postQueries = {
  feed: (client: ApiClient) =>
    infiniteQueryOptions({
      queryKey: queryKeys.posts.feed(),
      queryFn: ({ pageParam, signal, client: queryClient }) =>
        seedingPreviews(queryClient, () => client.call('posts.feed', { query: { page: pageParam } }, { signal })),
      ...pageParams,
    }),
  trending: (client: ApiClient) =>
    infiniteQueryOptions({
      queryKey: queryKeys.posts.trending(),
      queryFn: ({ pageParam, signal, client: queryClient }) =>
        seedingPreviews(queryClient, () => client.call('posts.trending', { query: { page: pageParam } }, { signal })),
      ...pageParams,
    }),
  byUser: (client: ApiClient, userId: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.posts.byUser(userId),
      queryFn: ({ pageParam, signal, client: queryClient }) =>
        seedingPreviews(queryClient, () => client.call('posts.byUser', { params: { userId }, query: { page: pageParam } }, { signal })),
      ...pageParams,
    }),
  related: (client: ApiClient, postId: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.posts.related(postId),
      queryFn: ({ pageParam, signal, client: queryClient }) =>
        seedingPreviews(queryClient, () => client.call('posts.related', { params: { id: postId }, query: { page: pageParam } }, { signal })),
      ...pageParams,
    }),
  saved: (client: ApiClient) =>
    infiniteQueryOptions({
      queryKey: queryKeys.posts.saved(),
      queryFn: ({ pageParam, signal, client: queryClient }) =>
        seedingPreviews(queryClient, () => client.call('posts.saved', { query: { page: pageParam } }, { signal })),
      ...pageParams,
    }),
  detail: (client: ApiClient, postId: string) =>
    queryOptions({
      queryKey: queryKeys.posts.detail(postId),
      queryFn: ({ signal }) => client.call('posts.get', { params: { id: postId } }, { signal }),
    }),
};

export function useFeed() {
  return useInfiniteQuery(postQueries.feed(useApiClient()));
}

export function useTrending() {
  return useInfiniteQuery(postQueries.trending(useApiClient()));
}

export function useUserPosts(userId: string | undefined) {
  return useInfiniteQuery({ ...postQueries.byUser(useApiClient(), userId ?? ''), enabled: Boolean(userId) });
}

export function useRelatedPosts(postId: string | undefined) {
  return useInfiniteQuery({ ...postQueries.related(useApiClient(), postId ?? ''), enabled: Boolean(postId) });
}

/** The signed-in person's saved posts, newest saved first (the Saved page). */
export function useSavedPosts() {
  return useInfiniteQuery(postQueries.saved(useApiClient()));
}

export function usePost(postId: string | undefined) {
  return useQuery({ ...postQueries.detail(useApiClient(), postId ?? ''), enabled: Boolean(postId) });
}

/** A multipart call's variables: the route's body (files included) and the upload's progress. */
export interface UploadVariables<B> {
  body: B;
  onUploadProgress?: (fraction: number) => void;
}

export function useCreatePost() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onUploadProgress }: UploadVariables<RouteInput<'posts.create'>['body']>) =>
      client.call('posts.create', { body }, { onUploadProgress }),
    onSuccess: (post) => {
      // The new post shows on the author's profile (list and post count) and in its community.
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.byUser(post.author._id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.profile(post.author.username) });
      if (post.community) void queryClient.invalidateQueries({ queryKey: queryKeys.communities.page(post.community._id) });
      queryClient.setQueryData(queryKeys.posts.detail(post._id), post);
      if (post.car) refreshCarPosts(queryClient, [post.car._id]);
      refreshTags(queryClient);
    },
  });
}

/** A post tagged to a car, untagged or moved between cars: those cars' build logs and post counts, and the model pages. */
function refreshCarPosts(queryClient: QueryClient, carIds: readonly string[]): void {
  for (const carId of new Set(carIds)) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.cars.timeline(carId) });
    refreshCar(queryClient, carId);
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.posts.byModelAll() });
}

export function useUpdatePost() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, body, onUploadProgress }: UploadVariables<RouteInput<'posts.update'>['body']> & { postId: string }) =>
      client.call('posts.update', { params: { id: postId }, body }, { onUploadProgress }),
    // The car the post was tagged to before, whose build log it may leave.
    onMutate: ({ postId }) => ({ previousCarId: findCachedPost(queryClient, postId)?.car?._id }),
    onSuccess: (post, _variables, context) => {
      queryClient.setQueryData(queryKeys.posts.detail(post._id), post);
      updatePostEverywhere(queryClient, post._id, () => post);
      refreshTags(queryClient);
      const carIds = [context.previousCarId, post.car?._id].filter((id) => id !== undefined);
      if (carIds.length > 0) refreshCarPosts(queryClient, carIds);
    },
  });
}

export function useDeletePost() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId }: { postId: string }) => client.call('posts.delete', { params: { id: postId } }),
    onSuccess: (_reply, { postId }) => {
      const post = findCachedPost(queryClient, postId);
      // Also reads the tags again (refreshTags).
      removePostEverywhere(queryClient, postId);
      if (post) void queryClient.invalidateQueries({ queryKey: queryKeys.users.profile(post.author.username) });
      if (post?.car) refreshCarPosts(queryClient, [post.car._id]);
    },
  });
}

const toggled = (likes: string[], userId: string) => (likes.includes(userId) ? likes.filter((id) => id !== userId) : [...likes, userId]);

/**
 * Spec §4: the like toggles at once everywhere the post is shown, then takes the server's `likes`,
 * or goes back to what it was when the call fails (silently: spec §8).
 */
export function useToggleLike() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId }: { postId: string }) => client.call('posts.like', { params: { id: postId } }),
    onMutate: async ({ postId }) => {
      await cancelPostQueries(queryClient);
      const previousLikes = findCachedPost(queryClient, postId)?.likes;
      const userId = getSessionUser(queryClient)?.id;
      if (userId) updatePostEverywhere(queryClient, postId, (post) => ({ ...post, likes: toggled(post.likes, userId) }));
      return { previousLikes };
    },
    onError: (_error, { postId }, context) => {
      const previousLikes = context?.previousLikes;
      if (previousLikes) updatePostEverywhere(queryClient, postId, (post) => ({ ...post, likes: previousLikes }));
    },
    onSuccess: (post) => {
      updatePostEverywhere(queryClient, post._id, (cached) => ({ ...cached, likes: post.likes }));
    },
  });
}

/** Whether the signed-in user likes a post, and its like count. */
export function likeState(post: Pick<Post, 'likes'>, userId: string | undefined): { liked: boolean; count: number } {
  return { liked: userId !== undefined && post.likes.includes(userId), count: post.likes.length };
}

/**
 * Save a post for later, or take it out of Saved (`mutate({ saved })`): shown at once on every
 * card of the post, then the server's answer, or back to what it was when the call fails (the
 * button shows the server's message). One post's calls run one after another in the order they
 * were made, so the last click decides what the server keeps. The Saved list is only marked
 * stale, not read again at once: a card taken out of Saved stays where it is under the pointer
 * (and can be saved again) until the list is next shown.
 */
export function useSavePost(postId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const mutationKey = [...queryKeys.posts.detail(postId), 'save'];
  const setSaved = (saved: boolean) => updatePostEverywhere(queryClient, postId, (post) => ({ ...post, saved }));
  /** More than this call of the post is still on its way: a later click has already drawn its own state. */
  const laterCallPending = () => queryClient.isMutating({ mutationKey }) > 1;
  return useMutation({
    mutationKey,
    scope: { id: mutationKey.join(':') },
    mutationFn: ({ saved }: { saved: boolean }) => client.call(saved ? 'posts.save' : 'posts.unsave', { params: { id: postId } }),
    onMutate: async ({ saved }) => {
      await cancelPostQueries(queryClient);
      const previous = findCachedPost(queryClient, postId)?.saved;
      setSaved(saved);
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous !== undefined && !laterCallPending()) setSaved(context.previous);
    },
    onSuccess: (post) => {
      if (!laterCallPending()) setSaved(post.saved);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.posts.saved(), refetchType: 'none' }),
  });
}
