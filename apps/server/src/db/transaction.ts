// One transaction, run again when PostgreSQL aborted it as the victim of a deadlock. The lock
// order of communities/cascades.ts avoids deadlocks between routes, except in one narrow case: a
// person who joins while a community delete or edit is between its two locks and at once posts
// there (communities/README.md); a many-row cascade can also meet a concurrent post in a cycle
// (posts/README.md). Every write that needs a transaction runs through here (none calls
// `db.transaction` itself), so whichever PostgreSQL aborts runs again instead of answering 500.
import type { Db, Tx } from './client.ts';
import { postgresErrorCode } from './errors.ts';

/**
 * deadlock_detected, serialization_failure: PostgreSQL says the whole transaction was rolled
 * back, so it may run again. Nothing else is retried, a lost connection least of all
 * (errors.ts isDatabaseUnavailable; it answers 503): when the connection drops during COMMIT,
 * the transaction may or may not have committed, and running it again could write it twice.
 */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * Runs `work` in a transaction on `db` (the pool database). `work` may run more than once, so
 * it must not do anything outside the database that it cannot do twice (media files are stored
 * before and deleted after the transaction).
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has(postgresErrorCode(error) ?? '')) throw error;
    }
  }
}
