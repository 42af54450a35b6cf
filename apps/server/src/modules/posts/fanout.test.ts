// The deferred feed fan-out (fanout.ts, sql/feeds.sql "Deferred fan-out"), on both databases.
// In SQL: a post still pending is in no feed and in no feed's count, whatever follows, unfollows
// and memberships happen before its fan-out, and the fan-out then gives it to exactly the readers
// of that moment, once. Through the app: above FEED_QUEUE_ABOVE the posting request answers
// before the followers have it, and the job queue brings it to their feeds and live streams, also
// while people follow and unfollow at the same moment.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PostPage } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { communityMembers, feedEntries, feedFanouts, follows, posts, users } from '../../db/schema.ts';
import { backends, useApp, useDatabase, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import type { Browser } from '../../../test/browser.ts';
import { openLiveStream } from '../../../test/live-stream.ts';
import { communityOf, newPost, peopleOf } from '../../../test/posts.ts';
import { keptStateProblems } from './kept-check.ts';
import { feedPage } from './service.ts';

/** Waits until no post waits for its fan-out (the queue worked them all), for at most `ms`. */
async function fannedOut(db: Db, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(feedFanouts);
    if (row!.n === 0) return;
    if (Date.now() > until) throw new Error(`${row!.n} fan-outs still pending after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(backends)('deferred feed fan-out in SQL on $name', (backend) => {
  const t = useDatabase(backend);
  const reader = () => ({ db: t.db, defaultCover: '/media/defaults/cover.webp' });
  const person = async (name: string) =>
    (await t.db.insert(users).values({ username: name, email: `${name}@pitlane.test`, fullName: name }).returning({ id: users.id }))[0]!.id;
  /** A post as the posting route makes it: counted, its fan-out pending. */
  const pendingPost = (authorId: string, title: string, communityId: string | null = null) =>
    inTransaction(t.db, async (tx) => {
      await tx.execute(sql`select set_config('pitlane.defer_fanout', 'on', true)`);
      const [row] = await tx.insert(posts).values({ authorId, title, content: title, communityId, trendingScore: 0 }).returning({ id: posts.id });
      return row!.id;
    });
  const fanOut = async (postId: string) => (await t.db.execute<{ done: boolean }>(sql`select feed_fanout(${postId}) as done`)).rows[0]!.done;
  const feed = async (viewerId: string) => {
    const page = await feedPage(reader(), viewerId, 1);
    return { titles: page.posts.map((p) => p.title), totalPages: page.totalPages };
  };
  const expectKeptRight = async () => expect(await keptStateProblems(t.db)).toEqual([]);

  it('a pending post is in no feed; its fan-out brings it to the readers of that moment, once', async () => {
    const [kenji, maya, lena, ola] = [await person('kenji'), await person('maya'), await person('lena'), await person('ola')];
    await t.db.insert(follows).values([{ followerId: maya, followeeId: kenji }, { followerId: lena, followeeId: kenji }]);
    const postId = await pendingPost(kenji, 'Night run');
    expect(await feed(maya)).toEqual({ titles: [], totalPages: 0 });
    await expectKeptRight();

    // Meanwhile Lena unfollows and Ola follows: neither takes the pending post in or out.
    await t.db.execute(sql`delete from follows where follower_id = ${lena} and followee_id = ${kenji}`);
    await t.db.insert(follows).values({ followerId: ola, followeeId: kenji });
    await expectKeptRight();
    expect(await feed(ola)).toEqual({ titles: [], totalPages: 0 });

    expect(await fanOut(postId)).toBe(true);
    expect(await feed(maya)).toEqual({ titles: ['Night run'], totalPages: 1 });
    expect(await feed(ola)).toEqual({ titles: ['Night run'], totalPages: 1 });
    expect(await feed(lena)).toEqual({ titles: [], totalPages: 0 });
    await expectKeptRight();

    // Again (a retried job): nothing more.
    expect(await fanOut(postId)).toBe(false);
    expect(await feed(maya)).toEqual({ titles: ['Night run'], totalPages: 1 });
    await expectKeptRight();
  });

  it('a community post pending while someone joins goes to the members of the moment of its fan-out', async () => {
    const [kenji, maya, lena] = [await person('kenji'), await person('maya'), await person('lena')];
    const club = await communityOf(t.db, { id: kenji }, 'Air-cooled', [{ id: maya }]);
    await t.db.insert(follows).values([{ followerId: maya, followeeId: kenji }, { followerId: lena, followeeId: kenji }]);
    const postId = await pendingPost(kenji, 'Members meet', club);
    await t.db.insert(communityMembers).values({ communityId: club, userId: lena });
    await t.db.execute(sql`delete from community_members where community_id = ${club} and user_id = ${maya}`);
    await expectKeptRight();
    expect(await fanOut(postId)).toBe(true);
    expect((await feed(lena)).titles).toEqual(['Members meet']);
    expect((await feed(maya)).titles).toEqual([]);
    await expectKeptRight();
  });

  it("a pulled author's posts leave the kept feeds and are read at read time: every page and size stays the same, both ways", async () => {
    const [kenji, lena, maya, ola] = [await person('kenji'), await person('lena'), await person('maya'), await person('ola')];
    const club = await communityOf(t.db, { id: kenji }, 'Air-cooled', [{ id: maya }]);
    await t.db.insert(follows).values([
      { followerId: maya, followeeId: kenji },
      { followerId: maya, followeeId: lena },
      { followerId: ola, followeeId: kenji },
    ]);
    // 14 of Kenji's (every 4th in the club, which Ola does not see) between 4 of Lena's, a minute apart.
    for (let i = 0; i < 18; i++) {
      const [author, communityId] = i % 5 === 2 ? [lena, null] : [kenji, i % 4 === 0 ? club : null];
      await t.db.insert(posts).values({ authorId: author, title: `Post ${i}`, content: 'x', communityId, trendingScore: 0, createdAt: new Date(Date.UTC(2026, 0, 1, 12, i)) });
    }
    const pages = async (viewer: string) => [await feed(viewer), (await feedPage(reader(), viewer, 2)).posts.map((p) => p.title)];
    const pushed = { maya: await pages(maya), ola: await pages(ola) };
    expect(pushed.maya[0]).toMatchObject({ totalPages: 2 });
    const kenjiEntries = async () =>
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from feed_entries e join posts p on p.id = e.post_id where p.author_id = ${kenji}`)).rows[0]!.n;
    expect(await kenjiEntries()).toBeGreaterThan(0);

    const setPulled = async (on: boolean) => (await t.db.execute<{ changed: boolean }>(sql`select feed_set_pulled(${kenji}, ${on}) as changed`)).rows[0]!.changed;
    expect(await setPulled(true)).toBe(true);
    expect(await setPulled(true)).toBe(false);
    expect(await kenjiEntries()).toBe(0);
    await expectKeptRight();
    expect({ maya: await pages(maya), ola: await pages(ola) }).toEqual(pushed);

    // Pulled: a new post, an unfollow and a follow read right at once.
    await t.db.insert(posts).values({ authorId: kenji, title: 'Pulled news', content: 'x', trendingScore: 0 });
    expect((await feed(maya)).titles[0]).toBe('Pulled news');
    await t.db.execute(sql`delete from follows where follower_id = ${ola} and followee_id = ${kenji}`);
    expect(await feed(ola)).toEqual({ titles: [], totalPages: 0 });
    await t.db.insert(follows).values({ followerId: ola, followeeId: kenji });
    expect((await feed(ola)).titles[0]).toBe('Pulled news');
    await expectKeptRight();
    const pulled = { maya: await pages(maya), ola: await pages(ola) };

    expect(await setPulled(false)).toBe(true);
    expect(await kenjiEntries()).toBeGreaterThan(0);
    await expectKeptRight();
    expect({ maya: await pages(maya), ola: await pages(ola) }).toEqual(pulled);
  });

  it('switching an author with a post still pending keeps every count, and the fan-out after it too', async () => {
    const [kenji, maya, lena] = [await person('kenji'), await person('maya'), await person('lena')];
    const club = await communityOf(t.db, { id: kenji }, 'Air-cooled', [{ id: maya }]);
    await t.db.insert(follows).values([{ followerId: maya, followeeId: kenji }, { followerId: lena, followeeId: kenji }]);
    // One after the other: each statement has its own now(), so the order is the insertion's.
    await t.db.insert(posts).values({ authorId: kenji, title: 'Open', content: 'x', trendingScore: 0 });
    await t.db.insert(posts).values({ authorId: kenji, title: 'Club', content: 'x', communityId: club, trendingScore: 0 });
    const waiting = [await pendingPost(kenji, 'Pending open'), await pendingPost(kenji, 'Pending club', club)];
    for (const on of [true, false, true]) {
      await t.db.execute(sql`select feed_set_pulled(${kenji}, ${on})`);
      await expectKeptRight();
    }
    for (const postId of waiting) expect(await fanOut(postId)).toBe(true);
    await expectKeptRight();
    expect(await feed(maya)).toEqual({ titles: ['Pending club', 'Pending open', 'Club', 'Open'], totalPages: 1 });
    expect(await feed(lena)).toEqual({ titles: ['Pending open', 'Open'], totalPages: 1 });
  });

  it('a trimmed feed reads the same pages, past its horizon too, when an author in it is pulled', async () => {
    const [kenji, lena, maya] = [await person('kenji'), await person('lena'), await person('maya')];
    await t.db.insert(follows).values([{ followerId: maya, followeeId: kenji }, { followerId: maya, followeeId: lena }]);
    // 560 posts a minute apart, every 8th Lena's: Maya's feed keeps the newest 500 entries.
    await t.db.execute(sql`insert into posts (author_id, title, content, trending_score, created_at)
      select case when i % 8 = 0 then ${lena}::uuid else ${kenji}::uuid end, 'Post ' || i, 'x', 0,
        timestamptz '2026-01-01 00:00:00+00' + make_interval(mins => i)
      from generate_series(1, 560) i`);
    const everyPage = async () => {
      const pages: string[][] = [];
      for (let page = 1; page <= 57; page++) pages.push((await feedPage(reader(), maya, page)).posts.map((p) => p.title));
      return { pages, totalPages: (await feedPage(reader(), maya, 1)).totalPages };
    };
    const pushed = await everyPage();
    expect(pushed.totalPages).toBe(56);
    expect(pushed.pages[55]).toEqual(Array.from({ length: 10 }, (_, i) => `Post ${10 - i}`));
    await t.db.execute(sql`select feed_set_pulled(${lena}, true)`);
    await expectKeptRight();
    expect(await everyPage()).toEqual(pushed);
    await t.db.execute(sql`select feed_set_pulled(${lena}, false)`);
    await expectKeptRight();
    expect(await everyPage()).toEqual(pushed);
  });

  it('a pending post deleted before its fan-out leaves every count as it was', async () => {
    const [kenji, maya] = [await person('kenji'), await person('maya')];
    await t.db.insert(follows).values({ followerId: maya, followeeId: kenji });
    const postId = await pendingPost(kenji, 'Gone soon');
    await t.db.delete(posts).where(sql`${posts.id} = ${postId}`);
    await expectKeptRight();
    expect(await fanOut(postId)).toBe(false);
    expect(await feed(maya)).toEqual({ titles: [], totalPages: 0 });
    await expectKeptRight();
  });
});

