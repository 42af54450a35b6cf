// Redis for the tests of REDIS_URL: the server named by TEST_REDIS_URL (default
// redis://127.0.0.1:6379, where CI machines run one). These tests fail, never skip, when it does
// not answer: a Redis that quietly went missing would leave the shared limits untested.
//
//   const redis = useRedis();                 // checked before the file's first test
//   buildApp(testConfig({ REDIS_URL: redis.url }), { redisKeyPrefix: redis.prefix, … });
//
// Every test gets a key prefix of its own (test files run at once on one Redis, and another
// worktree's may too); its keys are deleted after it.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const testRedisUrl = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

export interface RedisContext {
  /** REDIS_URL for the apps of the test. */
  readonly url: string;
  /** The key prefix of the running test (`redisKeyPrefix` of buildApp). */
  readonly prefix: string;
  /** A client of the test's own, to look at keys. */
  readonly client: Redis;
  /** The keys under the running test's prefix, sorted. */
  keys(): Promise<string[]>;
  /**
   * Moves Redis's clock for the test's keys by `ms`: every TTL is shortened by it, and keys
   * whose TTL runs out within it are deleted, as they would be had the time passed.
   */
  elapse(ms: number): Promise<void>;
}

async function scanKeys(client: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys.sort();
}

export function useRedis(): RedisContext {
  let client: Redis | null = null;
  let prefix: string | null = null;

  beforeAll(async () => {
    const candidate = new Redis(testRedisUrl, {
      lazyConnect: true,
      connectTimeout: 2_000,
      commandTimeout: 2_000,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    let connectionError: unknown = null;
    candidate.on('error', (error) => {
      connectionError ??= error;
    });
    try {
      await candidate.connect();
      await candidate.ping();
    } catch (failure) {
      candidate.disconnect();
      // The connection's own error (ECONNREFUSED…) says more than connect()'s "Connection is closed."
      const reason = connectionError ?? failure;
      throw new Error(
        `These tests need a Redis server at ${testRedisUrl} (TEST_REDIS_URL, default redis://127.0.0.1:6379) and none answers ` +
          `(${reason instanceof Error ? reason.message : String(reason)}). Start one (Debian: apt-get install redis-server) or set TEST_REDIS_URL.`,
        { cause: failure },
      );
    }
    client = candidate;
  });
  afterAll(async () => {
    await client?.quit();
    client = null;
  });
  beforeEach(() => {
    prefix = `pitlane-test:${randomUUID()}:`;
  });
  afterEach(async () => {
    if (client && prefix) {
      const keys = await scanKeys(client, prefix);
      if (keys.length > 0) await client.del(...keys);
    }
    prefix = null;
  });

  const context: RedisContext = {
    url: testRedisUrl,
    get prefix() {
      if (!prefix) throw new Error('useRedis: the key prefix exists only inside a test.');
      return prefix;
    },
    get client() {
      if (!client) throw new Error('useRedis: the client exists only inside a test.');
      return client;
    },
    keys: () => scanKeys(context.client, context.prefix),
    async elapse(ms) {
      for (const key of await context.keys()) {
        const ttl = await context.client.pttl(key);
        if (ttl < 0) continue; // no TTL: it never ends (what the limiter must not leave behind)
        if (ttl <= ms) await context.client.del(key);
        else await context.client.pexpire(key, ttl - ms);
      }
    },
  };
  return context;
}

export interface FreezableProxy {
  /** redis://127.0.0.1:<port>: Redis, through the proxy. */
  readonly url: string;
  /** From now on nothing passes either way (connections stay open): a Redis that stopped answering. */
  freeze(): void;
  /** Everything held passes again. */
  thaw(): void;
  close(): Promise<void>;
}

/** A TCP proxy to `target` (a redis:// URL) that can stop passing data, like a hung Redis or network. */
export async function startFreezableProxy(target: string): Promise<FreezableProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let frozen = false;
  /** What arrived while frozen, in order, with where it goes. */
  let held: Array<{ to: net.Socket; chunk: Buffer }> = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port || 6379), hostname);
    const pass = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (frozen) held.push({ to, chunk });
        else to.write(chunk);
      });
    pass(client, upstream);
    pass(upstream, client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${address.port}`,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const { to, chunk } of held) if (!to.destroyed) to.write(chunk);
      held = [];
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
