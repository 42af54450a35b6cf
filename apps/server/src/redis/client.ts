// The one Redis connection of a process, when REDIS_URL is set: the rate limits of every instance
// are counted there (modules/auth/rate-limits.ts), so N instances share one budget. Unset, nothing
// here runs and the limits stay in the process.
//
// Redis is a helper, not a dependency of an answer: when it is gone a request must not wait for
// it. So every wait is bounded (REDIS_BOUNDS) and a command given while the connection is down
// fails at once instead of queueing (enableOfflineQueue: false); ioredis keeps reconnecting in
// the background (backoff up to 5 s) and the limits are shared again as soon as it answers. What
// the limits do meanwhile is decided in rate-limits.ts. An outage is logged as one warning line
// when it starts (not one per request) and one info line when Redis answers again.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { safeUrl } from '../db/client.ts';

/**
 * - connect: a TCP connection that does not open in 2 s is given up (and retried in the
 *   background); buildApp waits at most that long for the first one.
 * - command: a command unanswered after 500 ms fails (a rate-limit step takes well under 1 ms on
 *   a LAN; a request waits at most this per limit it checks).
 * - socket: a connection that receives nothing for 2 s while commands wait is dropped, so after a
 *   stall the next commands fail at once (connection down) instead of each waiting 500 ms.
 */
export const REDIS_BOUNDS = {
  connectTimeoutMs: 2_000,
  commandTimeoutMs: 500,
  socketTimeoutMs: 2_000,
} as const;

/** Every key this app writes starts with this (the rate limits add `rl:`). */
export const DEFAULT_REDIS_KEY_PREFIX = 'pitlane:';

export interface SharedRedis {
  readonly client: Redis;
  /** Prepended to every key (DEFAULT_REDIS_KEY_PREFIX; tests use one of their own). */
  readonly keyPrefix: string;
  /** A command failed: the first failure of an outage is logged as a warning. */
  failed(error: unknown): void;
  /** A command was answered: ends an outage noticed by `failed` (logged once). */
  answered(): void;
  /** Quits (or, when not connected, drops the connection and stops reconnecting). */
  close(): Promise<void>;
}

export interface ConnectRedisOptions {
  log: FastifyBaseLogger;
  keyPrefix?: string;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/**
 * Connects to `url` and waits (at most REDIS_BOUNDS.connectTimeoutMs) for the connection to be
 * ready. Never throws for an unreachable Redis: the app starts, says so, and keeps trying.
 */
export async function connectRedis(url: string, options: ConnectRedisOptions): Promise<SharedRedis> {
  const { log } = options;
  const where = safeUrl(url);
  const client = new Redis(url, {
    connectTimeout: REDIS_BOUNDS.connectTimeoutMs,
    commandTimeout: REDIS_BOUNDS.commandTimeoutMs,
    socketTimeout: REDIS_BOUNDS.socketTimeoutMs,
    enableOfflineQueue: false,
    // A rate-limit step resent after a reconnect would count twice; a failed one is simply failed.
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    connectionName: 'pitlane',
  });

  /** null: not known yet (starting); false: an outage was logged. */
  let reachable: boolean | null = null;
  const failed = (error: unknown) => {
    if (reachable === false) return;
    reachable = false;
    log.warn(
      { redis: where, error: describe(error) },
      'Redis is unreachable: per-client rate limits are not applied and per-address limits count in this process until it answers again',
    );
  };
  const answered = () => {
    if (reachable === false) log.info({ redis: where }, 'Redis answers again: rate limits are shared again');
    reachable = true;
  };
  // ioredis emits 'error' for every failed (re)connection attempt; without a listener it would
  // print each one to stderr.
  client.on('error', failed);
  client.on('ready', answered);

  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    const timer = setTimeout(() => {
      failed(new Error(`no connection within ${REDIS_BOUNDS.connectTimeoutMs} ms`));
      done();
    }, REDIS_BOUNDS.connectTimeoutMs);
    client.once('ready', done);
    client.once('error', done);
  });

  return {
    client,
    keyPrefix: options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX,
    failed,
    answered,
    async close() {
      client.off('error', failed);
      // Errors while closing (a connection already gone) are no news.
      client.on('error', () => {});
      if (client.status === 'ready') {
        try {
          await client.quit();
          return;
        } catch {
          // Fall through: drop it.
        }
      }
      client.disconnect();
    },
  };
}
