import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from './session.tsx';
import { community, deferred, json, makeWrapper, nina, scriptedBackend } from './test-utils.tsx';

const signedInRoutes = {
  'GET /api/auth/verify': () => json(200, { user: nina }),
  'GET /api/user/u1/communities-list': () => json(200, [community]),
  'GET /api/notifications/unread-count': () => json(200, { count: 12 }),
};

describe('useSession', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is loading while verify runs, then signed in with communities and the unread count', async () => {
    const verify = deferred<Response>();
    const backend = scriptedBackend({ ...signedInRoutes, 'GET /api/auth/verify': () => verify.promise });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => useSession(), { wrapper: Wrapper });

    expect(result.current.status).toBe('loading');
    expect(result.current.isAuthenticated).toBe(false);

    verify.resolve(json(200, { user: nina }));
    await waitFor(() => expect(result.current.status).toBe('signedIn'));
    expect(result.current.user?.username).toBe('nina');
    expect(result.current.isAuthenticated).toBe(true);
    await waitFor(() => expect(result.current.unreadCount).toBe(12));
    await waitFor(() => expect(result.current.userCommunities).toEqual([{ _id: 'c1', name: 'BMW Classics' }]));
  });

  it('is signed out when verify fails, and loads nothing else', async () => {
    const backend = scriptedBackend({ ...signedInRoutes, 'GET /api/auth/verify': () => json(401, { message: 'Not signed in.' }) });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => useSession(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    expect(result.current.user).toBeNull();
    expect(backend.calls).toEqual(['GET /api/auth/verify']);
  });

  it('login stores the user, then loads communities and the unread count; login(null) clears them', async () => {
    const backend = scriptedBackend({ ...signedInRoutes, 'GET /api/auth/verify': () => json(401, {}) });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => useSession(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.status).toBe('signedOut'));

    act(() => result.current.login(nina));
    await waitFor(() => expect(result.current.status).toBe('signedIn'));
    expect(result.current.user).toEqual(nina);
    await waitFor(() => expect(result.current.unreadCount).toBe(12));
    await waitFor(() => expect(result.current.userCommunities).toHaveLength(1));
    expect(backend.calls).toContain('GET /api/user/u1/communities-list');

    act(() => result.current.login(null));
    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    expect(result.current.userCommunities).toEqual([]);
    expect(result.current.unreadCount).toBe(0);
  });

  it('logout clears the user, communities, count and cached data even when the call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = scriptedBackend({
      ...signedInRoutes,
      'POST /api/auth/logout': () => json(500, { message: 'Database down' }),
      'GET /api/posts/feed': () => json(200, { posts: [], totalPages: 0 }),
    });
    const { Wrapper, queryClient } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => ({ session: useSession() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.session.unreadCount).toBe(12));
    queryClient.setQueryData(['posts', 'feed'], { pages: [{ posts: [], totalPages: 0 }], pageParams: [1] });

    await act(() => result.current.session.logout());
    expect(backend.calls).toContain('POST /api/auth/logout');
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    expect(result.current.session.user).toBeNull();
    expect(result.current.session.unreadCount).toBe(0);
    expect(result.current.session.userCommunities).toEqual([]);
    expect(queryClient.getQueryData(['posts', 'feed'])).toBeUndefined();
  });

  it('markAsRead zeroes the count at once and sends the call without waiting for it', async () => {
    const markCall = deferred<Response>();
    const backend = scriptedBackend({ ...signedInRoutes, 'PATCH /api/notifications/mark-as-read': () => markCall.promise });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => useSession(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.unreadCount).toBe(12));

    let returned: unknown = 'not called';
    act(() => {
      returned = result.current.markAsRead();
    });
    expect(returned).toBeUndefined();
    // The server has not answered yet (and never does in this test before the count drops).
    await waitFor(() => expect(result.current.unreadCount).toBe(0));
    expect(backend.calls).toContain('PATCH /api/notifications/mark-as-read');
    markCall.resolve(json(200, { message: 'ok' }));
  });

  it('a 401 reply through the client raises the event and ends the session', async () => {
    const backend = scriptedBackend({ ...signedInRoutes, 'GET /api/posts/feed': () => json(401, { message: 'Session expired.' }) });
    const { Wrapper, client } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => useSession(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.status).toBe('signedIn'));
    await expect(client.call('posts.feed')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    expect(result.current.user).toBeNull();
  });

  it('an unread-count or communities failure leaves 0 and an empty list, logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = scriptedBackend({
      'GET /api/auth/verify': () => json(200, { user: nina }),
      'GET /api/user/u1/communities-list': () => json(500, {}),
      'GET /api/notifications/unread-count': () => json(500, {}),
    });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => useSession(), { wrapper: Wrapper });
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(2));
    expect(result.current.status).toBe('signedIn');
    expect(result.current.unreadCount).toBe(0);
    expect(result.current.userCommunities).toEqual([]);
  });
});
