// A Server-Sent Events reader for the live stream tests: fetches LIVE_PATH on a listening app
// with a person's cookie and collects every `data:` message (parsed JSON) and `retry:` value.
import { LIVE_PATH, type LiveEvent } from '@pitlane/api/contract';
import type { Browser } from './browser.ts';

export interface LiveStream {
  readonly status: number;
  readonly headers: Headers;
  /** Every event received so far, in order. */
  readonly events: LiveEvent[];
  readonly retry: number | null;
  /** Resolves when the server ended the stream. */
  readonly ended: Promise<void>;
  /** The next event (after those already taken) matching `match`, within `timeoutMs`. */
  next(match?: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  close(): void;
}

/** `who`: a test browser's cookies, or a `cookie` header as it is, or nobody. */
export async function openLiveStream(baseUrl: string, who: Browser | string | null): Promise<LiveStream> {
  const abort = new AbortController();
  const cookie = typeof who === 'string' ? who : who ? [...who.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ') : '';
  const response = await fetch(`${baseUrl}${LIVE_PATH}`, { headers: cookie ? { cookie, accept: 'text/event-stream' } : {}, signal: abort.signal });
  const events: LiveEvent[] = [];
  let retry: number | null = null;
  let taken = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };

  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as LiveEvent);
            else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
          }
        }
        wake();
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    } finally {
      wake();
    }
  })();

  return {
    status: response.status,
    headers: response.headers,
    events,
    get retry() {
      return retry;
    },
    ended,
    async next(match = () => true, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (taken < events.length) {
          const event = events[taken++]!;
          if (match(event)) return event;
        }
        if (Date.now() >= deadline) throw new Error(`No matching live event within ${timeoutMs} ms; received ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
          function done() {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
      }
    },
    close() {
      abort.abort();
    },
  };
}
