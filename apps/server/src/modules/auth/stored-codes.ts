// The e-mailed codes in the database: a registration's code waits in `pending_registrations`
// with the sign-up's details, a reset or deletion code in `account_codes`. Both keep the code's
// hash, its attempts and its expiry, and both are redeemed the same way (redeemCode).
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { REFUSAL_MESSAGES } from '@pitlane/api/contract';
import type { Db, Tx } from '../../db/client.ts';
import { accountCodes, pendingRegistrations } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { CodePurpose } from '../mail/messages.ts';
import { CODE_MAX_ATTEMPTS, CODE_VALID_MS, hashSecret, newCode, verifySecret } from './codes.ts';

export type AccountCodePurpose = Extract<CodePurpose, 'reset-password' | 'delete-account'>;

/** A table that keeps one hashed code per row with its attempts and expiry. */
type CodeTable = typeof pendingRegistrations | typeof accountCodes;

/** A new code for an e-mail, and the hash that is stored of it. */
export async function newHashedCode(): Promise<{ code: string; codeHash: string }> {
  const code = newCode();
  return { code, codeHash: await hashSecret(code) };
}

/**
 * Stores `codeHash` as the account's code for `purpose`, replacing an earlier one. A deletion code
 * is stored once its e-mail went out (a failed send leaves the earlier code as it was); a reset
 * code before, and dropped if its mail fails (auth routes, forgotPassword).
 */
export async function storeAccountCode(db: Db, userId: string, purpose: AccountCodePurpose, codeHash: string, now: Date): Promise<void> {
  const values = { codeHash, attempts: 0, expiresAt: new Date(now.getTime() + CODE_VALID_MS), createdAt: now };
  await db
    .insert(accountCodes)
    .values({ userId, purpose, ...values })
    .onConflictDoUpdate({ target: [accountCodes.userId, accountCodes.purpose], set: values });
}

/** Removes the account's code for `purpose` if it is still the one of `codeHash` (its mail failed). */
export async function dropAccountCode(db: Db, userId: string, purpose: AccountCodePurpose, codeHash: string): Promise<void> {
  await db
    .delete(accountCodes)
    .where(and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, purpose), eq(accountCodes.codeHash, codeHash)));
}

/** Which stored code a redemption is about: the row of `table` that `where` picks. */
export interface StoredCode<Table extends CodeTable> {
  table: Table;
  where: SQL | undefined;
}

/** The pending registration of `email`. */
export const registrationCode = (email: string): StoredCode<typeof pendingRegistrations> => ({
  table: pendingRegistrations,
  where: eq(pendingRegistrations.email, email),
});

/** The account's code for `purpose`. */
export const accountCode = (userId: string, purpose: AccountCodePurpose): StoredCode<typeof accountCodes> => ({
  table: accountCodes,
  where: and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, purpose)),
});

/**
 * Checks `code` against the stored one. Each call uses one of the code's attempts first
 * (atomically, so parallel guesses cannot exceed the limit), then checks the hash outside any
 * transaction (argon2 is slow). On success the code is consumed inside `onValid`'s transaction,
 * so it works once: if a new code was sent (or this one used) in the meantime, nothing happens
 * and the answer is the same refusal as for a wrong code.
 */
export async function redeemCode<Table extends CodeTable, T>(
  db: Db,
  stored: StoredCode<Table>,
  code: string,
  now: Date,
  onValid: (tx: Tx, row: Table['$inferSelect']) => Promise<T>,
): Promise<T> {
  // Written over the union of the two tables (drizzle cannot build an update over a generic
  // table); the row read back is the one of `stored.table`.
  const table: CodeTable = stored.table;
  const [row] = (await db
    .update(table)
    .set({ attempts: sql`${table.attempts} + 1` })
    .where(and(stored.where, lt(table.attempts, CODE_MAX_ATTEMPTS), gt(table.expiresAt, now)))
    .returning()) as Array<Table['$inferSelect']>;
  if (!row || !(await verifySecret(row.codeHash, code))) throw invalidCode();
  return inTransaction(db, async (tx) => {
    const consumed = await tx
      .delete(table)
      .where(and(stored.where, eq(table.codeHash, row.codeHash)))
      .returning({ codeHash: table.codeHash });
    if (consumed.length === 0) throw invalidCode();
    return onValid(tx, row);
  });
}

const invalidCode = () => new HttpError(400, REFUSAL_MESSAGES.invalidOtp);
