// Limits on abuse: per client address (@fastify/rate-limit) on every call that sends mail,
// checks a secret or answers "is this taken", and per e-mail address where one address can be
// targeted from many clients (codes mailed to it, passwords tried on it). Generous enough for a
// family behind one router; every refusal is 429 with a sentence.
//
// Where they are counted: in this process (each instance its own budget), or with REDIS_URL in
// Redis, shared by every instance (app.ts passes the client to @fastify/rate-limit; the
// per-address limits below use RedisAddressLimiter). Fixed 15-minute windows either way.
//
// When Redis is unreachable or too slow (REDIS_BOUNDS, redis/client.ts) at request time:
// - per-client limits are skipped (the plugin's skipOnError: fail open). Refusing every sign-in
//   and every sign-up because the store of a limit is down would turn a Redis outage into a
//   Pitlane outage; the limits are a brake on abuse, not what keeps accounts safe (passwords are
//   argon2id hashes, codes expire after 5 attempts).
// - per-address limits count in this process meanwhile (as without REDIS_URL): they cost nothing
//   to keep, refuse nobody a single instance would not refuse, and still stop a flood of codes
//   mailed to one person or of passwords tried on one account while Redis is away.
// The outage is logged once (redis/client.ts); nothing waits for Redis longer than its bounds.
import { createHash } from 'node:crypto';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from '../../plugins/errors.ts';
import type { SharedRedis } from '../../redis/client.ts';
import { AUTH_MESSAGES } from './messages.ts';

const WINDOW = '15 minutes';
/** The window of every limit here: 15 minutes. */
export const WINDOW_MS = 15 * 60 * 1000;

function tooMany(): HttpError {
  return new HttpError(429, AUTH_MESSAGES.tooManyRequests);
}

const perClient = (max: number): RateLimitOptions => ({ max, timeWindow: WINDOW, errorResponseBuilder: tooMany });

/** Per client address, per 15 minutes. */
export const CLIENT_LIMITS = {
  login: perClient(50),
  sendOtp: perClient(30),
  verifyOtp: perClient(50),
  forgotPassword: perClient(30),
  resetPassword: perClient(50),
  checkAvailability: perClient(300),
  providerSignIn: perClient(50),
  /** Deletion codes per client; per account (its address) it is ADDRESS_LIMITS.deleteAccount. */
  requestDeleteOtp: perClient(30),
  /** Two-factor codes (sign-in step and settings); per account it is TWO_FACTOR.accountFailures (modules/two-factor). */
  twoFactor: perClient(50),
} as const;

/** Per e-mail address, per 15 minutes. */
export const ADDRESS_LIMITS = {
  /** Registration codes mailed to one address. */
  sendOtp: 5,
  /** Reset codes mailed to one address. */
  forgotPassword: 5,
  /** Deletion codes mailed to one account's address. */
  deleteAccount: 5,
  /** Failed logins on one address (successes do not count, so a typo or two cost nothing). */
  loginFailures: 10,
} as const;

/**
 * A fixed-window counter per key (an e-mail address): the window starts with the key's first
 * use and lasts `windowMs`; later uses do not move it. Keys are compared case-insensitively.
 */
export interface AddressLimiter {
  /** Throws 429 when `key` has no use left in its window. */
  check(key: string): Promise<void>;
  /** Uses one (even past the limit: a failed login still counts). */
  count(key: string): Promise<void>;
  /** check + count, atomically: of many takes at once, at most the limit pass. */
  take(key: string): Promise<void>;
  /** Gives back one use of `key`, never below none (a code whose e-mail could not be sent did not count). */
  refund(key: string): Promise<void>;
}

export interface AddressLimitOptions {
  /** Uses per window. */
  max: number;
  /** Default WINDOW_MS. */
  windowMs?: number;
}

