// Suggestions and search.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from './api-context.tsx';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.tsx';

/**
 * Who to follow and communities to join. Keyed by the user's `following` and `communities`, so
 * the list is fetched again whenever either changes (spec §4); the previous list stays on screen
 * meanwhile. Load failures are logged only (spec §8).
 */
export function useSuggestions() {
  const client = useApiClient();
  const { user } = useSession();
  return useQuery({
    queryKey: queryKeys.suggestions.forUser(user?.id ?? '', user?.following ?? [], user?.communities ?? []),
    enabled: user !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      try {
        return await client.call('suggestions.list', undefined, { signal });
      } catch (error) {
        console.error('Loading suggestions failed', error);
        throw error;
      }
    },
  });
}

/** Search users and posts; idle while the (already debounced) query is blank. */
export function useSearch(query: string) {
  const client = useApiClient();
  const q = query.trim();
  return useQuery({
    queryKey: queryKeys.search(q),
    enabled: q !== '',
    queryFn: ({ signal }) => client.call('search.query', { query: { q } }, { signal }),
  });
}
