import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES, SUCCESS_MESSAGES, type ModerationAction, type ModerationCase } from '../contract/index.ts';
import { ApiError } from '../client/index.ts';
import {
  flattenActions,
  flattenCases,
  useCommunityReports,
  useDismissCase,
  useModerationLog,
  useRemoveContent,
  useReport,
  useSiteReports,
  useSuspendUser,
  useUnsuspendUser,
} from './moderation.ts';
import { queryKeys } from './query-keys.ts';
import { author, json, makePost, makeWrapper, scriptedBackend } from './test-utils.tsx';

const reporter = { _id: 'u3', username: 'lena', fullName: 'Lena Vogel', profilePictureUrl: '' };
const makeCase = (kind: ModerationCase['kind'], targetId: string, postId: string | null): ModerationCase => ({
  kind,
  targetId,
  author,
  authorSuspended: false,
  community: { _id: 'c1', name: 'BMW Classics' },
  title: kind === 'post' ? 'Post' : '',
  text: 'Spam spam',
  imageUrl: '',
  postId,
  reports: [{ reason: 'spam', details: '', reporter, createdAt: '2026-11-20T10:00:00.000Z' }],
  firstReportedAt: '2026-11-20T10:00:00.000Z',
});
const logLine = (id: string): ModerationAction => ({
  _id: id,
  action: 'dismissed',
  kind: 'post',
  targetId: 'p1',
  actor: reporter,
  subject: author,
  community: null,
  excerpt: 'Post p1',
  reason: '',
  reportCount: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/** A server with one community case per page (two pages), a site queue and a log, recording the bodies sent. */
function moderationBackend() {
  const bodies: Record<string, unknown> = {};
  const ok = (key: string, message: string) => ({ body }: { body: unknown }) => {
    bodies[key] = body;
    return json(key === 'report' ? 201 : 200, { message });
  };
  const backend = scriptedBackend({
    'GET /api/communities/c1/reports': ({ url }) =>
      json(200, url.searchParams.get('page') === '2' ? { cases: [makeCase('comment', 'k1', 'p1')], totalPages: 2 } : { cases: [makeCase('post', 'p1', 'p1')], totalPages: 2 }),
    'GET /api/moderation/reports': () => json(403, { message: REFUSAL_MESSAGES.operatorsOnly }),
    'GET /api/moderation/log': () => json(200, { actions: [logLine('a2'), logLine('a1')], totalPages: 1 }),
    'POST /api/reports': ok('report', SUCCESS_MESSAGES.reportSent),
    'POST /api/moderation/post/p1/dismiss': ok('dismiss', SUCCESS_MESSAGES.reportsDismissed),
    'POST /api/moderation/post/p1/remove': ok('removePost', SUCCESS_MESSAGES.contentRemoved),
    'POST /api/moderation/comment/k1/remove': ok('removeComment', SUCCESS_MESSAGES.contentRemoved),
    'PUT /api/moderation/suspensions/u2': ok('suspend', SUCCESS_MESSAGES.accountSuspended),
    'DELETE /api/moderation/suspensions/u2': ok('unsuspend', SUCCESS_MESSAGES.suspensionLifted),
  });
  return { ...backend, bodies };
}

const stale = (queryClient: ReturnType<typeof makeWrapper>['queryClient'], key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

describe('the queues and the log', () => {
  it('page through a community’s cases and flatten them in order', async () => {
    const backend = moderationBackend();
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => useCommunityReports('c1'), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(flattenCases(result.current.data?.pages).map((c) => c.targetId)).toEqual(['p1', 'k1']));
    expect(result.current.hasNextPage).toBe(false);
    expect(backend.calls).toEqual(['GET /api/communities/c1/reports?page=1', 'GET /api/communities/c1/reports?page=2']);
  });

  it('do not read when disabled, and a refusal is the query’s error', async () => {
    const backend = moderationBackend();
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ off: useCommunityReports('c1', { enabled: false }), site: useSiteReports(), log: useModerationLog() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.site.isError && result.current.log.isSuccess).toBe(true));
    expect(result.current.site.error).toBeInstanceOf(ApiError);
    expect((result.current.site.error as ApiError).status).toBe(403);
    expect(flattenActions(result.current.log.data?.pages).map((a) => a._id)).toEqual(['a2', 'a1']);
    expect(backend.calls).not.toContain('GET /api/communities/c1/reports?page=1');
  });
});

