// The job queue (issue 16, modules/jobs/README.md): pg-boss on the app's own database. On
// PostgreSQL every instance shares the queue (a job runs once, on whichever instance fetches it
// first: SKIP LOCKED); on PGlite it runs in this process on the one embedded connection, so
// `npm start` installs nothing. Jobs are rows: one sent inside a transaction exists exactly when
// that transaction commits, and one whose worker died is retried.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromDrizzle, fromPglite, type ConstructorOptions, type Queue } from 'pg-boss';
import type { Database, Db } from '../../db/client.ts';
import type { SecurityNotice } from '../mail/messages.ts';
import { describeDatabaseError, isDatabaseUnavailable } from '../../db/errors.ts';

/** The queues and what their jobs carry. */
export interface JobTypes {
  /** A new post joins its readers' feeds (modules/posts/fanout.ts). */
  'feed-fanout': { postId: string };
  /** Dropped files a deletion could not remove at once (modules/media/routes.ts). */
  'media-sweep': { keys: string[] };
  /** An e-mail telling the person their password or two-factor sign-in changed (modules/mail/notices.ts). */
  'security-notice': { userId: string; kind: SecurityNotice; at: string };
}
export type QueueName = keyof JobTypes;
/** Queues of recurring work, on a schedule. */
export type ScheduledQueue = 'media-sweep-due' | 'meet-reminders';

/**
 * Retries: 6 more tries, 1 s apart and doubling (1, 2, 4 … 32 s: a minute in all, past a database
 * failover or a deadlock). A job whose worker stops sending heartbeats for 30 s (its process was
 * killed) is tried again; a fan-out of 37k followers takes ~1–4 s (BENCHMARKS.md).
 */
const QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  retryLimit: 6,
  retryDelay: 1,
  retryBackoff: true,
  heartbeatSeconds: 10,
  expireInSeconds: 300,
  notify: true,
};

/** How long closing waits for running jobs (a fan-out of tens of thousands of followers takes 1–4 s). */
export const JOBS_CLOSE_MS = 2_000;

export interface JobQueue {
  /** Adds a job; with `tx`, inside that transaction (it exists if and only if the transaction commits). */
  send<Q extends QueueName>(queue: Q, data: JobTypes[Q], tx?: Db): Promise<void>;
  /** Runs `handler` for each job of `queue` on this instance; a throw retries the job later. */
  work<Q extends QueueName>(queue: Q, handler: (data: JobTypes[Q]) => Promise<void>): Promise<void>;
  /** Runs `handler` on `cron` (UTC), once per occurrence in the whole cluster (pg-boss's schedule). */
  every(queue: ScheduledQueue, cron: string, handler: () => Promise<void>): Promise<void>;
  /** How many jobs of `queue` are waiting or running (tests, benchmarks). */
  backlog(queue: QueueName): Promise<number>;
  /** Stops fetching, waits up to `timeoutMs` for running jobs, and lets go of the database. */
  close(timeoutMs: number): Promise<void>;
}

function bossOptions(database: Database): ConstructorOptions {
  // Woken by LISTEN/NOTIFY the moment a job is sent (PGlite has it in process); the polls are a
  // floor for a missed notification.
  // Supervision every 15 s (default 60): a job whose instance died (no heartbeat for 10 s) is retried
  // within half a minute.
  const common = { useListenNotify: true, pollingIntervalSeconds: 2, schedule: true, superviseIntervalSeconds: 15 } as const;
  if (database.driver.kind === 'pglite') return { ...common, db: fromPglite(database.driver.client), backend: 'pglite' };
  // Its own small pool (LISTEN holds one connection), on the database the app's pool reaches.
  const connectionString = database.driver.pool.options.connectionString;
  if (!connectionString) throw new Error('The job queue needs the connection string of the database.');
  return { ...common, connectionString, max: 3, application_name: 'pitlane-jobs' };
}

export async function openJobQueue(database: Database, log: FastifyBaseLogger): Promise<JobQueue> {
  const boss = new PgBoss(bossOptions(database));
  // The database going away reaches the queue's polls too: one line without a stack, at most
  // every 30 s (the requests' 503s say the rest); anything else is an error with its stack.
  let quietUntil = 0;
  boss.on('error', (error) => {
    if (!isDatabaseUnavailable(error)) return log.error({ err: error }, 'job queue error');
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + 30_000;
    log.warn({ reason: describeDatabaseError(error) }, 'job queue: database unavailable; its jobs wait');
  });
  await boss.start();
  const created = new Set<QueueName>();
  const ensureQueue = async (queue: QueueName) => {
    if (created.has(queue)) return;
    await boss.createQueue(queue, QUEUE_OPTIONS);
    created.add(queue);
  };

  return {
    async send(queue, data, tx) {
      await ensureQueue(queue);
      await boss.send(queue, data, tx ? { db: fromDrizzle(tx, sql) } : {});
    },
    async work(queue, handler) {
      await ensureQueue(queue);
      // Polls every 2 s also while NOTIFY works: retries and jobs freed from a dead instance are not
      // notified (pg-boss's default backstop for notified queues is far slower).
      await boss.work<JobTypes[typeof queue]>(queue, { localConcurrency: 2, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async every(queue, cron, handler) {
      await boss.createQueue(queue, { ...QUEUE_OPTIONS, retryLimit: 0 });
      await boss.schedule(queue, cron, null, { tz: 'UTC' });
      await boss.work(queue, { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 }, async () => {
        await handler();
      });
    },
    async backlog(queue) {
      await ensureQueue(queue);
      const [stats] = await boss.getQueueStats(queue);
      return stats ? stats.deferredCount + stats.queuedCount + stats.activeCount : 0;
    },
    async close(timeoutMs) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
