import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { flattenPosts, likeState, useCreatePost, useDeletePost, useSavePost, useToggleLike, useUpdatePost } from './posts.ts';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.tsx';
import { useMentionSuggestions, useTagPosts, useTagSuggestions, useTrendingTags } from './tags.ts';
import { author, deferred, json, makePost, makeWrapper, nina, scriptedBackend } from './test-utils.tsx';

const session = {
  'GET /api/auth/verify': () => json(200, { user: nina }),
  'GET /api/user/u1/communities-list': () => json(200, []),
  'GET /api/notifications/unread-count': () => json(200, { count: 0 }),
};

const preview = { comments: [{ _id: 'k1', text: 'Which scales?', author, createdAt: '2026-11-20T10:00:00.000Z' }], totalComments: 1 };

describe('a tag page', () => {
  it('asks for the normalized tag page by page, stops at totalPages, and seeds the cards’ comment previews', async () => {
    const backend = scriptedBackend({
      'GET /api/tags/e30/posts': ({ url }) => json(200, { posts: [{ ...makePost(`t${url.searchParams.get('page')}`), commentsPreview: preview }], totalPages: 2 }),
    });
    const { Wrapper, queryClient } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ page: useTagPosts('#E30') }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.page.isSuccess).toBe(true));
    expect(result.current.page.hasNextPage).toBe(true);
    await act(() => result.current.page.fetchNextPage());
    await waitFor(() => expect(flattenPosts(result.current.page.data?.pages).map((p) => p._id)).toEqual(['t1', 't2']));
    expect(result.current.page.hasNextPage).toBe(false);
    // The card's preview came with the page: the card asks for no comments.
    expect(queryClient.getQueryData(queryKeys.comments.preview('t1'))).toEqual(preview);
    expect(backend.calls).toEqual(['GET /api/tags/e30/posts?page=1', 'GET /api/tags/e30/posts?page=2']);
    // Asked for as '#E30', kept under the normalized tag.
    expect(queryClient.getQueryData(queryKeys.tags.posts('e30'))).toBeDefined();
  });

  it('asks nothing for no tag or one no text could hold', async () => {
    const backend = scriptedBackend({});
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => [useTagPosts(undefined), useTagPosts('e-30'), useTagPosts('')], { wrapper: Wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.map((q) => q.fetchStatus)).toEqual(['idle', 'idle', 'idle']);
    expect(backend.calls).toEqual([]);
  });

  it('keeps its cards in step with a like, a save and a deletion made anywhere, like the feed', async () => {
    const like = deferred<Response>();
    let deleted = false;
    const backend = scriptedBackend({
      ...session,
      // Read again after the deletion (the tags may have changed): by then without p2.
      'GET /api/tags/trackday/posts': () => json(200, { posts: [makePost('p1', ['u7'], deleted), ...(deleted ? [] : [makePost('p2')])], totalPages: 1 }),
      'PATCH /api/posts/p1/like': () => like.promise,
      'PUT /api/posts/p1/save': () => json(200, makePost('p1', ['u7', 'u1'], true)),
      'DELETE /api/posts/p2': () => {
        deleted = true;
        return json(200, { message: 'Post deleted.' });
      },
    });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(
      () => {
        const { user } = useSession();
        const page = useTagPosts('trackday');
        const posts = flattenPosts(page.data?.pages);
        const first = posts.find((p) => p._id === 'p1');
        return { user, ids: posts.map((p) => p._id), first: first && { ...likeState(first, user?.id), saved: first.saved }, like: useToggleLike(), save: useSavePost('p1'), remove: useDeletePost() };
      },
      { wrapper: Wrapper },
    );
    await waitFor(() => expect(result.current.user).not.toBeNull());
    await waitFor(() => expect(result.current.first).toEqual({ liked: false, count: 1, saved: false }));

    act(() => result.current.like.mutate({ postId: 'p1' }));
    await waitFor(() => expect(result.current.first).toEqual({ liked: true, count: 2, saved: false }));
    like.resolve(json(200, makePost('p1', ['u7', 'u1'])));
    await waitFor(() => expect(result.current.like.isSuccess).toBe(true));

    await act(() => result.current.save.mutateAsync({ saved: true }));
    await waitFor(() => expect(result.current.first).toEqual({ liked: true, count: 2, saved: true }));

    await act(() => result.current.remove.mutateAsync({ postId: 'p2' }));
    await waitFor(() => expect(result.current.ids).toEqual(['p1']));
  });
});

describe('trending tags', () => {
  it('are the tags with their counts', async () => {
    const tags = [
      { tag: 'trackday', postCount: 3 },
      { tag: 'e30', postCount: 2 },
    ];
    const backend = scriptedBackend({ 'GET /api/tags/trending': () => json(200, { tags }) });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => useTrendingTags(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.data).toEqual(tags));
  });
});

