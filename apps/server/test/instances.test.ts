// Several instances of the server at once, as behind a load balancer: two apps in one test, on
// one database. What they must share (rate limits through Redis with REDIS_URL, sessions
// through the database) and what they do not (rate limits without REDIS_URL), and what happens
// when Redis goes away: every request is still answered, at once.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { freePort } from '../../../scripts/free-port.ts';
import { buildApp, type App, type AppDependencies } from '../src/app.ts';
import type { Environment } from '../src/config.ts';
import { AUTH_MESSAGES } from '../src/modules/auth/messages.ts';
import { ADDRESS_LIMITS, CLIENT_LIMITS } from '../src/modules/auth/rate-limits.ts';
import { REDIS_BOUNDS } from '../src/redis/client.ts';
import { browser, inboxMark, mailAfter, mailsAfter, PASSWORD, person } from './browser.ts';
import { backends, testConfig, useDatabase, useSmtpSink, type Backend } from './harness.ts';
import { openLiveStream } from './live-stream.ts';
import { newPost } from './posts.ts';
import { startFreezableProxy, useRedis, type FreezableProxy } from './redis.ts';

const sink = useSmtpSink();
const redis = useRedis();

/** Builds apps on the test's database; they are closed after the test. */
function useInstances(database: { readonly database: AppDependencies['database'] }) {
  const running: App[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.close()));
  });
  return async (env: Environment = {}, dependencies: Omit<AppDependencies, 'database'> = {}): Promise<App> => {
    const app = await buildApp(testConfig({ SMTP_URL: sink.url, ...env }), { ...dependencies, database: database.database });
    running.push(app);
    return app;
  };
}

/** A log stream whose lines (parsed) a test can read. */
function logLines() {
  const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}

/**
 * A request must not wait on a Redis that is gone: its answer comes well inside this (the waits
 * on Redis are bounded by REDIS_BOUNDS; a request checks at most two limits).
 */
const HANG_MS = 5_000;
async function answered<T>(request: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS} ms: the request waited for Redis`)), HANG_MS);
  });
  try {
    return await Promise.race([request, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until `condition` holds; fails with `failure` after `ms`. */
async function until(condition: () => boolean, ms: number, failure: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const details = (n: number) => ({ fullName: 'Maya Fischer', username: `maya${n}`, email: 'maya@pitlane.test', password: PASSWORD });
const sendOtp = (app: App, payload: object, remoteAddress = '203.0.113.1') =>
  answered(app.inject({ method: 'POST', url: '/api/auth/send-otp', payload, remoteAddress }));
const sendOtpMax = CLIENT_LIMITS.sendOtp.max as number;

// Where the limits are counted does not depend on the database engine: PGlite is enough here.
const pglite: Backend = { kind: 'pglite', name: 'PGlite' };

describe('two instances with REDIS_URL', () => {
  const t = useDatabase(pglite);
  const instance = useInstances(t);
  const withRedis = () => instance({ REDIS_URL: redis.url }, { redisKeyPrefix: redis.prefix });

  it(`share the budget of codes mailed to one address: ${ADDRESS_LIMITS.sendOtp}, whichever instance sends them`, async () => {
    const [a, b] = [await withRedis(), await withRedis()];
    for (let i = 0; i < ADDRESS_LIMITS.sendOtp; i++) {
      // Each from its own client address, through alternate instances.
      const sent = await sendOtp(i % 2 === 0 ? a : b, details(i), `203.0.113.${i + 1}`);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ message: SUCCESS_MESSAGES.otpSent });
    }
    const mark = inboxMark(sink);
    for (const app of [b, a]) {
      const refused = await sendOtp(app, details(9), '203.0.113.99');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
    }
    // Another address still has its whole budget; the refused ones were not mailed.
    expect((await sendOtp(b, { ...details(10), email: 'kenji@pitlane.test' })).statusCode).toBe(200);
    await mailAfter(sink, mark, 'kenji@pitlane.test');
    expect(mailsAfter(sink, mark, 'maya@pitlane.test')).toEqual([]);
    // Counted under the test's prefix, per client and per address.
    const keys = await redis.keys();
    expect(keys.filter((key) => key.startsWith(`${redis.prefix}rl:address:send-otp:`))).toHaveLength(2);
    expect(keys.some((key) => key.startsWith(`${redis.prefix}rl:client:`))).toBe(true);
  });

  it(`share each client's budget: ${sendOtpMax} send-otp calls through both, then the next is refused by either`, async () => {
    const [a, b] = [await withRedis(), await withRedis()];
    // Empty bodies (400): the per-client limit counts every call, valid or not.
    for (let i = 0; i < sendOtpMax; i++) expect((await sendOtp(i % 2 === 0 ? a : b, {})).statusCode).toBe(400);
    for (const app of [a, b]) {
      const refused = await sendOtp(app, {});
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
    }
    expect((await sendOtp(b, {}, '203.0.113.2')).statusCode).toBe(400);
  });
});

