// The authenticator app's codes (TOTP, RFC 6238) through otplib: SHA-1, 6 digits, 30-second
// steps, as every common app expects. A code is accepted in its own step and one step either
// side (a phone's clock a little off, a code typed as it turned), and only once: the step of the
// last accepted code is kept, and that step and older ones are refused from then on.
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { TWO_FACTOR } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { twoFactorSecrets } from '../../db/schema.ts';

/** A new secret (20 random bytes in base32) with what the setup screen shows for it. */
export async function newSecret(accountLabel: string): Promise<{ secret: string; otpauthUri: string; qrSvg: string }> {
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer: TWO_FACTOR.issuer, label: accountLabel, secret });
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrSvg };
}

/** The step `code` belongs to, within the drift allowed around `now` and after `afterStep`; null when none. */
async function matchingStep(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TWO_FACTOR.periodSeconds * TWO_FACTOR.driftSteps,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A code of the wrong shape, or a last step ahead of the clock: not a match.
    return null;
  }
}

/**
 * Accepts `code` for `userId`'s secret (the one turned on, or with `pending` the unfinished
 * setup's) and uses it up: true once, false for a wrong, stale or replayed code or no secret.
 * Two requests racing with the same code: the conditional update lets one through.
 */
export async function acceptCode(db: Db, userId: string, code: string, now: Date, { pending = false } = {}): Promise<boolean> {
  const state = pending ? isNull(twoFactorSecrets.enabledAt) : isNotNull(twoFactorSecrets.enabledAt);
  const [row] = await db.select().from(twoFactorSecrets).where(and(eq(twoFactorSecrets.userId, userId), state));
  if (!row) return false;
  const step = await matchingStep(row.secret, code, now, row.lastTimeStep);
  if (step === null) return false;
  const claimed = await db
    .update(twoFactorSecrets)
    .set({ lastTimeStep: step })
    .where(and(eq(twoFactorSecrets.userId, userId), state, or(isNull(twoFactorSecrets.lastTimeStep), lt(twoFactorSecrets.lastTimeStep, step))))
    .returning({ userId: twoFactorSecrets.userId });
  return claimed.length > 0;
}

/** Whether `userId` has two-factor sign-in turned on. */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)));
  return row !== undefined;
}
