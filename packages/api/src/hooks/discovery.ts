// Suggestions and search.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../contract/index.ts';
import type { ApiClient } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.tsx';

/** The suggestion and search reads as query options, for the hooks and for prefetching. */
export const discoveryQueries = {
  /** Keyed by the user's `following` and `communities`; load failures are logged (spec §8). */
  suggestions: (client: ApiClient, user: Pick<SessionUser, 'id' | 'following' | 'communities'>) =>
    queryOptions({
      queryKey: queryKeys.suggestions.forUser(user.id, user.following, user.communities),
      queryFn: async ({ signal }) => {
        try {
          return await client.call('suggestions.list', undefined, { signal });
        } catch (error) {
          console.error('Loading suggestions failed', error);
          throw error;
        }
      },
    }),
  /** `q` as sent: trimmed. */
  search: (client: ApiClient, q: string) =>
    queryOptions({ queryKey: queryKeys.search(q), queryFn: ({ signal }) => client.call('search.query', { query: { q } }, { signal }) }),
};

const NO_USER = { id: '', following: [], communities: [] };

/**
 * Who to follow and communities to join. Keyed by the user's `following` and `communities`, so
 * the list is fetched again whenever either changes (spec §4); the previous list stays on screen
 * meanwhile. Load failures are logged only (spec §8).
 */
export function useSuggestions() {
  const client = useApiClient();
  const { user } = useSession();
  return useQuery({ ...discoveryQueries.suggestions(client, user ?? NO_USER), enabled: user !== null, placeholderData: keepPreviousData });
}

/** Search users and posts; idle while the (already debounced) query is blank. */
export function useSearch(query: string) {
  const q = query.trim();
  return useQuery({ ...discoveryQueries.search(useApiClient(), q), enabled: q !== '' });
}
