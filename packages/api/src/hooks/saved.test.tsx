import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorMessage } from '../client/index.ts';
import { flattenPosts, useFeed, usePost, useSavedPosts, useSavePost } from './posts.ts';
import { queryKeys } from './query-keys.ts';
import { deferred, json, makePost, makeWrapper, nina, scriptedBackend } from './test-utils.tsx';

const session = {
  'GET /api/auth/verify': () => json(200, { user: nina }),
  'GET /api/user/u1/communities-list': () => json(200, []),
  'GET /api/notifications/unread-count': () => json(200, { count: 0 }),
};

describe('the Saved list', () => {
  it('asks for page 1, then the next, and stops at totalPages', async () => {
    const backend = scriptedBackend({
      'GET /api/posts/saved': ({ url }) => json(200, { posts: [makePost(`s${url.searchParams.get('page')}`, [], true)], totalPages: 2 }),
    });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => useSavedPosts(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(flattenPosts(result.current.data?.pages).map((p) => p._id)).toEqual(['s1', 's2']));
    expect(result.current.hasNextPage).toBe(false);
    expect(backend.calls).toEqual(['GET /api/posts/saved?page=1', 'GET /api/posts/saved?page=2']);
  });
});

describe('optimistic save', () => {
  function setup(routes: Parameters<typeof scriptedBackend>[0]) {
    const backend = scriptedBackend({
      ...session,
      'GET /api/posts/feed': () => json(200, { posts: [makePost('p1'), makePost('p2', [], true)], totalPages: 1 }),
      'GET /api/posts/p1': () => json(200, makePost('p1')),
      'GET /api/posts/saved': () => json(200, { posts: [makePost('p2', [], true)], totalPages: 1 }),
      ...routes,
    });
    const { Wrapper, queryClient } = makeWrapper(backend.fetch);
    const rendered = renderHook(
      () => {
        const feed = useFeed();
        const detail = usePost('p1');
        const saved = useSavedPosts();
        const save = useSavePost('p1');
        const unsave = useSavePost('p2');
        const feedSaved = (id: string) => flattenPosts(feed.data?.pages).find((p) => p._id === id)?.saved;
        return { save, unsave, feedSaved, detailSaved: detail.data?.saved, savedIds: flattenPosts(saved.data?.pages).map((p) => [p._id, p.saved]) };
      },
      { wrapper: Wrapper },
    );
    return { backend, queryClient, ...rendered };
  }

  it('shows the post saved at once on every card, then keeps the server’s answer', async () => {
    const server = deferred<Response>();
    const { result, backend } = setup({ 'PUT /api/posts/p1/save': () => server.promise });
    await waitFor(() => expect(result.current.detailSaved).toBe(false));
    await waitFor(() => expect(result.current.feedSaved('p1')).toBe(false));

    act(() => result.current.save.mutate({ saved: true }));
    await waitFor(() => expect(result.current.feedSaved('p1')).toBe(true));
    expect(result.current.detailSaved).toBe(true);
    expect(backend.calls).toContain('PUT /api/posts/p1/save');

    server.resolve(json(200, makePost('p1', [], true)));
    await waitFor(() => expect(result.current.save.isSuccess).toBe(true));
    expect(result.current.feedSaved('p1')).toBe(true);
    expect(result.current.detailSaved).toBe(true);
  });

  it('goes back when the call fails, with the server’s message for the button to show', async () => {
    const { result } = setup({ 'PUT /api/posts/p1/save': () => json(404, { message: 'Post not found.' }) });
    await waitFor(() => expect(result.current.feedSaved('p1')).toBe(false));
    await waitFor(() => expect(result.current.detailSaved).toBe(false));

    act(() => result.current.save.mutate({ saved: true }));
    await waitFor(() => expect(result.current.save.isError).toBe(true));
    expect(errorMessage(result.current.save.error, 'fallback')).toBe('Post not found.');
    expect(result.current.feedSaved('p1')).toBe(false);
    expect(result.current.detailSaved).toBe(false);
  });

  it('taking a post out of Saved keeps its card in the shown list (unsaved) until the list is read again', async () => {
    const { result, backend, queryClient } = setup({ 'DELETE /api/posts/p2/save': () => json(200, makePost('p2')) });
    await waitFor(() => expect(result.current.savedIds).toEqual([['p2', true]]));

    act(() => result.current.unsave.mutate({ saved: false }));
    await waitFor(() => expect(result.current.unsave.isSuccess).toBe(true));
    expect(result.current.savedIds).toEqual([['p2', false]]);
    expect(result.current.feedSaved('p2')).toBe(false);
    // Marked stale, not read again while it is on screen: the card does not vanish under the pointer.
    expect(queryClient.getQueryState(queryKeys.posts.saved())?.isInvalidated).toBe(true);
    expect(backend.calls.filter((call) => call.startsWith('GET /api/posts/saved'))).toHaveLength(1);
  });

  it('quick clicks reach the server one after another, in order, and the last one decides', async () => {
    const firstAnswer = deferred<Response>();
    const secondAnswer = deferred<Response>();
    const { result, backend, queryClient } = setup({
      'PUT /api/posts/p1/save': () => firstAnswer.promise,
      'DELETE /api/posts/p1/save': () => secondAnswer.promise,
    });
    await waitFor(() => expect(result.current.feedSaved('p1')).toBe(false));

    act(() => result.current.save.mutate({ saved: true }));
    act(() => result.current.save.mutate({ saved: false }));
    await waitFor(() => expect(backend.calls).toContain('PUT /api/posts/p1/save'));
    expect(result.current.feedSaved('p1')).toBe(false);
    // The removal waits for the save to be answered: it cannot overtake it on the way.
    expect(backend.calls).not.toContain('DELETE /api/posts/p1/save');

    // The save's answer does not redraw the card saved: the removal is still on its way.
    firstAnswer.resolve(json(200, makePost('p1', [], true)));
    await waitFor(() => expect(backend.calls).toContain('DELETE /api/posts/p1/save'));
    await waitFor(() => expect(queryClient.getMutationCache().getAll().map((m) => m.state.status)).toEqual(['success', 'pending']));
    expect(result.current.feedSaved('p1')).toBe(false);
    secondAnswer.resolve(json(200, makePost('p1')));
    await waitFor(() => expect(result.current.save.isSuccess).toBe(true));
    expect(result.current.feedSaved('p1')).toBe(false);
    const saves = backend.calls.filter((call) => call.endsWith('/p1/save'));
    expect(saves).toEqual(['PUT /api/posts/p1/save', 'DELETE /api/posts/p1/save']);
  });
});
