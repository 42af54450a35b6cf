// The media journal (table media_sweep) and its sweeper: stored files and the rows that reference
// them live in two places that cannot share a transaction, so every file that may have no owner
// is listed here first, and whatever the moment the process dies, the sweeper finds it later.
//
//   upload:   expectFiles (own statement, due after UPLOAD_GRACE_MS) → write the files →
//             the transaction saving the rows calls keepFiles (same transaction) → commit
//   deletion: the transaction dropping references calls dropFiles (due now) → commit →
//             sweepMedia({ keys }) right away: files, then their keys
//   sweeper:  sweepMedia({ now }) at start-up and every 5 minutes (SWEEP_CRON, a schedule of the
//             job queue; a timer without one): due keys in batches
//
// A kill -9 before keepFiles commits leaves keys due after the grace period (their files go then,
// no row ever saw them); after a drop commits, keys due at once. Every file deletion happens
// inside a transaction holding MEDIA_SWEEP_LOCK shared, so a backup holding it exclusively sees
// no file vanish while it copies. Plain SQL over drizzle, no engine-specific state: a job queue
// can run sweepMedia as well as the timer here.
import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { mediaSweep } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { UnavailableError } from '../../plugins/errors.ts';
import type { MediaStore } from './store.ts';
import { MEDIA_SWEEP_LOCK } from './sweep-lock.ts';

/** How long an upload's files wait for the transaction that keeps them: far longer than any request. */
export const UPLOAD_GRACE_MS = 15 * 60_000;
/** How often the sweeper looks for due keys (a process's own timer, when it has no job queue). */
export const SWEEP_INTERVAL_MS = 5 * 60_000;
/** The same, as the job queue's schedule: once every 5 minutes in the whole cluster. */
export const SWEEP_CRON = '*/5 * * * *';
/** Keys per sweep transaction: a short hold of the shared lock and of PGlite's one connection. */
export const SWEEP_BATCH = 100;

export const UPLOAD_TOO_SLOW_MESSAGE = 'The upload took too long. Please try again.';

/** Lists the keys of files about to be written: they go after the grace period unless kept. */
export async function expectFiles(db: Db, keys: readonly string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  const dueAt = new Date(now.getTime() + UPLOAD_GRACE_MS);
  await db
    .insert(mediaSweep)
    .values(keys.map((key) => ({ key, dueAt })))
    .onConflictDoUpdate({ target: mediaSweep.key, set: { dueAt } });
}

/**
 * In the transaction that saves the rows referencing them: the files stay. Throws (so the
 * transaction rolls back) if any key is gone: the sweeper took it after the grace period, and a
 * row pointing at a deleted file must never commit.
 */
export async function keepFiles(tx: Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const kept = await tx.delete(mediaSweep).where(inArray(mediaSweep.key, [...keys])).returning({ key: mediaSweep.key });
  if (kept.length !== new Set(keys).size) throw new UnavailableError(503, UPLOAD_TOO_SLOW_MESSAGE);
}

/** In the transaction that drops the last references to these files: they are due at once. */
export async function dropFiles(tx: Tx, keys: readonly string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(mediaSweep)
    .values(keys.map((key) => ({ key, dueAt: now })))
    .onConflictDoUpdate({ target: mediaSweep.key, set: { dueAt: sql`least(${mediaSweep.dueAt}, excluded.due_at)` } });
}

/** Removes keys whose files are already deleted (an upload discarded before its transaction). */
export async function forgetFiles(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(mediaSweep).where(inArray(mediaSweep.key, [...keys]));
}

export interface SweepOptions {
  db: Db;
  store: MediaStore;
  /** Keys due at or before this moment are swept; 'any': due or not (only with `keys`: a discarded upload's). */
  now: Date | 'any';
  /** Only these keys (a deletion's, right after its commit); default: every due key. */
  keys?: readonly string[];
  batchSize?: number;
  onError?: (error: unknown, key: string) => void;
}

export interface SweepResult {
  /** Files deleted (with their keys). */
  deleted: number;
  /** Files that could not be deleted: their keys stay for the next round. */
  failed: number;
  /** True when a backup held the lock: nothing was touched, the next round tries again. */
  skipped: boolean;
}

/**
 * Deletes the files of due keys, then the keys, in batches; each batch is one transaction holding
 * MEDIA_SWEEP_LOCK shared (pg_try_advisory_xact_lock_shared: released at commit) with its keys
 * locked FOR UPDATE SKIP LOCKED, so two sweepers never take the same key and a transaction still
 * keeping a key is left alone.
 */
export async function sweepMedia(options: SweepOptions): Promise<SweepResult> {
  const { db, store, now, keys } = options;
  const batchSize = options.batchSize ?? SWEEP_BATCH;
  const result: SweepResult = { deleted: 0, failed: 0, skipped: false };
  if (keys?.length === 0) return result;
  if (now === 'any' && !keys) throw new Error('sweepMedia: "any" sweeps given keys only.');
  const due = now === 'any' ? undefined : lte(mediaSweep.dueAt, now);
  for (;;) {
    const round = await inTransaction(db, async (tx) => {
      const lock = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock_shared(${MEDIA_SWEEP_LOCK}::bigint) as ok`);
      if (!lock.rows[0]?.ok) return null;
      const taken = await tx
        .select({ key: mediaSweep.key })
        .from(mediaSweep)
        .where(and(due, keys ? inArray(mediaSweep.key, [...keys]) : undefined))
        .orderBy(asc(mediaSweep.dueAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const outcomes = await Promise.allSettled(taken.map((row) => store.delete(row.key)));
      const gone: string[] = [];
      outcomes.forEach((outcome, index) => {
        if (outcome.status === 'fulfilled') gone.push(taken[index]!.key);
        else options.onError?.(outcome.reason, taken[index]!.key);
      });
      if (gone.length > 0) await tx.delete(mediaSweep).where(inArray(mediaSweep.key, gone));
      return { seen: taken.length, deleted: gone.length };
    });
    if (round === null) return { ...result, skipped: true };
    result.deleted += round.deleted;
    result.failed += round.seen - round.deleted;
    // A short batch was the last; a batch of failures only would come back the same: stop.
    if (round.seen < batchSize || round.deleted === 0) return result;
  }
}

export interface Sweeper {
  /** Runs a round now (or waits for the one running). */
  runNow(): Promise<void>;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/** Runs `round` now and every `intervalMs` (an unref'd timer: it never keeps the process alive). */
export function startSweeper(round: () => Promise<void>, intervalMs: number = SWEEP_INTERVAL_MS): Sweeper {
  let running: Promise<void> | null = null;
  const runNow = () => {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void runNow(), intervalMs);
  timer.unref();
  void runNow();
  return {
    runNow,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