describe('reporting', () => {
  it('sends the report as typed and refreshes the queues', async () => {
    const backend = moderationBackend();
    const { Wrapper, queryClient } = makeWrapper(backend.fetch, { session: false });
    queryClient.setQueryData(queryKeys.moderation.communityQueue('c1'), { pages: [], pageParams: [] });
    const { result } = renderHook(() => useReport(), { wrapper: Wrapper });
    const reply = await act(() => result.current.mutateAsync({ kind: 'post', targetId: 'p1', reason: 'other', details: 'Not his photo' }));
    expect(reply).toEqual({ message: SUCCESS_MESSAGES.reportSent });
    expect(backend.bodies.report).toEqual({ kind: 'post', targetId: 'p1', reason: 'other', details: 'Not his photo' });
    expect(stale(queryClient, queryKeys.moderation.communityQueue('c1'))).toBe(true);
  });

  it('a second report is refused with the server’s message', async () => {
    const backend = moderationBackend();
    backend.routes['POST /api/reports'] = () => json(409, { message: REFUSAL_MESSAGES.alreadyReported });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => useReport(), { wrapper: Wrapper });
    await act(() => result.current.mutateAsync({ kind: 'user', targetId: 'u2', reason: 'spam' }).catch(() => undefined));
    await waitFor(() => expect(result.current.error?.message).toBe(REFUSAL_MESSAGES.alreadyReported));
  });
});

