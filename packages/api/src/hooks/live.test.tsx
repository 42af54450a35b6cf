// useLiveUpdates / useNewPosts in the session: jsdom has no EventSource, so a stand-in plays the
// browser's (open, message, error, close), and the events are the server's own JSON.
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_PATH, type LiveEvent } from '../contract/index.ts';
import { LIVE_REOPEN_MAX_MS, LIVE_REOPEN_MS, useLiveUpdates, useNewPosts } from './live.ts';
import { useSession } from './session.tsx';
import { community, json, makeWrapper, nina, scriptedBackend } from './test-utils.tsx';

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
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
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The browser losing the stream: it retries by itself (CONNECTING) or gives up (CLOSED). */
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.();
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

/** A signed-in page's view: the session, the live updates the dashboard's shell keeps, the feed's pill. */
function useLive() {
  useLiveUpdates();
  return { session: useSession(), newPosts: useNewPosts(), queryClient: useQueryClient() };
}

describe('the live stream in the session', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

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

  it('the session alone opens no stream: the signed-in pages do (useLiveUpdates, the dashboard shell)', async () => {
    const backend = scriptedBackend(signedIn);
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(useSession, { wrapper: Wrapper });
    await waitFor(() => expect(result.current.unreadCount).toBe(2));
    expect(FakeEventSource.opened).toEqual([]);
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
    const { result } = renderHook(
      () => {
        useLiveUpdates();
        return { newPosts: useNewPosts(new Set(['p9'])), session: useSession() };
      },
      { wrapper: Wrapper },
    );
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.opened[0]!.push({ type: 'post', postId: 'p9', authorId: 'u2' });
    FakeEventSource.opened[0]!.push({ type: 'post', postId: 'p10', authorId: 'u2' });
    await waitFor(() => expect(result.current.newPosts.count).toBe(1));
  });

  it('opens a new stream after a growing pause when the browser gave up, and not while it retries itself', async () => {
    const backend = scriptedBackend(signedIn);
    const { Wrapper } = makeWrapper(backend.fetch);
    renderHook(useLive, { wrapper: Wrapper });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    vi.useFakeTimers();

    // A lost connection: the browser reconnects by itself after the server's `retry:`.
    act(() => FakeEventSource.opened[0]!.fail(FakeEventSource.CONNECTING));
    act(() => vi.advanceTimersByTime(LIVE_REOPEN_MAX_MS * 2));
    expect(FakeEventSource.opened).toHaveLength(1);

    // A proxy's 502 while the server restarts: the browser gives up, the hook does not.
    act(() => FakeEventSource.opened[0]!.fail(FakeEventSource.CLOSED));
    act(() => vi.advanceTimersByTime(LIVE_REOPEN_MS - 1));
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]).toMatchObject({ url: LIVE_PATH, withCredentials: true, closed: false });

    // Refused again: twice the pause. Once a stream opens, the pause starts over.
    act(() => FakeEventSource.opened[1]!.fail(FakeEventSource.CLOSED));
    act(() => vi.advanceTimersByTime(LIVE_REOPEN_MS * 2 - 1));
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toHaveLength(3);
    act(() => FakeEventSource.opened[2]!.onopen?.());
    act(() => FakeEventSource.opened[2]!.fail(FakeEventSource.CLOSED));
    act(() => vi.advanceTimersByTime(LIVE_REOPEN_MS));
    expect(FakeEventSource.opened).toHaveLength(4);
  });

  it('stops trying once the session ends', async () => {
    const backend = scriptedBackend({ ...signedIn, 'POST /api/auth/logout': () => json(200, { message: 'ok' }) });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(useLive, { wrapper: Wrapper });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    // Fake time that still runs, so that waitFor and React's scheduler go on.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => FakeEventSource.opened[0]!.fail(FakeEventSource.CLOSED));
    await act(() => result.current.session.logout());
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    act(() => vi.advanceTimersByTime(LIVE_REOPEN_MAX_MS));
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
