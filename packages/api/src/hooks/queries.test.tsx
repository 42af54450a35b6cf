import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { communityQueries, useCommunity } from './communities.ts';
import { flattenPosts, postQueries, useFeed, usePost } from './posts.ts';
import { useProfile, userQueries } from './users.ts';
import { author, community, json, makePost, makeWrapper, scriptedBackend } from './test-utils.tsx';

// The query-options factories beside the hooks: a prefetch made with one fills the very cache
// entry its hook reads, so the page renders from it without asking again.
describe('query options shared by the hooks and prefetching', () => {
  it('a prefetched feed, post, profile and community page are not fetched again by their hooks', async () => {
    const backend = scriptedBackend({
      'GET /api/posts/feed': () => json(200, { posts: [makePost('p1')], totalPages: 1 }),
      'GET /api/posts/p1': () => json(200, makePost('p1')),
      'GET /api/user/marco': () => json(200, { ...author, followers: [], following: [], communities: [community], postCount: 1 }),
      'GET /api/communities/c1': () => json(200, { community, isMember: true, posts: [], totalPages: 0 }),
    });
    const { Wrapper, queryClient, client } = makeWrapper(backend.fetch, { session: false });
    // As the app's client: data stays fresh for 30 s, so a mount within them does not refetch.
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } });
    await queryClient.prefetchInfiniteQuery(postQueries.feed(client));
    await queryClient.prefetchQuery(postQueries.detail(client, 'p1'));
    await queryClient.prefetchQuery(userQueries.profile(client, 'marco'));
    await queryClient.prefetchInfiniteQuery(communityQueries.page(client, 'c1'));
    const prefetched = [...backend.calls];

    const { result } = renderHook(() => ({ feed: useFeed(), post: usePost('p1'), profile: useProfile('marco'), community: useCommunity('c1') }), {
      wrapper: Wrapper,
    });
    await waitFor(() => expect(result.current.feed.isSuccess && result.current.post.isSuccess && result.current.profile.isSuccess).toBe(true));
    expect(flattenPosts(result.current.feed.data?.pages).map((p) => p._id)).toEqual(['p1']);
    expect(result.current.community.data?.pages[0]?.community._id).toBe('c1');
    expect(backend.calls).toEqual(prefetched);
  });
});
