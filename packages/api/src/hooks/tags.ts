// Tags and mentions (issue 21): a tag's posts (an infinite list like the feed: its pages seed
// the cards' comment previews, and as a post-holding query its cards follow likes, saves and
// deletions made anywhere), the trending tags, and the two type-aheads behind `#` and `@`.
// Post changes read the tag queries again (cache.ts refreshTags).
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { isValidTag, normalizeTag } from '../contract/index.ts';
import type { ApiClient } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { pageParams } from './cache.ts';
import { seedingPreviews } from './comments.ts';
import { queryKeys } from './query-keys.ts';

/** How long a type-ahead's answer is used as is: long enough for typing back and forth, short enough to see new tags and people. */
export const TYPEAHEAD_STALE_MS = 30_000;

/** The tag reads as query options, for the hooks and for prefetching with the same keys. */
export const tagQueries = {
  /** `tag` in any case, with or without `#`: keyed and asked for normalized. */
  posts: (client: ApiClient, tag: string) => {
    const normalized = normalizeTag(tag);
    return infiniteQueryOptions({
      queryKey: queryKeys.tags.posts(normalized),
      queryFn: ({ pageParam, signal, client: queryClient }) =>
        seedingPreviews(queryClient, () => client.call('tags.posts', { params: { tag: normalized }, query: { page: pageParam } }, { signal })),
      ...pageParams,
    });
  },
  trending: (client: ApiClient) =>
    queryOptions({
      queryKey: queryKeys.tags.trending(),
      queryFn: async ({ signal }) => (await client.call('tags.trending', undefined, { signal })).tags,
    }),
  /** `q` as sent: normalized (no `#`, lower case). */
  suggest: (client: ApiClient, q: string) =>
    queryOptions({
      queryKey: queryKeys.tags.suggest(q),
      queryFn: async ({ signal }) => (await client.call('tags.suggest', { query: { q } }, { signal })).tags,
      staleTime: TYPEAHEAD_STALE_MS,
    }),
  /** `q` as sent: lower case, no `@`. */
  mentions: (client: ApiClient, q: string) =>
    queryOptions({
      queryKey: queryKeys.tags.mentions(q),
      queryFn: async ({ signal }) => (await client.call('mentions.suggest', { query: { q } }, { signal })).users,
      staleTime: TYPEAHEAD_STALE_MS,
    }),
};

/**
 * The posts carrying a tag, newest first, paged like the feed (`flattenPosts(data.pages)`).
 * Idle for no tag or one no text could hold (the page shows its own "not a tag" state rather
 * than asking the server for a 400).
 */
export function useTagPosts(tag: string | undefined) {
  const valid = tag !== undefined && isValidTag(normalizeTag(tag));
  return useInfiniteQuery({ ...tagQueries.posts(useApiClient(), tag ?? ''), enabled: valid });
}

/** The tags of the most posts of the last days (Discover): `TagCount[]`, most first. */
export function useTrendingTags() {
  return useQuery(tagQueries.trending(useApiClient()));
}

export interface TypeaheadOptions {
  /** Ask only while the type-ahead is open (default true). */
  enabled?: boolean;
}

/**
 * Type-ahead after `#`: known tags starting with `q` (what typeaheadAt found; `#` and case do
 * not matter), most used first. While typing, the previous answer stays until the next arrives.
 */
export function useTagSuggestions(q: string, { enabled = true }: TypeaheadOptions = {}) {
  return useQuery({ ...tagQueries.suggest(useApiClient(), normalizeTag(q.trim())), enabled, placeholderData: keepPreviousData });
}

/**
 * Type-ahead after `@`: people whose username or name starts with `q`, followed people first; an
 * empty `q` offers the people one follows. The previous answer stays while typing.
 */
export function useMentionSuggestions(q: string, { enabled = true }: TypeaheadOptions = {}) {
  return useQuery({ ...tagQueries.mentions(useApiClient(), q.trim().replace(/^@/, '').toLowerCase()), enabled, placeholderData: keepPreviousData });
}