describe('the actions', () => {
  function seeded() {
    const backend = moderationBackend();
    const made = makeWrapper(backend.fetch, { session: false });
    const { queryClient } = made;
    const queue = { pages: [{ cases: [makeCase('post', 'p1', 'p1'), makeCase('comment', 'k1', 'p1')], totalPages: 1 }], pageParams: [1] };
    queryClient.setQueryData(queryKeys.moderation.communityQueue('c1'), queue);
    queryClient.setQueryData(queryKeys.moderation.siteQueue(), { pages: [], pageParams: [] });
    queryClient.setQueryData(queryKeys.moderation.log(), { pages: [], pageParams: [] });
    return { backend, ...made };
  }
  const moderationKeys = [queryKeys.moderation.communityQueue('c1'), queryKeys.moderation.siteQueue(), queryKeys.moderation.log()];

  it('dismiss sends the case and refreshes both queues and the log only', async () => {
    const { backend, Wrapper, queryClient } = seeded();
    queryClient.setQueryData(queryKeys.posts.feed(), { pages: [{ posts: [makePost('p1')], totalPages: 1 }], pageParams: [1] });
    const { result } = renderHook(() => useDismissCase(), { wrapper: Wrapper });
    const reply = await act(() => result.current.mutateAsync({ kind: 'post', targetId: 'p1' }));
    expect(reply.message).toBe(SUCCESS_MESSAGES.reportsDismissed);
    expect(backend.bodies.dismiss).toEqual({});
    for (const key of moderationKeys) expect(stale(queryClient, key), JSON.stringify(key)).toBe(true);
    expect(stale(queryClient, queryKeys.posts.feed())).toBe(false);
  });

  it('removing a post sends the reason, drops it from every list, and refreshes its author’s profile', async () => {
    const { backend, Wrapper, queryClient } = seeded();
    queryClient.setQueryData(queryKeys.posts.feed(), { pages: [{ posts: [makePost('p1'), makePost('p2')], totalPages: 1 }], pageParams: [1] });
    queryClient.setQueryData(queryKeys.posts.detail('p1'), makePost('p1'));
    queryClient.setQueryData(queryKeys.comments.list('p1'), { pages: [], pageParams: [] });
    queryClient.setQueryData(queryKeys.users.profile('marco'), { _id: 'u2' });
    queryClient.setQueryData(queryKeys.communities.page('c1'), { posts: [] });
    const { result } = renderHook(() => useRemoveContent(), { wrapper: Wrapper });
    await act(() => result.current.mutateAsync({ kind: 'post', targetId: 'p1', reason: 'Spam' }));
    expect(backend.bodies.removePost).toEqual({ reason: 'Spam' });
    const feed = queryClient.getQueryData<{ pages: { posts: { _id: string }[] }[] }>(queryKeys.posts.feed());
    expect(feed?.pages[0]?.posts.map((p) => p._id)).toEqual(['p2']);
    expect(queryClient.getQueryData(queryKeys.posts.detail('p1'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.comments.list('p1'))).toBeUndefined();
    for (const key of [...moderationKeys, queryKeys.users.profile('marco'), queryKeys.posts.feed(), queryKeys.communities.page('c1')]) {
      expect(stale(queryClient, key), JSON.stringify(key)).toBe(true);
    }
  });

  it('removing a comment refreshes its post’s comments, preview and count (the case names the post)', async () => {
    const { backend, Wrapper, queryClient } = seeded();
    const keys = [queryKeys.comments.list('p1'), queryKeys.comments.preview('p1'), queryKeys.posts.detail('p1')];
    for (const key of keys) queryClient.setQueryData(key, {});
    const untouched = [queryKeys.comments.list('p9'), queryKeys.posts.feed()];
    for (const key of untouched) queryClient.setQueryData(key, {});
    const { result } = renderHook(() => useRemoveContent(), { wrapper: Wrapper });
    await act(() => result.current.mutateAsync({ kind: 'comment', targetId: 'k1', reason: 'Rude' }));
    expect(backend.bodies.removeComment).toEqual({ reason: 'Rude' });
    for (const key of [...moderationKeys, ...keys]) expect(stale(queryClient, key), JSON.stringify(key)).toBe(true);
    for (const key of untouched) expect(stale(queryClient, key), JSON.stringify(key)).toBe(false);
  });

  it('suspending and lifting it refresh the person’s profile and every list their content can be in', async () => {
    const { backend, Wrapper, queryClient } = seeded();
    const keys = [
      queryKeys.users.profile('marco'),
      queryKeys.posts.feed(),
      queryKeys.posts.trending(),
      queryKeys.posts.byUser('u2'),
      queryKeys.posts.saved(),
      queryKeys.communities.page('c1'),
      queryKeys.cars.timeline('car1'),
      queryKeys.cars.garage('u2'),
      queryKeys.searchAll(),
      queryKeys.suggestions.all(),
      queryKeys.notifications.list(),
      queryKeys.comments.list('p1'),
      queryKeys.users.followers('u3'),
      ...moderationKeys,
    ];
    const untouched = [queryKeys.posts.byUser('u3'), queryKeys.cars.garage('u3')];
    const seed = () => {
      for (const key of [...keys, ...untouched]) queryClient.setQueryData(key, {});
    };
    seed();
    const { result } = renderHook(() => ({ suspend: useSuspendUser(), unsuspend: useUnsuspendUser() }), { wrapper: Wrapper });
    const reply = await act(() => result.current.suspend.mutateAsync({ userId: 'u2', reason: 'Spam account' }));
    expect(reply.message).toBe(SUCCESS_MESSAGES.accountSuspended);
    expect(backend.bodies.suspend).toEqual({ reason: 'Spam account' });
    for (const key of keys) expect(stale(queryClient, key), JSON.stringify(key)).toBe(true);
    for (const key of untouched) expect(stale(queryClient, key), JSON.stringify(key)).toBe(false);

    seed();
    await act(() => result.current.unsuspend.mutateAsync({ userId: 'u2' }));
    expect(backend.calls).toContain('DELETE /api/moderation/suspensions/u2');
    for (const key of keys) expect(stale(queryClient, key), JSON.stringify(key)).toBe(true);
  });
});
