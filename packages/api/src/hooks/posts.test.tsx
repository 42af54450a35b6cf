import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAddComment, useCommentsPreview } from './comments.ts';
import { flattenPosts, likeState, useFeed, usePost, useToggleLike, useTrending } from './posts.ts';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.tsx';
import { author, deferred, json, makePost, makeWrapper, nina, scriptedBackend } from './test-utils.tsx';

const session = {
  'GET /api/auth/verify': () => json(200, { user: nina }),
  'GET /api/user/u1/communities-list': () => json(200, []),
  'GET /api/notifications/unread-count': () => json(200, { count: 0 }),
};

describe('infinite post lists', () => {
  it('ask for page 1, then the next page, and stop at totalPages', async () => {
    const backend = scriptedBackend({
      'GET /api/posts/feed': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return json(200, { posts: [makePost(`p${page}`)], totalPages: 2 });
      },
    });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => useFeed(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(flattenPosts(result.current.data?.pages).map((p) => p._id)).toEqual(['p1', 'p2']));
    expect(result.current.hasNextPage).toBe(false);
    expect(backend.calls).toEqual(['GET /api/posts/feed?page=1', 'GET /api/posts/feed?page=2']);
  });

  it('an empty list has no next page', async () => {
    const backend = scriptedBackend({ 'GET /api/posts/trending': () => json(200, { posts: [], totalPages: 0 }) });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => useTrending(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(false);
  });
});

describe('optimistic like (spec §4)', () => {
  function setup(likeReply: () => Promise<Response>) {
    const backend = scriptedBackend({
      ...session,
      'GET /api/posts/feed': () => json(200, { posts: [makePost('p1', ['u7']), makePost('p2')], totalPages: 1 }),
      'GET /api/posts/p1': () => json(200, makePost('p1', ['u7'])),
      'PATCH /api/posts/p1/like': likeReply,
    });
    const { Wrapper } = makeWrapper(backend.fetch);
    const rendered = renderHook(
      () => {
        const { user } = useSession();
        const feed = useFeed();
        const detail = usePost('p1');
        const like = useToggleLike();
        const feedPost = flattenPosts(feed.data?.pages).find((p) => p._id === 'p1');
        return {
          user,
          like,
          feedState: feedPost ? likeState(feedPost, user?.id) : undefined,
          detailState: detail.data ? likeState(detail.data, user?.id) : undefined,
        };
      },
      { wrapper: Wrapper },
    );
    return { backend, ...rendered };
  }

  it('changes liked state and count at once everywhere, then takes the server likes', async () => {
    const server = deferred<Response>();
    const { result } = setup(() => server.promise);
    await waitFor(() => expect(result.current.user).not.toBeNull());
    await waitFor(() => expect(result.current.detailState).toEqual({ liked: false, count: 1 }));
    await waitFor(() => expect(result.current.feedState).toEqual({ liked: false, count: 1 }));

    act(() => result.current.like.mutate({ postId: 'p1' }));
    await waitFor(() => expect(result.current.feedState).toEqual({ liked: true, count: 2 }));
    expect(result.current.detailState).toEqual({ liked: true, count: 2 });

    // The server knows of one more like meanwhile: its array wins.
    server.resolve(json(200, makePost('p1', ['u7', 'u1', 'u9'])));
    await waitFor(() => expect(result.current.feedState).toEqual({ liked: true, count: 3 }));
    expect(result.current.detailState).toEqual({ liked: true, count: 3 });
  });

  it('rolls back when the call fails', async () => {
    const server = deferred<Response>();
    const { result } = setup(() => server.promise);
    await waitFor(() => expect(result.current.feedState).toEqual({ liked: false, count: 1 }));
    await waitFor(() => expect(result.current.detailState).toBeDefined());
    await waitFor(() => expect(result.current.user).not.toBeNull());

    act(() => result.current.like.mutate({ postId: 'p1' }));
    await waitFor(() => expect(result.current.feedState).toEqual({ liked: true, count: 2 }));

    server.resolve(json(500, { message: 'Database down' }));
    await waitFor(() => expect(result.current.like.isError).toBe(true));
    expect(result.current.feedState).toEqual({ liked: false, count: 1 });
    expect(result.current.detailState).toEqual({ liked: false, count: 1 });
  });
});

describe('comment previews from the list pages (issue 22)', () => {
  const comment = (id: string) => ({ _id: `c-${id}`, text: `On ${id}`, author, createdAt: '2026-11-21T10:00:00.000Z' });
  const preview = (id: string) => ({ comments: [comment(id)], totalComments: 3 });

  it("a feed page seeds each card's preview: its cards read no comments", async () => {
    const ids = ['p1', 'p2', 'p3'];
    const backend = scriptedBackend({
      'GET /api/posts/feed': () => json(200, { posts: ids.map((id) => ({ ...makePost(id), commentsPreview: preview(id) })), totalPages: 1 }),
    });
    const { Wrapper, queryClient } = makeWrapper(backend.fetch, { session: false });
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } });
    const { result } = renderHook(
      () => {
        const posts = flattenPosts(useFeed().data?.pages);
        return [useCommentsPreview(posts[0]?._id), useCommentsPreview(posts[1]?._id), useCommentsPreview(posts[2]?._id)];
      },
      { wrapper: Wrapper },
    );
    await waitFor(() => expect(result.current.map((q) => q.data)).toEqual(ids.map(preview)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(backend.calls).toEqual(['GET /api/posts/feed?page=1']);
  });

  it('a preview not seeded reads page 1 of the comments (and keeps it for the full list); a new comment reads it again', async () => {
    let comments = [comment('k2'), comment('k1'), comment('k0')];
    const backend = scriptedBackend({
      'GET /api/comments/p9': () => json(200, { comments, totalComments: comments.length, totalPages: 1 }),
      'POST /api/comments/p9': () => {
        comments = [comment('k3'), ...comments];
        return json(201, comments[0]);
      },
    });
    const { Wrapper, queryClient } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ preview: useCommentsPreview('p9'), add: useAddComment('p9') }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.preview.data).toEqual({ comments: [comment('k2'), comment('k1')], totalComments: 3 }));
    expect(queryClient.getQueryData(queryKeys.comments.list('p9'))).toEqual({ pages: [{ comments: [comment('k2'), comment('k1'), comment('k0')], totalComments: 3, totalPages: 1 }], pageParams: [1] });
    await act(() => result.current.add.mutateAsync({ text: 'On k3' }));
    await waitFor(() => expect(result.current.preview.data).toEqual({ comments: [comment('k3'), comment('k2')], totalComments: 4 }));
    expect(backend.calls).toEqual(['GET /api/comments/p9?page=1', 'POST /api/comments/p9', 'GET /api/comments/p9?page=1']);
  });
});