describe('live updates across two instances with REDIS_URL', () => {
  const t = useDatabase(pglite);
  const instance = useInstances(t);
  const withRedis = () => instance({ REDIS_URL: redis.url }, { redisKeyPrefix: redis.prefix });

  it('a like and a post made through A reach a stream open on B, and only through Redis', async () => {
    const [a, b] = [await withRedis(), await withRedis()];
    await b.listen({ port: 0, host: '127.0.0.1' });
    const maya = await person(a, sink, 'maya');
    const kenji = await person(a, sink, 'kenji');
    expect((await maya.browser.patch(`/api/user/${kenji.id}/follow`)).statusCode).toBe(200);
    const post = await newPost(maya.browser);
    const onB = await openLiveStream(`http://127.0.0.1:${(b.server.address() as AddressInfo).port}`, maya.browser);
    try {
      expect(await onB.next()).toEqual({ type: 'unread', count: 0 });
      expect((await kenji.browser.patch(`/api/posts/${post._id}/like`)).statusCode).toBe(200);
      expect(await onB.next()).toEqual({ type: 'unread', count: 1 });
      const kenjis = await newPost(kenji.browser);
      expect(await onB.next()).toEqual({ type: 'post', postId: kenjis._id, authorId: kenji.id });
    } finally {
      onB.close();
    }
  });

  it('without REDIS_URL an instance hears only its own writes', async () => {
    const [a, b] = [await instance(), await instance()];
    await b.listen({ port: 0, host: '127.0.0.1' });
    const maya = await person(a, sink, 'maya');
    const kenji = await person(a, sink, 'kenji');
    const post = await newPost(maya.browser);
    const onB = await openLiveStream(`http://127.0.0.1:${(b.server.address() as AddressInfo).port}`, maya.browser);
    try {
      expect(await onB.next()).toEqual({ type: 'unread', count: 0 });
      await kenji.browser.patch(`/api/posts/${post._id}/like`); // through A: B never hears of it
      await browser(b).request('PATCH', `/api/posts/${post._id}/like`, { headers: { cookie: [...kenji.browser.cookies].map(([n, c]) => `${n}=${c.value}`).join('; ') }, payload: {} });
      // The marker: the unlike through B is heard, and it is the first thing heard since opening.
      expect(await onB.next()).toEqual({ type: 'unread', count: 0 });
      expect(onB.events).toEqual([{ type: 'unread', count: 0 }, { type: 'unread', count: 0 }]);
    } finally {
      onB.close();
    }
  });
});

describe('two instances without REDIS_URL (the default)', () => {
  const t = useDatabase(pglite);
  const instance = useInstances(t);

  it('count their limits each in its own process: what one refuses the other still lets through', async () => {
    const [a, b] = [await instance(), await instance()];
    for (let i = 0; i < ADDRESS_LIMITS.sendOtp; i++) expect((await sendOtp(a, details(i), `203.0.113.${i + 1}`)).statusCode).toBe(200);
    expect((await sendOtp(a, details(9), '203.0.113.99')).statusCode).toBe(429);
    expect((await sendOtp(b, details(9), '203.0.113.99')).statusCode).toBe(200);
    expect(a.redis).toBeNull();
  });
});

