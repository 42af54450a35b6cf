import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { useApp, type Backend } from '../../../test/harness.ts';
import { useRedis } from '../../../test/redis.ts';
import type { SharedRedis } from '../../redis/client.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { CLIENT_LIMITS, MemoryAddressLimiter, RedisAddressLimiter, redisAddressKey, type AddressLimiter } from './rate-limits.ts';

const redis = useRedis();

// The in-process limiter runs on this clock (app.now in the app); the Redis one on Redis's own
// TTLs, moved by redis.elapse. Neither reads the real date or time zone.
let clockMs = Date.UTC(2027, 2, 1, 0, 5);
const now = () => new Date(clockMs);

/** Redis errors seen by the limiter under test: none may happen in the behaviour suite. */
const redisFailures: unknown[] = [];
beforeEach(() => {
  redisFailures.length = 0;
});
function sharedRedis(): SharedRedis {
  return {
    client: redis.client,
    keyPrefix: redis.prefix,
    failed: (error) => redisFailures.push(error),
    answered: () => {},
    close: async () => {},
  };
}

/** The Redis limiter's stand-in for an outage; the behaviour suite must never get there. */
const noFallback: AddressLimiter = {
  check: () => Promise.reject(new Error('fell back: Redis failed')),
  count: () => Promise.reject(new Error('fell back: Redis failed')),
  take: () => Promise.reject(new Error('fell back: Redis failed')),
  refund: () => Promise.reject(new Error('fell back: Redis failed')),
};

interface Subject {
  name: string;
  limiter(max: number, windowMs?: number): AddressLimiter;
  /** Time passes for the limiter. */
  elapse(ms: number): Promise<void>;
}

const subjects: Subject[] = [
  {
    name: 'in this process',
    limiter: (max, windowMs) => new MemoryAddressLimiter({ max, ...(windowMs ? { windowMs } : {}), now }),
    elapse: async (ms) => {
      clockMs += ms;
    },
  },
  {
    name: 'in Redis',
    limiter: (max, windowMs) =>
      new RedisAddressLimiter({ max, ...(windowMs ? { windowMs } : {}), redis: sharedRedis(), keyPrefix: `${redis.prefix}address:`, fallback: noFallback }),
    elapse: (ms) => redis.elapse(ms),
  },
];

const refused = { statusCode: 429, message: AUTH_MESSAGES.tooManyRequests };

describe.each(subjects)('per-address limits $name', (subject) => {
  it('refuses with 429 and the product’s sentence once the window’s uses are taken, per address, in any case', async () => {
    const limit = subject.limiter(3);
    for (let i = 0; i < 3; i++) await limit.take('maya@pitlane.test');
    await expect(limit.take('MAYA@Pitlane.test')).rejects.toMatchObject(refused);
    await expect(limit.check('maya@pitlane.test')).rejects.toMatchObject(refused);
    // Another address has its own budget.
    await limit.take('kenji@pitlane.test');
    await limit.check('kenji@pitlane.test');
    expect(redisFailures).toEqual([]);
  });

  it('counts past the limit (failed logins still count), and check refuses from the limit on', async () => {
    const limit = subject.limiter(2);
    await limit.check('maya@pitlane.test');
    await limit.count('maya@pitlane.test');
    await limit.check('maya@pitlane.test');
    await limit.count('Maya@pitlane.test');
    await expect(limit.check('maya@pitlane.test')).rejects.toMatchObject(refused);
    await limit.count('maya@pitlane.test');
    await expect(limit.check('maya@pitlane.test')).rejects.toMatchObject(refused);
    expect(redisFailures).toEqual([]);
  });

  it('gives back one use with refund, never going below none', async () => {
    const limit = subject.limiter(2);
    await limit.refund('maya@pitlane.test'); // nothing used yet: nothing to give back
    await limit.take('maya@pitlane.test');
    await limit.take('maya@pitlane.test');
    await expect(limit.take('maya@pitlane.test')).rejects.toMatchObject(refused);
    await limit.refund('MAYA@pitlane.test');
    await limit.take('maya@pitlane.test');
    await expect(limit.take('maya@pitlane.test')).rejects.toMatchObject(refused);
    for (let i = 0; i < 5; i++) await limit.refund('maya@pitlane.test');
    // Five refunds of two uses: back to none, not to three in hand.
    await limit.take('maya@pitlane.test');
    await limit.take('maya@pitlane.test');
    await expect(limit.take('maya@pitlane.test')).rejects.toMatchObject(refused);
    expect(redisFailures).toEqual([]);
  });

  it('keeps a fixed window from the first use: later uses do not extend it, and then the budget is whole again', async () => {
    const limit = subject.limiter(2, 60_000);
    await limit.take('maya@pitlane.test');
    await subject.elapse(40_000);
    await limit.take('maya@pitlane.test');
    await expect(limit.take('maya@pitlane.test')).rejects.toMatchObject(refused);
    await subject.elapse(19_000);
    await expect(limit.check('maya@pitlane.test')).rejects.toMatchObject(refused);
    // 60 s after the first use (a sliding window would run to 100 s).
    await subject.elapse(1_000);
    await limit.take('maya@pitlane.test');
    await limit.take('maya@pitlane.test');
    await expect(limit.take('maya@pitlane.test')).rejects.toMatchObject(refused);
    expect(redisFailures).toEqual([]);
  });

  it('lets no more than the limit through when many take at once', async () => {
    const limit = subject.limiter(5);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limit.take('maya@pitlane.test')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const result of results.filter((r) => r.status === 'rejected')) expect(result.reason).toMatchObject(refused);
    expect(redisFailures).toEqual([]);
  });
});

