import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { flattenComments, totalComments, useAddComment, useComments } from './comments.ts';
import { useClearNotifications, useNotifications } from './notifications.ts';
import { flattenPosts, useDeletePost, useFeed, usePost } from './posts.ts';
import { useLogin, useLogout } from './auth.ts';
import { useSession } from './session.tsx';
import { author, json, makePost, makeWrapper, nina, scriptedBackend } from './test-utils.tsx';

const comment = (id: string) => ({ _id: id, text: `Comment ${id}`, author, createdAt: '2026-11-20T10:00:00.000Z' });

describe('posts and comments mutations', () => {
  it('deleting a post drops it from every list and its detail', async () => {
    const backend = scriptedBackend({
      'GET /api/posts/feed': () => json(200, { posts: [makePost('p1'), makePost('p2')], totalPages: 1 }),
      'GET /api/posts/p1': () => json(200, makePost('p1')),
      'DELETE /api/posts/p1': () => json(200, { message: 'Post deleted.' }),
    });
    const { Wrapper, queryClient } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ feed: useFeed(), remove: useDeletePost() }), { wrapper: Wrapper });
    const detail = renderHook(() => usePost('p1'), { wrapper: Wrapper });
    await waitFor(() => expect(detail.result.current.isSuccess).toBe(true));
    detail.unmount();
    await waitFor(() => expect(flattenPosts(result.current.feed.data?.pages)).toHaveLength(2));

    await act(() => result.current.remove.mutateAsync({ postId: 'p1' }));
    await waitFor(() => expect(flattenPosts(result.current.feed.data?.pages).map((p) => p._id)).toEqual(['p2']));
    expect(queryClient.getQueryData(['posts', 'detail', 'p1'])).toBeUndefined();
  });

  it('comments page until totalPages, and a new comment reloads them', async () => {
    let comments = [comment('k3'), comment('k2'), comment('k1')];
    const backend = scriptedBackend({
      'GET /api/comments/p1': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        const size = 2;
        return json(200, { comments: comments.slice((page - 1) * size, page * size), totalComments: comments.length, totalPages: Math.ceil(comments.length / size) });
      },
      'POST /api/comments/p1': ({ body }) => {
        const created = { ...comment('k4'), text: (body as { text: string }).text };
        comments = [created, ...comments];
        return json(201, created);
      },
    });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ list: useComments('p1'), add: useAddComment('p1') }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    expect(totalComments(result.current.list.data?.pages)).toBe(3);
    await act(() => result.current.list.fetchNextPage());
    await waitFor(() => expect(result.current.list.hasNextPage).toBe(false));
    expect(flattenComments(result.current.list.data?.pages).map((c) => c._id)).toEqual(['k3', 'k2', 'k1']);

    await act(() => result.current.add.mutateAsync({ text: 'Love the livery' }));
    await waitFor(() => expect(totalComments(result.current.list.data?.pages)).toBe(4));
    expect(flattenComments(result.current.list.data?.pages)[0]?.text).toBe('Love the livery');
  });
});

describe('auth and notifications', () => {
  it('login stores the returned user in the session; logout clears it', async () => {
    const backend = scriptedBackend({
      'GET /api/auth/verify': () => json(401, { message: 'Not signed in.' }),
      'POST /api/auth/login': () => json(200, { user: nina }),
      'POST /api/auth/logout': () => json(200, { message: 'Logged out.' }),
      'GET /api/user/u1/communities-list': () => json(200, []),
      'GET /api/notifications/unread-count': () => json(200, { count: 2 }),
    });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => ({ session: useSession(), login: useLogin(), logout: useLogout() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));

    await act(() => result.current.login.mutateAsync({ email: 'nina@pitlane.test', password: 'Apex@2024' }));
    await waitFor(() => expect(result.current.session.user?.id).toBe('u1'));
    await waitFor(() => expect(result.current.session.unreadCount).toBe(2));

    await act(() => result.current.logout.mutateAsync());
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    expect(result.current.session.unreadCount).toBe(0);
  });

  it('a failed login leaves the session signed out and carries the server message', async () => {
    const backend = scriptedBackend({
      'GET /api/auth/verify': () => json(401, {}),
      'POST /api/auth/login': () => json(401, { message: 'Invalid email or password.' }),
    });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => ({ session: useSession(), login: useLogin() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    await act(() => result.current.login.mutateAsync({ email: 'nina@pitlane.test', password: 'nope' }).catch(() => undefined));
    await waitFor(() => expect(result.current.login.error).toMatchObject({ status: 401, serverMessage: 'Invalid email or password.' }));
    expect(result.current.session.status).toBe('signedOut');
  });

  it('Clear All empties the list and the unread count', async () => {
    const notification = { _id: 'n1', type: 'follow', read: false, createdAt: '2026-11-20T10:00:00.000Z', sender: { username: 'marco', fullName: 'Marco Bianchi', profilePictureUrl: '' } };
    const clear = vi.fn(() => json(200, { message: 'Notifications deleted.' }));
    const backend = scriptedBackend({
      'GET /api/auth/verify': () => json(200, { user: nina }),
      'GET /api/user/u1/communities-list': () => json(200, []),
      'GET /api/notifications/unread-count': () => json(200, { count: 1 }),
      'GET /api/notifications': () => json(200, [notification]),
      'DELETE /api/notifications/all': clear,
    });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => ({ session: useSession(), list: useNotifications(), clear: useClearNotifications() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.list.data).toHaveLength(1));
    await waitFor(() => expect(result.current.session.unreadCount).toBe(1));

    await act(() => result.current.clear.mutateAsync());
    expect(clear).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.list.data).toEqual([]));
    expect(result.current.session.unreadCount).toBe(0);
  });
});
