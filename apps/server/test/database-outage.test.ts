// The database going away under load and coming back (issue 20, item 2), on the real server
// process:
// - PostgreSQL (a private cluster, postgres-cluster.ts) stopped while people read, comment and
//   post, and started again: every answer during the outage is a 503 with a message and arrives
//   quickly, the server answers 2xx again on its own after the restart, never a 500, and every
//   acknowledged write is in the database. Once with a clean stop (fast) and once with a crash
//   (immediate, no checkpoint: the acknowledged writes come back from the WAL).
// (PGlite's counterpart, the server killed while writing: database-kill.test.ts.)
// Figures go to docs/reliability/database.md; the test prints them.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../src/plugins/errors.ts';
import { useSmtpSink, useTempDir } from './harness.ts';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';
import { startLoad, type Outcome } from './request-load.ts';
import { listeningUrl, startServer } from './server-process.ts';
import { acknowledged, actionsOn, isSuccess, peopleWithAPost } from './traffic.ts';

/** No request may wait longer than this for its answer, outage or not. */
const ANSWER_BOUND_MS = 10_000;
const OUTAGE_MS = 2_000;

const byStatus = (outcomes: readonly Outcome[]) =>
  outcomes.reduce<Record<string, number>>((counts, o) => ({ ...counts, [o.status]: (counts[o.status] ?? 0) + 1 }), {});

describe('PostgreSQL stopping and starting under load', () => {
  const sink = useSmtpSink();
  const tmp = useTempDir('pitlane-outage-');
  let cluster: PostgresCluster | null = null;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  }, 60_000);
  afterAll(async () => {
    await cluster?.destroy();
  });

  it.each(['fast', 'immediate'] as const)(
    'answers 503 with a message while it is down (stop %s), recovers by itself and loses no acknowledged write',
    async (mode) => {
      const postgres = cluster!;
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query(`create database outage_${mode}`);
      await admin.end();
      const databaseUrl = new URL(postgres.url);
      databaseUrl.pathname = `/outage_${mode}`;

      const server = startServer({
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: tmp.path,
        SMTP_URL: sink.url,
        WEB_DIST_DIR: path.join(tmp.path, 'no-build'),
      });
      const url = await listeningUrl(server);
      const { people, postId } = await peopleWithAPost(url, sink, ['ayrton', 'michele', 'niki'].map((name) => `${name}${mode}`));

      const load = startLoad(people, actionsOn(postId, mode));
      await load.until((o) => o.action === 'comment' && isSuccess(o), ANSWER_BOUND_MS, 'acknowledged comment before the outage');
      const stopAsked = performance.now();
      await postgres.stop(mode);
      const down = performance.now();
      const first503 = await load.until((o) => o.started >= down && o.status === 503, ANSWER_BOUND_MS, '503 during the outage');
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (performance.now() - down))));
      const upAsked = performance.now();
      await postgres.start();
      const up = performance.now();
      const recovered = await load.until((o) => o.started >= up && isSuccess(o), ANSWER_BOUND_MS, '2xx after the restart');
      // A little more load after the recovery, to see that it lasts.
      await load.until((o) => o.started >= recovered.ended + 1_000, ANSWER_BOUND_MS, 'answer a second after the recovery');
      await load.stop();
      const { outcomes } = load;

      // Never a 500, never a hang: every answer is a success or a 503 that says why, in time.
      expect(outcomes.filter((o) => !isSuccess(o) && o.status !== 503)).toEqual([]);
      expect(outcomes.filter((o) => o.ended - o.started >= ANSWER_BOUND_MS)).toEqual([]);
      const unavailable = outcomes.filter((o) => o.status === 503);
      expect(new Set(unavailable.map((o) => `${o.message} (Retry-After ${o.retryAfter})`))).toEqual(
        new Set([`${DATABASE_UNAVAILABLE_MESSAGE} (Retry-After ${DATABASE_RETRY_AFTER_SECONDS})`]),
      );
      // While it was down, nothing succeeded.
      const duringOutage = outcomes.filter((o) => o.started >= down && o.ended <= upAsked);
      expect(duringOutage.length).toBeGreaterThan(0);
      expect(duringOutage.filter((o) => o.status !== 503)).toEqual([]);
      // Once it was back (and the pool had a second to notice), everything succeeded.
      const afterRecovery = outcomes.filter((o) => o.started >= up + 1_000);
      expect(afterRecovery.length).toBeGreaterThan(0);
      expect(afterRecovery.filter((o) => !isSuccess(o))).toEqual([]);

      // One warning line per 503, none with a stack, no error lines.
      const logLines = server.output().split('\n').filter((line) => line.startsWith('{'));
      const warnings = logLines.filter((line) => line.includes('"database unavailable; answered 503"'));
      expect(warnings.length).toBe(unavailable.length);
      expect(logLines.filter((line) => line.includes('"stack"'))).toEqual([]);

      // The server was never restarted, and it is healthy.
      expect(server.child.exitCode).toBeNull();
      expect((await fetch(`${url}/api/health`)).status).toBe(200);

      // Every acknowledged write is there, once; so is everything the triggers keep.
      const comments = acknowledged(outcomes, 'comment');
      const posts = acknowledged(outcomes, 'post');
      const check = new pg.Client({ connectionString: databaseUrl.toString() });
      await check.connect();
      try {
        const stored = (await check.query<{ text: string }>('select text from comments')).rows.map((r) => r.text);
        const storedPosts = (await check.query<{ title: string }>('select title from posts')).rows.map((r) => r.title);
        expect(comments.filter((text) => !stored.includes(text))).toEqual([]);
        expect(posts.filter((title) => !storedPosts.includes(title))).toEqual([]);
        expect(stored.length).toBe(new Set(stored).size);
        expect(storedPosts.length).toBe(new Set(storedPosts).size);
      } finally {
        await check.end();
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const ms = (value: number) => `${Math.round(value)} ms`;
      console.info(
        `[database outage, stop ${mode}] stop took ${ms(down - stopAsked)}, down ${ms(upAsked - down)}, start took ${ms(up - upAsked)}; ` +
          `first 503 ${ms(first503.ended - down)} after the stop, slowest 503 ${ms(Math.max(...unavailable.map((o) => o.ended - o.started)))}; ` +
          `first 2xx ${ms(recovered.ended - up)} after the start; answers ${JSON.stringify(byStatus(outcomes))} ` +
          `(during the outage ${duringOutage.length}); acknowledged writes ${comments.length} comments, ${posts.length} posts, all kept`,
      );
    },
    60_000,
  );
});
