import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HiddenUser, ProfileUser } from '../contract/index.ts';
import { flattenPosts, useFeed } from './posts.ts';
import { useProfile } from './users.ts';
import { useBlockedUsers, useBlockUser, useMutedUsers, useMuteUser, useUnblockUser, useUnmuteUser } from './safety.ts';
import { useSession } from './session.tsx';
import { queryKeys } from './query-keys.ts';
import { author, json, makePost, makeWrapper, nina, scriptedBackend } from './test-utils.tsx';

// Nina follows Marco (u2) and Marco follows her; the feed shows his post until he is hidden.
const following = { ...nina, followers: ['u2'], following: ['u2'] };
const marcoProfile: ProfileUser = { ...author, followers: ['u1'], following: ['u1'], communities: [], postCount: 1, blocked: false, muted: false };
const hidden = (id: string, username: string, since: string): HiddenUser => ({ _id: id, username, fullName: username, profilePictureUrl: '', since });
const older = hidden('u3', 'lena', '2026-11-01T10:00:00.000Z');
const marcoHidden = { ...author, since: '2026-11-22T09:00:00.000Z' };

/** A server where Marco can be blocked and muted, counting the reads the changes cause. */
function safetyBackend(initial: { blocked?: HiddenUser[]; muted?: HiddenUser[] } = {}) {
  const world = { blocked: initial.blocked ?? [older], muted: initial.muted ?? [older], follows: true };
  const reads = { feed: 0, blocked: 0, muted: 0, comments: 0, notifications: 0 };
  const has = (list: HiddenUser[]) => list.some((u) => u._id === 'u2');
  const answer = () => ({
    userId: 'u2',
    blocked: has(world.blocked),
    muted: has(world.muted),
    currentUser: world.follows ? following : nina,
  });
  const backend = scriptedBackend({
    'GET /api/auth/verify': () => json(200, { user: following }),
    'GET /api/user/u1/communities-list': () => json(200, []),
    'GET /api/notifications/unread-count': () => {
      reads.notifications += 1;
      return json(200, { count: 0 });
    },
    'GET /api/user/marco': () => json(200, { ...marcoProfile, blocked: has(world.blocked), muted: has(world.muted) }),
    'GET /api/posts/feed': () => {
      reads.feed += 1;
      return json(200, { posts: has(world.blocked) || has(world.muted) ? [] : [makePost('p1')], totalPages: 1 });
    },
    'GET /api/comments/p1': () => {
      reads.comments += 1;
      return json(200, { comments: [], totalComments: 0, totalPages: 0 });
    },
    'GET /api/blocks': () => {
      reads.blocked += 1;
      return json(200, world.blocked);
    },
    'GET /api/mutes': () => {
      reads.muted += 1;
      return json(200, world.muted);
    },
    'PUT /api/blocks/u2': () => {
      if (!has(world.blocked)) world.blocked = [marcoHidden, ...world.blocked];
      world.follows = false;
      return json(200, answer());
    },
    'DELETE /api/blocks/u2': () => {
      world.blocked = world.blocked.filter((u) => u._id !== 'u2');
      return json(200, answer());
    },
    'PUT /api/mutes/u2': () => {
      if (!has(world.muted)) world.muted = [marcoHidden, ...world.muted];
      return json(200, answer());
    },
    'DELETE /api/mutes/u2': () => {
      world.muted = world.muted.filter((u) => u._id !== 'u2');
      return json(200, answer());
    },
  });
  return { ...backend, world, reads };
}

describe('the Blocked and Muted lists', () => {
  it('read the viewer’s lists as the server sends them, newest first', async () => {
    const backend = safetyBackend({ blocked: [marcoHidden, older], muted: [] });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ blocked: useBlockedUsers(), muted: useMutedUsers() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.blocked.isSuccess && result.current.muted.isSuccess).toBe(true));
    expect(result.current.blocked.data?.map((u) => u.username)).toEqual(['marco', 'lena']);
    expect(result.current.muted.data).toEqual([]);
    expect(backend.calls).toEqual(['GET /api/blocks', 'GET /api/mutes']);
  });
});

