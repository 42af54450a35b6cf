// Steady requests from several people at once against a listening server, every answer
// recorded with when it started and ended: what a reliability test asserts on while it breaks
// something underneath (database-outage.test.ts).
import type { HttpPerson } from './http-people.ts';

export interface Outcome {
  /** What the request did, e.g. 'comment' or 'feed'. */
  action: string;
  /** Writes: what identifies the row it asked for (to look for it in the database later). */
  written?: string;
  /** ms on the load's clock (performance.now()). */
  started: number;
  ended: number;
  /** 0: no answer at all (the connection failed, or none came within the request's time-out). */
  status: number;
  message?: string;
  retryAfter?: string | null;
  failure?: string;
}

/** One request a worker makes: `n` counts that worker's requests, for unique texts. */
export type Action = (person: HttpPerson, n: number) => { action: string; written?: string; send: () => Promise<Response> };

export interface Load {
  outcomes: Outcome[];
  /** Resolves with the first answer matching `test`; rejects if none arrives within `timeoutMs`. */
  until(test: (outcome: Outcome) => boolean, timeoutMs: number, what: string): Promise<Outcome>;
  /** Stops making requests and waits for those in flight. */
  stop(): Promise<void>;
}

/** Each person in `people` repeats `actions` in turn, one request at a time, `pauseMs` apart. */
export function startLoad(people: readonly HttpPerson[], actions: readonly Action[], pauseMs = 20): Load {
  const outcomes: Outcome[] = [];
  const waiters: Array<{ test: (outcome: Outcome) => boolean; resolve: (outcome: Outcome) => void }> = [];
  let running = true;

  function record(outcome: Outcome): void {
    outcomes.push(outcome);
    for (const waiter of [...waiters]) {
      if (waiter.test(outcome)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(outcome);
      }
    }
  }

  async function worker(person: HttpPerson, offset: number): Promise<void> {
    for (let n = 0; running; n++) {
      const { action, written, send } = actions[(n + offset) % actions.length]!(person, n);
      const started = performance.now();
      try {
        const response = await send();
        const body = (await response.json().catch(() => ({}))) as { message?: unknown };
        record({
          action,
          ...(written !== undefined ? { written } : {}),
          started,
          ended: performance.now(),
          status: response.status,
          ...(typeof body.message === 'string' ? { message: body.message } : {}),
          retryAfter: response.headers.get('retry-after'),
        });
      } catch (error) {
        record({ action, ...(written !== undefined ? { written } : {}), started, ended: performance.now(), status: 0, failure: String(error) });
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  const workers = people.map((person, i) => worker(person, i));
  return {
    outcomes,
    until(test, timeoutMs, what) {
      const found = outcomes.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          test,
          resolve: (outcome: Outcome) => {
            clearTimeout(timer);
            resolve(outcome);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No ${what} within ${timeoutMs} ms (${outcomes.length} answers so far)`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}
