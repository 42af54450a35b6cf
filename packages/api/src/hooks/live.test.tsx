// useLiveStream / useNewPosts in the session: jsdom has no EventSource, so a stand-in plays the
// browser's (open, message, error, close), and the events are the server's own JSON.
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_PATH, type LiveEvent } from '../contract/index.ts';
import { useNewPosts } from './live.ts';
import { useSession } from './session.tsx';
import { community, json, makeWrapper, nina, scriptedBackend } from './test-utils.tsx';

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((message: MessageEvent) => void) | null = null;
  constructor(url: string, init?: EventSourceInit) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  /** The server's stream delivering one event. */
  push(event: LiveEvent | string) {
    this.onmessage?.(new MessageEvent('message', { data: typeof event === 'string' ? event : JSON.stringify(event) }));
  }
}

const signedIn = {
  'GET /api/auth/verify': () => json(200, { user: nina }),
  'GET /api/user/u1/communities-list': () => json(200, [community]),
  'GET /api/notifications/unread-count': () => json(200, { count: 2 }),
  'GET /api/notifications': () => json(200, []),
};

function useLive() {
  return { session: useSession(), newPosts: useNewPosts(), queryClient: useQueryClient() };
}

describe('the live stream in the session', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens one stream with the cookie once signed in, and closes it on logout', async () => {
    const backend = scriptedBackend({ ...signedIn, 'POST /api/auth/logout': () => json(200, { message: 'ok' }) });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(useLive, { wrapper: Wrapper });
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [source] = FakeEventSource.opened;
    expect(source).toMatchObject({ url: LIVE_PATH, withCredentials: true, closed: false });
    await act(() => result.current.session.logout());
    await waitFor(() => expect(source!.closed).toBe(true));
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('opens no stream for a visitor', async () => {
    const backend = scriptedBackend({ ...signedIn, 'GET /api/auth/verify': () => json(401, { message: 'Not signed in.' }) });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(useLive, { wrapper: Wrapper });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('an unread event sets the badge at once, and a higher count reloads the notification list', async () => {
    const backend = scriptedBackend(signedIn);
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(useLive, { wrapper: Wrapper });
    await waitFor(() => expect(result.current.session.unreadCount).toBe(2));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    act(() => source.onopen?.());
    // The list is on screen (the Notifications page): it is refetched when the count grows.
    await act(() => result.current.queryClient.prefetchQuery({ queryKey: ['notifications', 'list'], queryFn: () => [] }));
    result.current.queryClient.getQueryCache().find({ queryKey: ['notifications', 'list'] })?.setState({ isInvalidated: false });

    source.push({ type: 'unread', count: 3 });
    await waitFor(() => expect(result.current.session.unreadCount).toBe(3));
    expect(result.current.queryClient.getQueryState(['notifications', 'list'])?.isInvalidated).toBe(true);

    result.current.queryClient.getQueryCache().find({ queryKey: ['notifications', 'list'] })?.setState({ isInvalidated: false });
    source.push({ type: 'unread', count: 0 }); // read on another device: nothing new to load
    await waitFor(() => expect(result.current.session.unreadCount).toBe(0));
    expect(result.current.queryClient.getQueryState(['notifications', 'list'])?.isInvalidated).toBe(false);
  });

  it('post events count each new post once; show() empties the count and loads the feed from its first page', async () => {
    const backend = scriptedBackend(signedIn);
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(useLive, { wrapper: Wrapper });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    source.push({ type: 'post', postId: 'p9', authorId: 'u2' });
    source.push({ type: 'post', postId: 'p10', authorId: 'u2' });
    source.push({ type: 'post', postId: 'p9', authorId: 'u2' });
    await waitFor(() => expect(result.current.newPosts.count).toBe(2));
    // Garbage from a proxy or a newer server is ignored; a third post shows it was heard after them.
    source.push('not json');
    source.push(JSON.stringify({ type: 'meet', id: 'm1' }));
    source.push({ type: 'post', postId: 'p11', authorId: 'u2' });
    await waitFor(() => expect(result.current.newPosts.count).toBe(3));

    const reset = vi.spyOn(result.current.queryClient, 'resetQueries');
    await act(() => result.current.newPosts.show());
    await waitFor(() => expect(result.current.newPosts.count).toBe(0));
    expect(reset).toHaveBeenCalledWith({ queryKey: ['posts', 'feed'] });
  });

  it('does not count an announced post the loaded feed already shows', async () => {
    const backend = scriptedBackend(signedIn);
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => ({ newPosts: useNewPosts(new Set(['p9'])), session: useSession() }), { wrapper: Wrapper });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.opened[0]!.push({ type: 'post', postId: 'p9', authorId: 'u2' });
    FakeEventSource.opened[0]!.push({ type: 'post', postId: 'p10', authorId: 'u2' });
    await waitFor(() => expect(result.current.newPosts.count).toBe(1));
  });
});
