// The step between the password (or the third-party provider) and the code. A sign-in of an
// account with two-factor sign-in makes a challenge instead of a session: a random token the
// client holds (only its SHA-256 is stored, as with sessions), good for 5 minutes, 5 codes and
// one success. Every sign-in (auth.login, auth.provider) goes through `challengeFor`.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { TWO_FACTOR, type TwoFactorRequired } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { twoFactorChallenges } from '../../db/schema.ts';
import { hashToken, newToken } from '../auth/sessions.ts';
import { hasTwoFactor } from './totp.ts';

const CHALLENGE_MS = TWO_FACTOR.challengeMinutes * 60 * 1000;

/** The challenge a sign-in of `userId` answers instead of a session; null without two-factor sign-in. */
export async function challengeFor(db: Db, userId: string, now: Date): Promise<TwoFactorRequired | null> {
  if (!(await hasTwoFactor(db, userId))) return null;
  const token = newToken();
  await db.insert(twoFactorChallenges).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(now.getTime() + CHALLENGE_MS), createdAt: now });
  // Housekeeping while we are here: challenges nobody finished.
  await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now));
  return { twoFactorRequired: true, challenge: token };
}

const live = (tokenHash: string, now: Date) => and(eq(twoFactorChallenges.tokenHash, tokenHash), gt(twoFactorChallenges.expiresAt, now));

/** The account a live challenge is for, or null (expired, used, made up). Counts nothing. */
export async function challengedUser(db: Db, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ userId: twoFactorChallenges.userId })
    .from(twoFactorChallenges)
    .where(and(live(hashToken(token), now), lt(twoFactorChallenges.attempts, TWO_FACTOR.challengeAttempts)));
  return row?.userId ?? null;
}

/**
 * Counts one attempt on the challenge before its code is checked, atomically: of many guesses at
 * once, at most 5 get checked. False when it has none left (or expired meanwhile).
 */
export async function countAttempt(db: Db, token: string, now: Date): Promise<boolean> {
  const counted = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(and(live(hashToken(token), now), lt(twoFactorChallenges.attempts, TWO_FACTOR.challengeAttempts)))
    .returning({ userId: twoFactorChallenges.userId });
  return counted.length > 0;
}

/** Uses the challenge up (its code was right): true for the one request that did. */
export async function finishChallenge(db: Db, token: string): Promise<boolean> {
  const done = await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, hashToken(token))).returning({ userId: twoFactorChallenges.userId });
  return done.length > 0;
}

/** Every pending challenge of `userId` (two-factor sign-in turned off: they have nothing to ask). */
export async function dropChallengesOf(db: Db, userId: string): Promise<void> {
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}