describe('post changes', () => {
  it('read the tag pages, the trending tags and the tag type-ahead again; not the mention type-ahead', async () => {
    let trending = [{ tag: 'e30', postCount: 1 }];
    const created = { ...makePost('p9'), content: '#e30 #s14' };
    const backend = scriptedBackend({
      'GET /api/tags/trending': () => json(200, { tags: trending }),
      'GET /api/tags/e30/posts': () => json(200, { posts: [makePost('p1')], totalPages: 1 }),
      'GET /api/tags': () => json(200, { tags: trending }),
      'GET /api/mentions': () => json(200, { users: [author] }),
      'POST /api/posts/create': () => {
        trending = [{ tag: 'e30', postCount: 2 }, { tag: 's14', postCount: 1 }];
        return json(201, created);
      },
      'PUT /api/posts/p9': () => json(200, created),
    });
    const { Wrapper, queryClient } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(
      () => ({ trending: useTrendingTags(), page: useTagPosts('e30'), tags: useTagSuggestions('e'), people: useMentionSuggestions('m'), create: useCreatePost(), update: useUpdatePost() }),
      { wrapper: Wrapper },
    );
    await waitFor(() => expect(result.current.trending.isSuccess && result.current.page.isSuccess && result.current.tags.isSuccess && result.current.people.isSuccess).toBe(true));
    const count = (call: string) => backend.calls.filter((c) => c.startsWith(call)).length;
    expect([count('GET /api/tags/trending'), count('GET /api/tags/e30/posts'), count('GET /api/tags?'), count('GET /api/mentions')]).toEqual([1, 1, 1, 1]);

    await act(() => result.current.create.mutateAsync({ body: { title: 'New', content: '#e30 #s14', images: [] } }));
    await waitFor(() => expect(result.current.trending.data).toEqual([{ tag: 'e30', postCount: 2 }, { tag: 's14', postCount: 1 }]));
    await waitFor(() => expect([count('GET /api/tags/trending'), count('GET /api/tags/e30/posts'), count('GET /api/tags?')]).toEqual([2, 2, 2]));
    expect(count('GET /api/mentions')).toBe(1);

    await act(() => result.current.update.mutateAsync({ postId: 'p9', body: { title: 'New', content: '#e30', existingImageUrls: [] } }));
    await waitFor(() => expect(count('GET /api/tags/trending')).toBe(3));
    expect(queryClient.getQueryState(queryKeys.tags.mentions('m'))?.isInvalidated).toBe(false);
  });
});

describe('type-ahead', () => {
  it('suggests tags for what follows the #, keeping the previous answer while the next is on its way', async () => {
    const answers: Record<string, ReturnType<typeof deferred<Response>>> = { t: deferred(), tr: deferred() };
    const backend = scriptedBackend({ 'GET /api/tags': ({ url }) => answers[url.searchParams.get('q') ?? '']!.promise });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result, rerender } = renderHook(({ q }) => useTagSuggestions(q), { wrapper: Wrapper, initialProps: { q: 'T' } });
    answers.t!.resolve(json(200, { tags: [{ tag: 'trackday', postCount: 3 }, { tag: 'touge', postCount: 1 }] }));
    await waitFor(() => expect(result.current.data?.map((t) => t.tag)).toEqual(['trackday', 'touge']));

    rerender({ q: 'tr' });
    await waitFor(() => expect(backend.calls).toContain('GET /api/tags?q=tr'));
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data?.map((t) => t.tag)).toEqual(['trackday', 'touge']);
    answers.tr!.resolve(json(200, { tags: [{ tag: 'trackday', postCount: 3 }] }));
    await waitFor(() => expect(result.current.data?.map((t) => t.tag)).toEqual(['trackday']));
    expect(result.current.isPlaceholderData).toBe(false);

    // Back to a query answered a moment ago: from the cache, no new call.
    rerender({ q: 't' });
    await waitFor(() => expect(result.current.data?.map((t) => t.tag)).toEqual(['trackday', 'touge']));
    expect(backend.calls).toEqual(['GET /api/tags?q=t', 'GET /api/tags?q=tr']);
  });

  it('suggests people for what follows the @, in lower case, and asks nothing while closed', async () => {
    const backend = scriptedBackend({ 'GET /api/mentions': ({ url }) => json(200, { users: url.searchParams.get('q') === 'ma' ? [author] : [] }) });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result, rerender } = renderHook(({ q, enabled }) => useMentionSuggestions(q, { enabled }), { wrapper: Wrapper, initialProps: { q: 'Ma', enabled: false } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.fetchStatus).toBe('idle');
    expect(backend.calls).toEqual([]);

    rerender({ q: 'Ma', enabled: true });
    await waitFor(() => expect(result.current.data).toEqual([author]));
    expect(backend.calls).toEqual(['GET /api/mentions?q=ma']);
  });
});
