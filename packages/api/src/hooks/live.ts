// The live stream in the browser (issue 16, item 4): one EventSource on LIVE_PATH while someone
// is signed in. `unread` events set the badge's count at once (and refresh the notification list
// when it grew); `post` events collect the ids of new posts in the feed for the "new posts" pill
// (useNewPosts). EventSource reconnects by itself after a restart or a lost connection (the
// server's `retry:`); until it is open again the count is polled (UNREAD_POLL_MS, useLiveUpdates). An
// EventSource that was answered anything but a stream (a proxy's 502 while an instance restarts,
// a draining server's 503, a 401 after a logout elsewhere) gives up for good: the hook opens a
// new one after a growing pause (LIVE_REOPEN_MS, doubled up to LIVE_REOPEN_MAX_MS). After a 401
// that poll ends the session (any 401 does), which closes the stream, so that is no endless loop.
import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { UNREAD_POLL_MS } from '../contract/constants.ts';
// Not the contract's index: it would bring zod into the first load (endpoints.ts says why).
import { LIVE_PATH } from '../contract/endpoints.ts';
import type { LiveEvent, UnreadCount } from '../contract/index.ts';
import { useApiClient } from './api-context.tsx';
import { queryKeys } from './query-keys.ts';
import { sessionQueries, useSession } from './session.tsx';

function apply(queryClient: QueryClient, event: LiveEvent): void {
  if (event.type === 'unread') {
    const before = queryClient.getQueryData<UnreadCount>(queryKeys.notifications.unreadCount())?.count;
    queryClient.setQueryData<UnreadCount>(queryKeys.notifications.unreadCount(), { count: event.count });
    if (before === undefined || event.count > before) void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list() });
    return;
  }
  queryClient.setQueryData<string[]>(queryKeys.live.newPosts(), (ids = []) => (ids.includes(event.postId) ? ids : [...ids, event.postId]));
}

/** Parses one message's data; anything else (a newer server's event) is ignored. */
function parse(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as Partial<LiveEvent> & { type?: unknown };
    if (event.type === 'unread' && typeof (event as { count?: unknown }).count === 'number') return event as LiveEvent;
    if (event.type === 'post' && typeof (event as { postId?: unknown }).postId === 'string') return event as LiveEvent;
  } catch {
    // Not JSON: ignored.
  }
  return null;
}

/** The first pause before a stream that gave up is opened again, and the longest. */
export const LIVE_REOPEN_MS = 3_000;
export const LIVE_REOPEN_MAX_MS = 60_000;

/** Keeps the stream open while `enabled`; true while it is open (useLiveUpdates polls otherwise). */
export function useLiveStream(enabled: boolean): boolean {
  const { baseUrl } = useApiClient();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let pause = LIVE_REOPEN_MS;
    const connect = () => {
      const current = new EventSource(`${baseUrl}${LIVE_PATH}`, { withCredentials: true });
      source = current;
      current.onopen = () => {
        pause = LIVE_REOPEN_MS;
        setOpen(true);
      };
      current.onerror = () => {
        setOpen(false);
        // CONNECTING: the browser retries by itself. CLOSED: it gave up, so we try again later.
        if (current.readyState !== EventSource.CLOSED) return;
        current.close();
        reopen = setTimeout(connect, pause);
        pause = Math.min(pause * 2, LIVE_REOPEN_MAX_MS);
      };
      current.onmessage = (message: MessageEvent) => {
        const event = parse(message.data);
        if (event) apply(queryClient, event);
      };
    };
    connect();
    return () => {
      clearTimeout(reopen);
      source?.close();
      setOpen(false);
    };
  }, [enabled, baseUrl, queryClient]);

  return enabled && open;
}

/**
 * The signed-in pages' live updates (the dashboard's shell calls it): the stream while someone is
 * signed in, and while it cannot open, the unread count polled every UNREAD_POLL_MS. Not in the
 * session itself, so that the signed-out pages (the login page) do not load it first.
 */
export function useLiveUpdates(): void {
  const client = useApiClient();
  const { user } = useSession();
  const live = useLiveStream(user !== null);
  useQuery({ ...sessionQueries.unreadCount(client), enabled: user !== null, refetchInterval: live ? false : UNREAD_POLL_MS });
}

/**
 * The posts announced since the feed was loaded, and the way to show them. `loaded`: the posts
 * the feed shows already (a refetch may have brought some in): they are not counted.
 */
export function useNewPosts(loaded: ReadonlySet<string> = new Set()): { count: number; show: () => Promise<void> } {
  const queryClient = useQueryClient();
  const { data = [] } = useQuery<string[]>({ queryKey: queryKeys.live.newPosts(), queryFn: () => [], staleTime: Infinity, gcTime: Infinity, initialData: [] });
  const count = data.filter((id) => !loaded.has(id)).length;
  const show = useCallback(async () => {
    queryClient.setQueryData<string[]>(queryKeys.live.newPosts(), []);
    // From the first page again: the new posts are at the top.
    await queryClient.resetQueries({ queryKey: queryKeys.posts.feed() });
  }, [queryClient]);
  return { count, show };
}
