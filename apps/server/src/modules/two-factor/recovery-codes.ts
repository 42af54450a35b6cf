// Recovery codes: for signing in (or turning two-factor sign-in off) without the phone. Ten at a
// time, each 10 characters from 31 that cannot be mistaken for one another (no 0/o, 1/l/i): 49
// random bits, shown once as `abcde-fghjk`, kept only as argon2id hashes (the password hashing,
// modules/auth/codes.ts), deleted when used. New ones replace all the old ones.
import { randomInt } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { TWO_FACTOR } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { twoFactorRecoveryCodes } from '../../db/schema.ts';
import { hashSecret, verifySecret } from '../auth/codes.ts';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

function newRecoveryCode(): string {
  const pick = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

/** As typed: any case, with or without the hyphen or spaces. */
function normalize(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** New recovery codes and their hashes (hashed before any transaction opens: argon2 takes time). */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodeCount }, newRecoveryCode);
  return { codes, hashes: await Promise.all(codes.map((code) => hashSecret(normalize(code)))) };
}

/** Replaces `userId`'s recovery codes with those of `hashes`. */
export async function storeRecoveryCodes(db: Db, userId: string, hashes: readonly string[]): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses up one of `userId`'s recovery codes: true once for each code, false otherwise. */
export async function useRecoveryCode(db: Db, userId: string, typed: string): Promise<boolean> {
  const code = normalize(typed);
  if (code.length !== HALF * 2) return false;
  const stored = await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  const matches = await Promise.all(stored.map((row) => verifySecret(row.codeHash, code)));
  const match = stored[matches.indexOf(true)];
  if (!match) return false;
  // Deleted by id: of two requests with the same code, one deletes it and the other finds none.
  const used = await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.id, match.id)).returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  return Number(row?.n ?? 0);
}
