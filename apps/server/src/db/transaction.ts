// One transaction, run again when PostgreSQL aborted it as the victim of a deadlock. The lock
// order of communities/cascades.ts avoids deadlocks between routes, except in one narrow case: a
// person who joins while a community delete or edit is between its two locks and at once posts
// there (communities/README.md). Both sides run through here, so whichever PostgreSQL aborts
// runs again instead of answering 500.
import type { Db } from './client.ts';
import { postgresErrorCode } from './errors.ts';

/** deadlock_detected, serialization_failure: the whole transaction was rolled back and may run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has(postgresErrorCode(error) ?? '')) throw error;
    }
  }
}