describe('blocking', () => {
  it('takes the server’s session user (the follows ended), flags the profile, and reads the Blocked list and the feed again', async () => {
    const backend = safetyBackend();
    const { Wrapper, queryClient } = makeWrapper(backend.fetch);
    const { result } = renderHook(
      () => ({ session: useSession(), profile: useProfile('marco'), feed: useFeed(), blocked: useBlockedUsers(), block: useBlockUser() }),
      { wrapper: Wrapper },
    );
    await waitFor(() => expect(result.current.session.user?.following).toEqual(['u2']));
    await waitFor(() => expect(result.current.profile.isSuccess && result.current.feed.isSuccess && result.current.blocked.isSuccess).toBe(true));
    // Nina's own profile shows her follow counts, which the block changes.
    queryClient.setQueryData<ProfileUser>(queryKeys.users.profile('nina'), { ...marcoProfile, _id: 'u1', username: 'nina' });

    await act(() => result.current.block.mutateAsync({ userId: 'u2' }));
    await waitFor(() => expect(result.current.session.user?.following).toEqual([]));
    expect(result.current.session.user?.followers).toEqual([]);
    expect(queryClient.getQueryData<ProfileUser>(queryKeys.users.profile('nina'))?.following).toEqual([]);
    await waitFor(() => expect(result.current.profile.data?.blocked).toBe(true));
    await waitFor(() => expect(result.current.blocked.data?.map((u) => u.username)).toEqual(['marco', 'lena']));
    await waitFor(() => expect(flattenPosts(result.current.feed.data?.pages)).toEqual([]));
    expect(backend.reads.blocked).toBe(2);
  });

  it('invalidates every list a hidden person can be in, and that person’s pages', async () => {
    const backend = safetyBackend();
    const { Wrapper, queryClient } = makeWrapper(backend.fetch, { session: false });
    const keys = [
      queryKeys.posts.feed(),
      queryKeys.posts.trending(),
      queryKeys.posts.related('p9'),
      queryKeys.posts.saved(),
      queryKeys.posts.byUser('u2'),
      queryKeys.posts.byModel('Porsche', '911'),
      queryKeys.communities.page('c1'),
      queryKeys.cars.timeline('car1'),
      queryKeys.cars.garage('u2'),
      queryKeys.cars.model('Porsche', '911'),
      queryKeys.search('marco'),
      queryKeys.suggestions.all(),
      queryKeys.notifications.list(),
      queryKeys.notifications.unreadCount(),
      queryKeys.comments.list('p1'),
      queryKeys.users.followers('u3'),
      queryKeys.users.following('u3'),
      queryKeys.users.communitiesList('u2'),
    ];
    for (const key of keys) queryClient.setQueryData(key, {});
    // Lists the block does not change stay fresh.
    const untouched = [queryKeys.posts.byUser('u3'), queryKeys.cars.garage('u3'), queryKeys.communities.members('c1')];
    for (const key of untouched) queryClient.setQueryData(key, {});
    const { result } = renderHook(() => useBlockUser(), { wrapper: Wrapper });

    await act(() => result.current.mutateAsync({ userId: 'u2' }));
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    for (const key of keys) expect(stale(key), JSON.stringify(key)).toBe(true);
    for (const key of untouched) expect(stale(key), JSON.stringify(key)).toBe(false);
  });

  it('unblocking takes the person out of the Blocked list at once and reads the profile again', async () => {
    const backend = safetyBackend({ blocked: [marcoHidden, older] });
    backend.world.follows = false;
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ profile: useProfile('marco'), blocked: useBlockedUsers(), unblock: useUnblockUser() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.profile.data?.blocked).toBe(true));
    await waitFor(() => expect(result.current.blocked.data).toHaveLength(2));

    await act(() => result.current.unblock.mutateAsync({ userId: 'u2' }));
    await waitFor(() => expect(result.current.blocked.data?.map((u) => u.username)).toEqual(['lena']));
    // The profile is read again (its counts and lists come back), not just re-flagged.
    await waitFor(() => expect(result.current.profile.data?.blocked).toBe(false));
    // The list is not read again for an undo: the answer says all there is.
    expect(backend.reads.blocked).toBe(1);
  });
});

describe('muting', () => {
  it('flags the profile, reads the Muted list, the feed and the unread count again, and leaves the follows alone', async () => {
    const backend = safetyBackend();
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => ({ session: useSession(), profile: useProfile('marco'), feed: useFeed(), muted: useMutedUsers(), mute: useMuteUser() }), {
      wrapper: Wrapper,
    });
    await waitFor(() => expect(result.current.session.user?.following).toEqual(['u2']));
    await waitFor(() => expect(result.current.profile.isSuccess && result.current.feed.isSuccess && result.current.muted.isSuccess).toBe(true));
    const notificationReads = backend.reads.notifications;

    await act(() => result.current.mute.mutateAsync({ userId: 'u2' }));
    expect(result.current.session.user?.following).toEqual(['u2']);
    await waitFor(() => expect(result.current.profile.data).toMatchObject({ muted: true, blocked: false }));
    await waitFor(() => expect(result.current.muted.data?.map((u) => u.username)).toEqual(['marco', 'lena']));
    await waitFor(() => expect(flattenPosts(result.current.feed.data?.pages)).toEqual([]));
    // The unread count is read again (a muted person's notifications leave it).
    await waitFor(() => expect(backend.reads.notifications).toBeGreaterThan(notificationReads));
  });

  it('unmuting takes the person out of the Muted list at once and brings their posts back', async () => {
    const backend = safetyBackend({ muted: [marcoHidden, older] });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ profile: useProfile('marco'), feed: useFeed(), muted: useMutedUsers(), unmute: useUnmuteUser() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.profile.data?.muted).toBe(true));
    await waitFor(() => expect(result.current.muted.data).toHaveLength(2));
    expect(flattenPosts(result.current.feed.data?.pages)).toEqual([]);

    await act(() => result.current.unmute.mutateAsync({ userId: 'u2' }));
    await waitFor(() => expect(result.current.muted.data?.map((u) => u.username)).toEqual(['lena']));
    expect(result.current.profile.data?.muted).toBe(false);
    await waitFor(() => expect(flattenPosts(result.current.feed.data?.pages).map((p) => p._id)).toEqual(['p1']));
    expect(backend.reads.muted).toBe(1);
  });
});
