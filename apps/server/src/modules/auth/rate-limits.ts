// Limits on abuse: per client address (@fastify/rate-limit, in memory per process) on every
// call that sends mail, checks a secret or answers "is this taken", and per e-mail address where
// one address can be targeted from many clients (codes mailed to it, passwords tried on it).
// Generous enough for a family behind one router; every refusal is 429 with a sentence.
import type { RateLimitOptions } from '@fastify/rate-limit';
import { HttpError } from '../../plugins/errors.ts';
import { AUTH_MESSAGES } from './messages.ts';

const WINDOW = '15 minutes';
const WINDOW_MS = 15 * 60 * 1000;

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
 * A fixed-window counter per key (an e-mail address), in memory. `check` refuses with 429 once
 * the key has used up its window; `count` uses one.
 */
export class AddressLimiter {
  readonly #max: number;
  readonly #now: () => Date;
  readonly #windows = new Map<string, { used: number; endsAt: number }>();

  constructor(max: number, now: () => Date) {
    this.#max = max;
    this.#now = now;
  }

  #window(key: string) {
    const now = this.#now().getTime();
    if (this.#windows.size > 10_000) {
      for (const [k, w] of this.#windows) if (w.endsAt <= now) this.#windows.delete(k);
    }
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { used: 0, endsAt: now + WINDOW_MS };
      this.#windows.set(key, window);
    }
    return window;
  }

  /** Throws 429 when `key` has no attempt left in this window. */
  check(key: string): void {
    if (this.#window(key.toLowerCase()).used >= this.#max) throw tooMany();
  }

  count(key: string): void {
    this.#window(key.toLowerCase()).used++;
  }

  /** check + count. */
  take(key: string): void {
    this.check(key);
    this.count(key);
  }

  /** Gives back one use of `key` (a code whose e-mail could not be sent did not count). */
  refund(key: string): void {
    const window = this.#window(key.toLowerCase());
    if (window.used > 0) window.used--;
  }
}
