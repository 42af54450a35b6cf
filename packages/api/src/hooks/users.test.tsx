import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSuggestions } from './discovery.ts';
import { useJoinCommunity } from './communities.ts';
import { useSession } from './session.tsx';
import { useToggleFollow } from './users.ts';
import { useUpcomingMeets } from './meets.ts';
import { author, community, json, makeWrapper, nina, scriptedBackend } from './test-utils.tsx';

const suggested = { ...author, followsYou: true };

describe('follow and membership replace the current user', () => {
  it('follow: the server current user replaces ours, the user leaves the suggestions, and suggestions reload', async () => {
    let suggestionCalls = 0;
    const followed = { ...nina, following: ['u2'] };
    const backend = scriptedBackend({
      'GET /api/auth/verify': () => json(200, { user: nina }),
      'GET /api/user/u1/communities-list': () => json(200, []),
      'GET /api/notifications/unread-count': () => json(200, { count: 0 }),
      'GET /api/suggestions': () => {
        suggestionCalls += 1;
        return json(200, { users: suggestionCalls === 1 ? [suggested] : [], communities: [] });
      },
      'PATCH /api/user/u2/follow': () => json(200, { userToFollow: { ...author, followers: ['u1'], following: [] }, currentUser: followed }),
    });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => ({ session: useSession(), suggestions: useSuggestions(), follow: useToggleFollow() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.suggestions.data?.users).toEqual([suggested]));

    await act(() => result.current.follow.mutateAsync({ userId: 'u2' }));
    await waitFor(() => expect(result.current.session.user?.following).toEqual(['u2']));
    await waitFor(() => expect(suggestionCalls).toBe(2));
    await waitFor(() => expect(result.current.suggestions.data?.users).toEqual([]));
  });

  it('join: the returned user replaces ours and their communities reload', async () => {
    const other = { ...community, _id: 'c2', name: 'JDM Legends' };
    let joined = false;
    const backend = scriptedBackend({
      'GET /api/auth/verify': () => json(200, { user: nina }),
      'GET /api/user/u1/communities-list': () => json(200, joined ? [community, other] : [community]),
      'GET /api/notifications/unread-count': () => json(200, { count: 0 }),
      'PATCH /api/communities/c2/join': () => {
        joined = true;
        return json(200, { user: { ...nina, communities: ['c1', 'c2'] } });
      },
    });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => ({ session: useSession(), join: useJoinCommunity() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.session.userCommunities).toHaveLength(1));

    await act(() => result.current.join.mutateAsync({ communityId: 'c2' }));
    await waitFor(() => expect(result.current.session.user?.communities).toEqual(['c1', 'c2']));
    await waitFor(() => expect(result.current.session.userCommunities.map((c) => c.name)).toEqual(['BMW Classics', 'JDM Legends']));
  });

  it('following someone or joining a community reads the Events page again (it lists their meets)', async () => {
    let eventsReads = 0;
    const backend = scriptedBackend({
      'GET /api/auth/verify': () => json(200, { user: nina }),
      'GET /api/user/u1/communities-list': () => json(200, []),
      'GET /api/notifications/unread-count': () => json(200, { count: 0 }),
      'GET /api/meets': () => {
        eventsReads += 1;
        return json(200, { meets: [], totalPages: 0 });
      },
      'PATCH /api/user/u2/follow': () => json(200, { userToFollow: { ...author, followers: ['u1'], following: [] }, currentUser: { ...nina, following: ['u2'] } }),
      'PATCH /api/communities/c2/join': () => json(200, { user: { ...nina, following: ['u2'], communities: ['c1', 'c2'] } }),
    });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => ({ events: useUpcomingMeets(), follow: useToggleFollow(), join: useJoinCommunity() }), { wrapper: Wrapper });
    await waitFor(() => expect(eventsReads).toBe(1));

    await act(() => result.current.follow.mutateAsync({ userId: 'u2' }));
    await waitFor(() => expect(eventsReads).toBe(2));
    await act(() => result.current.join.mutateAsync({ communityId: 'c2' }));
    await waitFor(() => expect(eventsReads).toBe(3));
  });
});
