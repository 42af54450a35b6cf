// Cache surgery shared by the mutations: change or drop one post wherever it is cached (detail, infinite lists, community pages, search results, car timelines),
// or every post tagged to one car (a car renamed or removed: its chip on every card); the tags
// a post change may change (issue 21); each loaded page of a paged list; and the lists a hidden or
// suspended person leaves (block, mute, suspension); a car's counts after a change to it (here, not
// in garage.ts, so the post hooks do not bring the garage's onto every page).
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Post } from '../contract/index.ts';
import { holdsPosts, queryKeys } from './query-keys.ts';

const isPostHolding = (key: QueryKey) => holdsPosts(key);

const isPost = (value: unknown): value is Post =>
  typeof value === 'object' && value !== null && typeof (value as Post)._id === 'string' && Array.isArray((value as Post).likes);

type PostMapper = (post: Post) => Post | null;
/** Which posts a change is for: one post, or e.g. every post of a car. */
type PostMatch = (post: Post) => boolean;

const byId =
  (postId: string): PostMatch =>
  (post) =>
    post._id === postId;

/** A car's timeline item as far as posts go (CarTimelineItem). */
type TimelineItem = { type: 'post'; post: Post } | { type: 'log' };

/** Map the matching posts inside any of the cached shapes; `null` from the mapper drops a post from lists. */
function mapData(data: unknown, match: PostMatch, mapper: PostMapper): unknown {
  if (data === null || typeof data !== 'object') return data;
  if (isPost(data)) return match(data) ? (mapper(data) ?? data) : data;
  if (Array.isArray((data as { pages?: unknown[] }).pages)) {
    const infinite = data as { pages: unknown[] };
    const pages = infinite.pages.map((page) => mapData(page, match, mapper));
    return pages.every((page, i) => page === infinite.pages[i]) ? data : { ...infinite, pages };
  }
  if (Array.isArray((data as { posts?: unknown[] }).posts)) {
    const holder = data as { posts: Post[] };
    if (!holder.posts.some(match)) return data;
    const posts = holder.posts.flatMap((p) => {
      if (!match(p)) return [p];
      const next = mapper(p);
      return next ? [next] : [];
    });
    return { ...holder, posts };
  }
  // A car's timeline page: posts among log entries.
  if (Array.isArray((data as { items?: unknown[] }).items)) {
    const holder = data as { items: TimelineItem[] };
    if (!holder.items.some((item) => item.type === 'post' && match(item.post))) return data;
    const items = holder.items.flatMap((item) => {
      if (item.type !== 'post' || !match(item.post)) return [item];
      const next = mapper(item.post);
      return next ? [{ ...item, post: next }] : [];
    });
    return { ...holder, items };
  }
  return data;
}

function mapCachedPosts(queryClient: QueryClient, match: PostMatch, mapper: PostMapper): void {
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => isPostHolding(q.queryKey) })) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = mapData(data, match, mapper);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

export function updatePostEverywhere(queryClient: QueryClient, postId: string, mapper: (post: Post) => Post): void {
  mapCachedPosts(queryClient, byId(postId), mapper);
}

/** Change every cached post tagged to a car, e.g. its chip after the car was renamed or removed. */
export function updateCarPostsEverywhere(queryClient: QueryClient, carId: string, mapper: (post: Post) => Post): void {
  mapCachedPosts(queryClient, (post) => post.car?._id === carId, mapper);
}

export function removePostEverywhere(queryClient: QueryClient, postId: string): void {
  queryClient.removeQueries({ queryKey: queryKeys.posts.detail(postId), exact: true });
  // The post's comment list and its card's preview (keyed under the list).
  queryClient.removeQueries({ queryKey: queryKeys.comments.list(postId) });
  mapCachedPosts(queryClient, byId(postId), () => null);
  refreshTags(queryClient);
}

/**
 * A post created, edited, deleted or removed (issue 21): its text's tags may have come or gone,
 * so the tag pages, the trending tags and the `#` type-ahead are read again (the mention
 * type-ahead does not depend on posts). Called by every post change, removePostEverywhere included.
 */
export function refreshTags(queryClient: QueryClient): void {
  for (const queryKey of [queryKeys.tags.postsAll(), queryKeys.tags.trending(), queryKeys.tags.suggestAll()]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** The first cached copy of a post, e.g. to remember its likes before an optimistic change. */
export function findCachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  let found: Post | undefined;
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => isPostHolding(q.queryKey) })) {
    mapData(query.state.data, byId(postId), (post) => {
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

/**
 * An infinite query's data with each loaded page changed by `mapper` (absent data stays absent):
 * the one shape every `setQueryData` on a paged list writes.
 */
export function mapPages<Page>(data: InfiniteData<Page, number> | undefined, mapper: (page: Page) => Page): InfiniteData<Page, number> | undefined {
  return data ? { ...data, pages: data.pages.map(mapper) } : data;
}

/** Pages are numbered from 1; stop after `totalPages`. */
export const pageParams = {
  initialPageParam: 1,
  getNextPageParam: (lastPage: { totalPages: number }, _all: unknown, lastPageParam: number): number | undefined =>
    lastPageParam < lastPage.totalPages ? lastPageParam + 1 : undefined,
};

/**
 * Every list a hidden person's posts, comments, notifications or name can be in, read again:
 * after a block or mute they leave it, after the undo they come back.
 */
export function refreshHidingLists(queryClient: QueryClient, userId: string): void {
  for (const queryKey of [
    queryKeys.posts.feed(),
    queryKeys.posts.trending(),
    queryKeys.posts.relatedAll(),
    queryKeys.posts.saved(),
    queryKeys.posts.byModelAll(),
    queryKeys.posts.byUser(userId),
    queryKeys.communities.pageAll(),
    queryKeys.cars.timelineAll(),
    queryKeys.searchAll(),
    // A tag's posts, the trending tags' counts and the mention type-ahead (issue 21).
    queryKeys.tags.all(),
    queryKeys.suggestions.all(),
    queryKeys.notifications.all(),
    queryKeys.comments.all(),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * A block pair also changes that person's pages (a blocked profile shows its name and picture
 * only, their garage and follow lists answer 404) and everyone's follow lists (the follows both
 * ways ended; people lists leave block pairs out).
 */
export function refreshBlockedPerson(queryClient: QueryClient, userId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.users.profileAll() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.users.followersAll() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.users.followingAll() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.users.communitiesList(userId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.cars.garage(userId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.cars.modelAll() });
}

/**
 * A car's counts (posts, log entries) and place show in its page, its owner's garage and its
 * model's page: read them again after a change to the car, its log or its posts.
 */
export function refreshCar(queryClient: QueryClient, carId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.cars.detail(carId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.cars.garageAll() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.cars.modelAll() });
}