describe.each(backends)('feed fan-out through the job queue on $name', (backend) => {
  const sink = useSmtpSink();
  const dataDir = useTempDir('pitlane-fanout-test-', { per: 'suite' });
  // Every post goes through the queue, as a post by someone with many followers does; more
  // than one follower makes an author pulled.
  const t = useApp(backend, { sink, dataDir, env: { FEED_QUEUE_ABOVE: '0', FEED_PULL_ABOVE: '1' } });
  /** The follow toggle: follows, or unfollows someone followed. */
  const follow = async (b: Browser, userId: string) => expect((await b.request('PATCH', `/api/user/${userId}/follow`, { payload: {} })).statusCode).toBe(200);
  const feedOf = async (b: Browser) => (await b.get('/api/posts/feed?page=1')).json<PostPage>();

  it("the post reaches the followers' feeds and live streams after the request answered", async () => {
    const [kenji, maya] = await peopleOf(t.app, sink, 'kenji', 'maya');
    await follow(maya.browser, kenji.id);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const stream = await openLiveStream(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, maya.browser);
    try {
      await stream.next((event) => event.type === 'unread');
      const post = await newPost(kenji.browser, { title: 'Through the queue' });
      expect(await stream.next((event) => event.type === 'post', 10_000)).toEqual({ type: 'post', postId: post._id, authorId: kenji.id });
      await fannedOut(t.db);
      expect((await feedOf(maya.browser)).posts.map((p) => p._id)).toEqual([post._id]);
      expect(await keptStateProblems(t.db)).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('an author past FEED_PULL_ABOVE is pulled by the job: the post is in both feeds, read at read time', async () => {
    const [kenji, maya, lena] = await peopleOf(t.app, sink, 'kenji', 'maya', 'lena');
    const before = await newPost(kenji.browser, { title: 'Before the followers' });
    await follow(maya.browser, kenji.id);
    await follow(lena.browser, kenji.id);
    const after = await newPost(kenji.browser, { title: 'After the followers' });
    await fannedOut(t.db);
    await expect.poll(async () => (await t.db.execute(sql`select 1 from feed_pulled_authors where author_id = ${kenji.id}`)).rows.length).toBe(1);
    for (const reader of [maya, lena]) {
      expect((await feedOf(reader.browser)).posts.map((p) => p._id)).toEqual([after._id, before._id]);
    }
    const [entries] = await t.db.select({ n: sql<number>`count(*)::int` }).from(feedEntries);
    expect(entries!.n).toBe(0);
    expect(await keptStateProblems(t.db)).toEqual([]);
  });

  it('follows and unfollows while posts wait for their fan-out keep every feed and count exact', async () => {
    const [kenji, maya, lena] = await peopleOf(t.app, sink, 'kenji', 'maya', 'lena');
    const toggles = (b: Browser, times: number) =>
      (async () => {
        for (let i = 0; i < times; i++) await follow(b, kenji.id);
      })();
    const posting = (async () => {
      for (let i = 0; i < 6; i++) await newPost(kenji.browser, { title: `Lap ${i}` });
    })();
    // Maya ends following (7 toggles), Lena not (6).
    await Promise.all([posting, toggles(maya.browser, 7), toggles(lena.browser, 6)]);
    await fannedOut(t.db);
    expect(await keptStateProblems(t.db)).toEqual([]);
    expect((await feedOf(maya.browser)).posts.map((p) => p.title)).toEqual(['Lap 5', 'Lap 4', 'Lap 3', 'Lap 2', 'Lap 1', 'Lap 0']);
    expect((await feedOf(lena.browser)).posts).toEqual([]);
    const [pending] = await t.db.select({ n: sql<number>`count(*)::int` }).from(feedFanouts);
    expect(pending!.n).toBe(0);
  });
});
