// PGlite's data folder surviving a kill -9 (issue 20, item 2): the real server process is
// SIGKILLed while people comment and post and a burst of comments is in flight; started again on
// the same DATA_DIR it opens (the dead process's db.lock is taken over, db/lock.ts), serves the
// same people, and the database checks out: every acknowledged write is there and the state
// the triggers keep (counts, feeds, cards) matches the rows (kept-check.ts).
// (PostgreSQL's counterpart, the database restarted under load: database-outage.test.ts. Media
// files under a kill -9: kill-9.test.ts.)
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.ts';
import { keptStateProblems } from '../src/modules/posts/kept-check.ts';
import { useMigratedDataDir, useSmtpSink } from './harness.ts';
import { startLoad } from './request-load.ts';
import { listeningUrl, PROCESS_TEST_MS, startServer } from './server-process.ts';
import { acknowledged, actionsOn, isSuccess, peopleWithAPost } from './traffic.ts';

const BURST = 20;

describe('the server on PGlite killed (SIGKILL) while writing', () => {
  const sink = useSmtpSink();
  // The database there already (the run's migrated one): the kill is tested, not a first start.
  const tmp = useMigratedDataDir('pitlane-kill-db-');

  it('opens the same data folder again, serves, and keeps every acknowledged write and a consistent kept state', async () => {
    const env = { DATA_DIR: tmp.path, SMTP_URL: sink.url, WEB_DIST_DIR: path.join(tmp.path, 'no-build') };
    const first = startServer(env);
    const url = await listeningUrl(first);
    const { people, postId } = await peopleWithAPost(url, sink, ['jackie', 'graham']);

    const load = startLoad(people, actionsOn(postId, 'kill'), 0);
    await load.until((o) => o.action === 'post' && isSuccess(o), 10_000, 'acknowledged post');
    await load.until(() => acknowledged(load.outcomes, 'comment').length >= 5, 10_000, 'five acknowledged comments');
    // A burst of comments on top of the load, so that writes are surely under way at the kill.
    const burst = Array.from({ length: BURST }, (_, i) => `burst comment #${i}`).map(async (text) => {
      const response = await people[1]!.request('POST', `/api/comments/${postId}`, { text }).catch(() => null);
      return response?.status === 201 ? text : null;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill('SIGKILL');
    await first.exited;
    await load.stop();
    const burstAcknowledged = (await Promise.all(burst)).filter((text) => text !== null);
    const comments = [...acknowledged(load.outcomes, 'comment'), ...burstAcknowledged];
    const posts = acknowledged(load.outcomes, 'post');
    expect(burstAcknowledged.length).toBeLessThan(BURST); // the kill cut writes off
    expect(fs.existsSync(path.join(tmp.path, 'db.lock'))).toBe(true); // left behind by the dead process

    const restarting = performance.now();
    const second = startServer(env);
    const secondUrl = await listeningUrl(second);
    const reopenMs = performance.now() - restarting;
    expect((await fetch(`${secondUrl}/api/health`)).status).toBe(200);
    // The session, the post and its comments came through; it takes writes again.
    const jackie = people[0]!.at(secondUrl);
    expect((await jackie.request('GET', `/api/posts/${postId}`)).status).toBe(200);
    expect((await jackie.request('GET', `/api/comments/${postId}`)).status).toBe(200);
    expect((await jackie.request('POST', `/api/comments/${postId}`, { text: 'Back on track.' })).status).toBe(201);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const database = await openPglite(path.join(tmp.path, 'db'));
    try {
      expect(await keptStateProblems(database.db)).toEqual([]);
      const stored = (await database.db.execute<{ text: string }>(sql`select text from comments`)).rows.map((r) => r.text);
      const storedPosts = (await database.db.execute<{ title: string }>(sql`select title from posts`)).rows.map((r) => r.title);
      expect(comments.filter((text) => !stored.includes(text))).toEqual([]);
      expect(posts.filter((title) => !storedPosts.includes(title))).toEqual([]);
    } finally {
      await database.close();
    }
    console.info(
      `[PGlite SIGKILL] acknowledged before the kill: ${comments.length} comments (${burstAcknowledged.length} of the ${BURST}-comment burst), ` +
        `${posts.length} posts, all kept; ${load.outcomes.filter((o) => o.status === 0).length + BURST - burstAcknowledged.length} requests cut off; ` +
        `listening again ${Math.round(reopenMs)} ms after the restart`,
    );
  }, PROCESS_TEST_MS);
});