/** In this process: what every instance does without REDIS_URL. The window runs on `now`. */
export class MemoryAddressLimiter implements AddressLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #now: () => Date;
  readonly #windows = new Map<string, { used: number; endsAt: number }>();

  constructor(options: AddressLimitOptions & { now: () => Date }) {
    this.#max = options.max;
    this.#windowMs = options.windowMs ?? WINDOW_MS;
    this.#now = options.now;
  }

  #window(key: string) {
    const now = this.#now().getTime();
    if (this.#windows.size > 10_000) {
      for (const [k, w] of this.#windows) if (w.endsAt <= now) this.#windows.delete(k);
    }
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { used: 0, endsAt: now + this.#windowMs };
      this.#windows.set(key, window);
    }
    return window;
  }

  async check(key: string): Promise<void> {
    if (this.#window(key.toLowerCase()).used >= this.#max) throw tooMany();
  }

  async count(key: string): Promise<void> {
    this.#window(key.toLowerCase()).used++;
  }

  async take(key: string): Promise<void> {
    const window = this.#window(key.toLowerCase());
    if (window.used >= this.#max) throw tooMany();
    window.used++;
  }

  async refund(key: string): Promise<void> {
    const window = this.#window(key.toLowerCase());
    if (window.used > 0) window.used--;
  }
}

// The Redis window is the key's own TTL (PEXPIRE on its first use), so it runs on Redis's clock,
// the same for every instance. Each step is one script: atomic, one round trip. A key left
// without a TTL (it cannot happen through these scripts, but a key outliving its window would
// refuse forever) gets one on its next use.
const COUNT = `
local used = redis.call('INCR', KEYS[1])
if used == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return used`;
const TAKE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then return -1 end
used = redis.call('INCR', KEYS[1])
if used == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return used`;
const REFUND = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

interface AddressScripts {
  pitlaneAddressCount(key: string, windowMs: number): Promise<number>;
  pitlaneAddressTake(key: string, max: number, windowMs: number): Promise<number>;
  pitlaneAddressRefund(key: string): Promise<number>;
}

function addressScripts(client: Redis): AddressScripts {
  const scripts = client as unknown as Partial<AddressScripts>;
  if (!scripts.pitlaneAddressTake) {
    client.defineCommand('pitlaneAddressCount', { numberOfKeys: 1, lua: COUNT });
    client.defineCommand('pitlaneAddressTake', { numberOfKeys: 1, lua: TAKE });
    client.defineCommand('pitlaneAddressRefund', { numberOfKeys: 1, lua: REFUND });
  }
  return client as unknown as AddressScripts;
}

/**
 * The key of an address in Redis: `${keyPrefix}${sha256(lower-cased address)}`. Hashed, so the
 * limiter store holds no e-mail addresses (and every key has the same length).
 */
export function redisAddressKey(keyPrefix: string, address: string): string {
  return keyPrefix + createHash('sha256').update(address.toLowerCase()).digest('hex');
}

/**
 * In Redis (REDIS_URL): one budget for every instance. While Redis fails, each call is answered
 * by `fallback` (this process's own count; see the top of this file) and the failure reported.
 */
export class RedisAddressLimiter implements AddressLimiter {
  readonly #redis: SharedRedis;
  readonly #scripts: AddressScripts;
  readonly #keyPrefix: string;
  readonly #max: number;
  readonly #windowMs: number;
  readonly #fallback: AddressLimiter;

  constructor(options: AddressLimitOptions & { redis: SharedRedis; keyPrefix: string; fallback: AddressLimiter }) {
    this.#redis = options.redis;
    this.#scripts = addressScripts(options.redis.client);
    this.#keyPrefix = options.keyPrefix;
    this.#max = options.max;
    this.#windowMs = options.windowMs ?? WINDOW_MS;
    this.#fallback = options.fallback;
  }

  /** Runs `step` in Redis; when Redis fails, `otherwise` (the fallback) answers. */
  async #inRedis<T>(step: () => Promise<T>, otherwise: () => Promise<void>): Promise<T | 'fell back'> {
    let result: T;
    try {
      result = await step();
    } catch (error) {
      this.#redis.failed(error);
      await otherwise();
      return 'fell back';
    }
    this.#redis.answered();
    return result;
  }

  #key(address: string): string {
    return redisAddressKey(this.#keyPrefix, address);
  }

  async check(key: string): Promise<void> {
    const used = await this.#inRedis(() => this.#redis.client.get(this.#key(key)), () => this.#fallback.check(key));
    if (used !== 'fell back' && Number(used ?? 0) >= this.#max) throw tooMany();
  }

  async count(key: string): Promise<void> {
    await this.#inRedis(() => this.#scripts.pitlaneAddressCount(this.#key(key), this.#windowMs), () => this.#fallback.count(key));
  }

  async take(key: string): Promise<void> {
    const used = await this.#inRedis(
      () => this.#scripts.pitlaneAddressTake(this.#key(key), this.#max, this.#windowMs),
      () => this.#fallback.take(key),
    );
    if (used === -1) throw tooMany();
  }

  async refund(key: string): Promise<void> {
    await this.#inRedis(() => this.#scripts.pitlaneAddressRefund(this.#key(key)), () => this.#fallback.refund(key));
  }
}

/**
 * The per-address limiter named `name` (unique per app: it is part of the Redis key) allowing
 * `max` uses per window: in Redis when the app has REDIS_URL, otherwise in this process.
 */
export function addressLimiter(app: FastifyInstance, name: string, options: AddressLimitOptions): AddressLimiter {
  const inProcess = new MemoryAddressLimiter({ ...options, now: app.now });
  if (!app.redis) return inProcess;
  return new RedisAddressLimiter({
    ...options,
    redis: app.redis,
    keyPrefix: `${app.redis.keyPrefix}rl:address:${name}:`,
    fallback: inProcess,
  });
}