describe('per-address limits in Redis, in the store', () => {
  it('keep one key per address, hashed (no e-mail address in Redis), whose TTL is the window', async () => {
    const limit = new RedisAddressLimiter({ max: 5, redis: sharedRedis(), keyPrefix: `${redis.prefix}address:send-otp:`, fallback: noFallback });
    await limit.take('Maya@Pitlane.test');
    await limit.take('maya@pitlane.test');
    const keys = await redis.keys();
    expect(keys).toEqual([redisAddressKey(`${redis.prefix}address:send-otp:`, 'maya@pitlane.test')]);
    expect(keys[0]).toMatch(/:address:send-otp:[0-9a-f]{64}$/);
    expect(await redis.client.get(keys[0]!)).toBe('2');
    const ttl = await redis.client.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(14 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(15 * 60 * 1000);
  });
});

// Which address a request comes from does not depend on the database engine: PGlite is enough.
const pglite: Backend = { kind: 'pglite', name: 'PGlite' };

/** GET /api/test/client-address: the address the app takes the request to come from. */
const clientAddressRoute: FastifyPluginAsyncZod = async (api) => {
  api.get('/test/client-address', async (request) => ({ ip: request.ip }));
};

/** The load balancer in front, as the app sees it: every request arrives from it. */
const PROXY = '10.0.0.1';

function sendOtp(app: App, forwardedFor: string, remoteAddress = PROXY) {
  // An empty body: 400 from validation, after the per-client limit has counted it (onRequest).
  return app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: {}, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
}

function clientAddress(app: App, forwardedFor: string, remoteAddress = PROXY) {
  return app.inject({ method: 'GET', url: '/api/test/client-address', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
}

const sendOtpMax = CLIENT_LIMITS.sendOtp.max as number;

describe('per-client limits behind one proxy, TRUST_PROXY=1', () => {
  const t = useApp(pglite, { fresh: 'suite', env: { TRUST_PROXY: '1' }, extraApiRoutes: clientAddressRoute });

  it('take the client address from X-Forwarded-For, so each client behind the proxy has its own budget', async () => {
    expect((await clientAddress(t.app, '203.0.113.7')).json()).toEqual({ ip: '203.0.113.7' });
    // One hop: the address the proxy appended, not one a client wrote before it.
    expect((await clientAddress(t.app, '198.51.100.66, 203.0.113.7')).json()).toEqual({ ip: '203.0.113.7' });

    for (let i = 0; i < sendOtpMax; i++) expect((await sendOtp(t.app, '203.0.113.7')).statusCode).toBe(400);
    const refusedAnswer = await sendOtp(t.app, '203.0.113.7');
    expect(refusedAnswer.statusCode).toBe(429);
    expect(refusedAnswer.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
    expect((await sendOtp(t.app, '203.0.113.8')).statusCode).toBe(400);
  });
});

describe('per-client limits behind proxies named by address, TRUST_PROXY=10.0.0.0/8', () => {
  const t = useApp(pglite, { fresh: 'suite', env: { TRUST_PROXY: '10.0.0.0/8' }, extraApiRoutes: clientAddressRoute });

  it('believe X-Forwarded-For from the proxies only, not from a client that reaches the server directly', async () => {
    expect((await clientAddress(t.app, '203.0.113.7')).json()).toEqual({ ip: '203.0.113.7' });
    expect((await clientAddress(t.app, '203.0.113.7', '198.51.100.9')).json()).toEqual({ ip: '198.51.100.9' });
  });
});

describe('per-client limits without TRUST_PROXY (the default)', () => {
  const t = useApp(pglite, { fresh: 'suite', extraApiRoutes: clientAddressRoute });

  it('ignore X-Forwarded-For: everyone behind the proxy shares its address and one budget', async () => {
    expect((await clientAddress(t.app, '203.0.113.7')).json()).toEqual({ ip: PROXY });
    for (let i = 0; i < sendOtpMax; i++) expect((await sendOtp(t.app, '203.0.113.7')).statusCode).toBe(400);
    const refusedAnswer = await sendOtp(t.app, '203.0.113.8');
    expect(refusedAnswer.statusCode).toBe(429);
    expect(refusedAnswer.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
  });
});
