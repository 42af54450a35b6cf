// Cache surgery shared by the mutations: replace the session user, and change or drop one post
// wherever it is cached (detail, infinite lists, community pages, search results).
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Post, SessionUser } from '../contract/index.ts';
import { POST_HOLDING_ROOTS, queryKeys } from './query-keys.ts';

export function getSessionUser(queryClient: QueryClient): SessionUser | null {
  return queryClient.getQueryData<SessionUser | null>(queryKeys.session()) ?? null;
}

/** Spec §4: after follow, join, leave, create or remove-member the server's user replaces ours. */
export function setSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData(queryKeys.session(), user);
}

const isPostHolding = (key: QueryKey) => (POST_HOLDING_ROOTS as readonly unknown[]).includes(key[0]);

const isPost = (value: unknown, postId: string): value is Post =>
  typeof value === 'object' && value !== null && (value as Post)._id === postId && Array.isArray((value as Post).likes);

type PostMapper = (post: Post) => Post | null;

/** Map one post inside any of the cached shapes; `null` from the mapper drops it from lists. */
function mapData(data: unknown, postId: string, mapper: PostMapper): unknown {
  if (data === null || typeof data !== 'object') return data;
  if (isPost(data, postId)) return mapper(data) ?? data;
  if (Array.isArray((data as { pages?: unknown[] }).pages)) {
    const infinite = data as { pages: unknown[] };
    return { ...infinite, pages: infinite.pages.map((page) => mapData(page, postId, mapper)) };
  }
  if (Array.isArray((data as { posts?: unknown[] }).posts)) {
    const holder = data as { posts: Post[] };
    if (!holder.posts.some((p) => p._id === postId)) return data;
    const posts = holder.posts.flatMap((p) => {
      if (p._id !== postId) return [p];
      const next = mapper(p);
      return next ? [next] : [];
    });
    return { ...holder, posts };
  }
  return data;
}

export function updatePostEverywhere(queryClient: QueryClient, postId: string, mapper: (post: Post) => Post): void {
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => isPostHolding(q.queryKey) })) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = mapData(data, postId, mapper);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

export function removePostEverywhere(queryClient: QueryClient, postId: string): void {
  queryClient.removeQueries({ queryKey: queryKeys.posts.detail(postId), exact: true });
  // The post's comment list and its card's preview (keyed under the list).
  queryClient.removeQueries({ queryKey: queryKeys.comments.list(postId) });
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => isPostHolding(q.queryKey) })) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = mapData(data, postId, () => null);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

/** The first cached copy of a post, e.g. to remember its likes before an optimistic change. */
export function findCachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  let found: Post | undefined;
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => isPostHolding(q.queryKey) })) {
    mapData(query.state.data, postId, (post) => {
      found ??= post;
      return post;
    });
    if (found) return found;
  }
  return found;
}

/** Cancel in-flight post reads so they cannot overwrite an optimistic change. */
export function cancelPostQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.cancelQueries({ predicate: (q) => isPostHolding(q.queryKey) });
}

/** Pages are numbered from 1; stop after `totalPages`. */
export const pageParams = {
  initialPageParam: 1,
  getNextPageParam: (lastPage: { totalPages: number }, _all: unknown, lastPageParam: number): number | undefined =>
    lastPageParam < lastPage.totalPages ? lastPageParam + 1 : undefined,
};
