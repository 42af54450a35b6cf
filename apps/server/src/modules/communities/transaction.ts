// One transaction for a community change, run again when PostgreSQL aborted it as the victim of
// a deadlock. The lock order of cascades.ts avoids deadlocks with the other routes, except in one
// narrow case: a person who joins while a delete or an edit is between its two locks and at once
// posts there (README.md). The retry then finishes the change instead of answering 500.
import type { Db } from '../../db/client.ts';
import { postgresErrorCode } from '../../db/errors.ts';

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