describe('an instance whose Redis is unreachable', () => {
  const t = useDatabase(pglite);
  const instance = useInstances(t);

  it('starts, answers every request at once (no 5xx), skips per-client limits, keeps per-address ones in the process, and warns once', async () => {
    const log = logLines();
    const app = await answered(instance({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, LOG_LEVEL: 'info' }, { logStream: log.stream }));

    for (let i = 0; i < ADDRESS_LIMITS.sendOtp; i++) expect((await sendOtp(app, details(i), `203.0.113.${i + 1}`)).statusCode).toBe(200);
    const refused = await sendOtp(app, details(9), '203.0.113.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });

    // Fail open: past the per-client limit, a client is still answered (400: the empty body).
    for (let i = 0; i <= sendOtpMax; i++) expect((await sendOtp(app, {})).statusCode).toBe(400);
    expect((await answered(app.inject({ method: 'GET', url: '/api/health' }))).statusCode).toBe(200);

    const warnings = log.lines.filter((line) => line.level === 40 && line.msg.startsWith('Redis is unreachable'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ redis: expect.stringMatching(/^redis:\/\/127\.0\.0\.1:\d+/), error: expect.stringContaining('ECONNREFUSED') });
  });
});

describe('an instance whose Redis stops answering', () => {
  const t = useDatabase(pglite);
  const instance = useInstances(t);
  let proxy: FreezableProxy | null = null;
  afterEach(async () => {
    await proxy?.close();
    proxy = null;
  });

  it('answers within its bounds, counts in the process meanwhile, and shares the limits again once Redis is back', async () => {
    proxy = await startFreezableProxy(redis.url);
    const log = logLines();
    const app = await instance({ REDIS_URL: proxy.url, LOG_LEVEL: 'info' }, { logStream: log.stream, redisKeyPrefix: redis.prefix });
    const addressKeys = async () => (await redis.keys()).filter((key) => key.includes(':rl:address:send-otp:'));

    expect((await sendOtp(app, details(0), '203.0.113.1')).statusCode).toBe(200);
    const [key] = await addressKeys();
    expect(key).toBeDefined();
    expect(await redis.client.get(key!)).toBe('1');

    proxy.freeze();
    // Each of these waits on Redis at most REDIS_BOUNDS.commandTimeoutMs per limit, then goes on.
    expect((await sendOtp(app, details(1), '203.0.113.2')).statusCode).toBe(200);
    expect((await sendOtp(app, details(2), '203.0.113.3')).statusCode).toBe(200);
    expect(await redis.client.get(key!)).toBe('1');
    expect(log.lines.filter((line) => line.level === 40 && line.msg.startsWith('Redis is unreachable'))).toHaveLength(1);

    // The stalled connection is dropped after REDIS_BOUNDS.socketTimeoutMs without a reply (what
    // it held is lost with it, so the timed-out steps are not counted later).
    await until(() => app.redis?.client.status !== 'ready', REDIS_BOUNDS.socketTimeoutMs + 5_000, 'the stalled connection was not dropped');
    proxy.thaw();
    // ioredis reconnects by itself (backoff up to 5 s).
    await until(() => log.lines.some((line) => line.msg.startsWith('Redis answers again')), 15_000, 'Redis was not used again');
    expect(log.lines.filter((line) => line.msg.startsWith('Redis answers again'))).toHaveLength(1);
    expect((await sendOtp(app, details(3), '203.0.113.4')).statusCode).toBe(200);
    expect(await redis.client.get(key!)).toBe('2');
  });
});

describe.each(backends)('sessions across instances on $name', (backend) => {
  const t = useDatabase(backend);
  const instance = useInstances(t);

  it('a sign-in through one instance is valid on the other; a logout through the other ends it on both at once', async () => {
    const [a, b] = [await instance(), await instance()];
    const maya = await person(a, sink, 'maya');
    // The same browser (its cookie) with its requests sent to instance B.
    const throughB = browser(b);
    for (const [name, cookie] of maya.browser.cookies) throughB.cookies.set(name, cookie);

    expect((await throughB.get('/api/auth/verify')).json()).toMatchObject({ user: { id: maya.id } });
    expect((await throughB.post('/api/auth/logout')).statusCode).toBe(200);

    // maya.browser still holds the cookie and sends it to A, which reads sessions from the database.
    const afterLogout = await maya.browser.get('/api/auth/verify');
    expect(afterLogout.statusCode).toBe(401);
    expect((await throughB.get('/api/auth/verify')).statusCode).toBe(401);
  });
});
