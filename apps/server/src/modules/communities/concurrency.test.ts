// Community changes racing posts and joins (README.md "Locking"): whatever the interleaving, no
// post of a non-member remains, no post outlives its community, no request fails with a 5xx and
// no image file is left without its row. On PostgreSQL the requests really run at once (a pool
// of connections); on PGlite transactions take turns, so the same invariants are checked there.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import type { Browser } from '../../../test/browser.ts';
import { siblingKeys } from '../media/keys.ts';
import { createPost, mediaKey, peopleOf, storedFiles } from '../../../test/posts.ts';
import { edit, join, newCommunity } from '../../../test/communities.ts';

const sink = useSmtpSink();
/** A media directory of its own for every test. */
const dataDir = useTempDir('pitlane-community-races-test-');

const ATTEMPTS = 8;
const later = <T>(ms: number, run: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => run().then(resolve, reject), ms));

describe.each(backends)('communities under concurrent requests on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });

  /** `ATTEMPTS` posts in the community, started a few milliseconds apart; their statuses. */
  const postsInto = (b: Browser, communityId: string) =>
    Array.from({ length: ATTEMPTS }, (_, i) => later(i * 10, () => createPost(b, { title: `Race ${i}`, community: communityId }).then((r) => r.statusCode)));

  const count = async (query: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: number | string }>(query)).rows[0]!.n);

  /** Every post image on disk belongs to a row, and every row's files are on disk. */
  async function expectNoOrphanFiles() {
    const rows = await t.db.execute<{ url: string }>(sql`select url from post_images`);
    const expected = rows.rows.flatMap((row) => siblingKeys(mediaKey(row.url))).sort();
    expect(storedFiles(path.join(dataDir.path, 'media')).filter((file) => file.startsWith('posts/'))).toEqual(expected);
  }

  it('leaving while posting there: no post of the leaver remains in the community', async () => {
    const [maya, lena] = await peopleOf(t.app, sink, 'maya', 'lena');
    const club = await newCommunity(maya.browser, 'Air-Cooled Porsche Club');
    await join(lena.browser, club._id);
    const posting = postsInto(lena.browser, club._id);
    const leaving = later(35, () => lena.browser.request('DELETE', `/api/communities/${club._id}/leave-and-delete-posts`));
    const statuses = await Promise.all(posting);
    expect((await leaving).statusCode).toBe(200);
    for (const status of statuses) expect([201, 403]).toContain(status);
    expect(await count(sql`select count(*) as n from posts where community_id = ${club._id} and author_id = ${lena.id}`)).toBe(0);
    await expectNoOrphanFiles();
  });

  it('removal while posting there: no post of the removed member remains', async () => {
    const [maya, lena] = await peopleOf(t.app, sink, 'maya', 'lena');
    const club = await newCommunity(maya.browser, 'JDM Legends');
    await join(lena.browser, club._id);
    const posting = postsInto(lena.browser, club._id);
    const removing = later(35, () => maya.browser.patch(`/api/communities/${club._id}/remove-member/${lena.id}`));
    const statuses = await Promise.all(posting);
    expect((await removing).statusCode).toBe(200);
    for (const status of statuses) expect([201, 403]).toContain(status);
    expect(await count(sql`select count(*) as n from posts where community_id = ${club._id} and author_id = ${lena.id}`)).toBe(0);
    await expectNoOrphanFiles();
  });

  it('an edit dropping members while they post: none of their posts remains', async () => {
    const [maya, lena, kenji] = await peopleOf(t.app, sink, 'maya', 'lena', 'kenji');
    const club = await newCommunity(maya.browser, 'Track Day Crew');
    await join(lena.browser, club._id);
    await join(kenji.browser, club._id);
    const posting = [...postsInto(lena.browser, club._id), ...postsInto(kenji.browser, club._id)];
    const editing = later(35, () => edit(maya.browser, club._id, { name: 'Track Day Crew', description: 'Maya only.', members: [maya.id] }));
    const statuses = await Promise.all(posting);
    expect((await editing).statusCode).toBe(200);
    for (const status of statuses) expect([201, 403]).toContain(status);
    expect(await count(sql`select count(*) as n from posts where community_id = ${club._id} and author_id <> ${maya.id}`)).toBe(0);
    await expectNoOrphanFiles();
  });

  it('deleting while members post and others join: nothing of the community remains', async () => {
    const [maya, lena, kenji] = await peopleOf(t.app, sink, 'maya', 'lena', 'kenji');
    const club = await newCommunity(maya.browser, 'Vintage Rally');
    await join(lena.browser, club._id);
    const posting = [...postsInto(lena.browser, club._id), ...postsInto(maya.browser, club._id)];
    const joining = later(30, () => kenji.browser.patch(`/api/communities/${club._id}/join`));
    const deleting = later(35, () => maya.browser.request('DELETE', `/api/communities/${club._id}`));
    const statuses = await Promise.all(posting);
    expect((await deleting).statusCode).toBe(200);
    expect([200, 404]).toContain((await joining).statusCode);
    for (const status of statuses) expect([201, 403, 404]).toContain(status);
    expect(await count(sql`select count(*) as n from posts where community_id = ${club._id}`)).toBe(0);
    expect(await count(sql`select count(*) as n from community_members where community_id = ${club._id}`)).toBe(0);
    await expectNoOrphanFiles();
  });

  it('joining twice at once: one join, one 409', async () => {
    const [maya, lena] = await peopleOf(t.app, sink, 'maya', 'lena');
    const club = await newCommunity(maya.browser, 'Air-Cooled Porsche Club');
    const statuses = await Promise.all([1, 2, 3].map(() => lena.browser.patch(`/api/communities/${club._id}/join`).then((r) => r.statusCode)));
    expect(statuses.sort()).toEqual([200, 409, 409]);
    expect(await count(sql`select count(*) as n from community_members where community_id = ${club._id}`)).toBe(2);
  });
});
