// One simulated person's browser: fetch with the session cookie, every request timed and judged.
// An answer is fine when it is 2xx or one the caller expected (say, 404 for a post its author
// has just deleted); anything else, and any network error or timeout, counts as an error.
import type { Stats } from './stats.ts';

export interface Answer {
  status: number;
  body: unknown;
}

export interface CallOptions {
  json?: unknown;
  form?: FormData;
  /** Non-2xx answers that are right in the situation. */
  expect?: (status: number) => boolean;
}

/** No answer within this long is a network error (the soak is not for measuring hangs). */
const TIMEOUT_MS = 30_000;

export class Client {
  #cookie: string | null = null;
  readonly base: string;
  readonly stats: Stats;

  constructor(base: string, stats: Stats) {
    this.base = base;
    this.stats = stats;
  }

  signOut(): void {
    this.#cookie = null;
  }

  /** The answer, or null after a network error or an unexpected status (both recorded). */
  async call(kind: string, method: string, path: string, options: CallOptions = {}): Promise<Answer | null> {
    const headers: Record<string, string> = {};
    if (this.#cookie) headers.cookie = this.#cookie;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const body = options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined);
    const started = performance.now();
    let answer: Answer;
    try {
      const response = await fetch(`${this.base}${path}`, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
      const text = await response.text();
      const session = response.headers.getSetCookie().find((c) => c.startsWith('pitlane_session='));
      if (session) this.#cookie = session.split(';')[0]!;
      answer = { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
    } catch (error) {
      this.stats.error(kind, Date.now(), `${method} ${path}: ${(error as Error).message}`);
      return null;
    }
    this.stats.record(kind, method, Date.now(), performance.now() - started);
    if ((answer.status >= 200 && answer.status < 300) || options.expect?.(answer.status)) return answer;
    const message = (answer.body as { message?: unknown } | null)?.message ?? String(answer.body).slice(0, 200);
    this.stats.error(kind, Date.now(), `${method} ${path} answered ${answer.status}: ${String(message)}`);
    return null;
  }
}
