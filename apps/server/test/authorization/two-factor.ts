// Two-factor sign-in for the matrix (table.ts): turned on or half set up straight in the database,
// with a secret and a recovery code the cell knows, so a cell needs no setup calls of its own.
import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import type { Db } from '../../src/db/client.ts';
import { twoFactorRecoveryCodes, twoFactorSecrets } from '../../src/db/schema.ts';
import { hashSecret } from '../../src/modules/auth/codes.ts';

export const RECOVERY_CODE = 'matrx-cells';

/** Gives `userId` a secret (turned on, or a setup not finished) and, when on, one recovery code. */
export async function giveTwoFactor(db: Db, userId: string, { on }: { on: boolean }): Promise<{ secret: string }> {
  const secret = generateSecret();
  await db.insert(twoFactorSecrets).values({ userId, secret, enabledAt: on ? new Date() : null });
  if (on) await db.insert(twoFactorRecoveryCodes).values({ userId, codeHash: await hashSecret(RECOVERY_CODE.replace('-', '')) });
  return { secret };
}

/** The app's code now: the matrix's app runs on the real clock, and the server allows a step of drift. */
export function codeNow(secret: string): Promise<string> {
  return generate({ secret });
}

/** Puts `userId` back without two-factor sign-in. */
export async function takeTwoFactor(db: Db, userId: string): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
}
