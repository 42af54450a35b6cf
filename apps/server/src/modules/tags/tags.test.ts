// Tags (issue 21, README.md beside this file): stored from a post's title and content, replaced on
// edit, gone with the post; a tag's page as every post list shows posts (visibility, hiding,
// cards with their comment previews, paging); trending tags over the app's clock; type-ahead for
// `#` and `@`; tags in search; the backfill of posts written before tags.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PAGE_SIZES,
  REFUSAL_MESSAGES,
  TRENDING_TAGS_COUNT,
  TRENDING_TAGS_WINDOW_DAYS,
  TYPEAHEAD_LIMIT,
  type PostPage,
  type SearchResults,
  type TagCount,
  type UserSummary,
} from '@pitlane/api/contract';
import { backends, useApp, useDatabase, useSmtpSink } from '../../../test/harness.ts';
import { emptyDatabase, migrationsUpTo } from '../../../test/migrations.ts';
import { migrate } from '../../db/migrate.ts';
import { browser, type Person } from '../../../test/browser.ts';
import { communityOf, form, newPost, peopleOf } from '../../../test/posts.ts';
import { block, hidden, mute } from '../../../test/safety.ts';
import { keptStateProblems } from '../posts/kept-check.ts';
import { backfillPostTags } from './backfill.ts';

const sink = useSmtpSink();
const DAY = 24 * 60 * 60 * 1000;
let clockOffsetMs = 0;

describe.each(backends)('tags on $name', (backend) => {
  const t = useApp(backend, { sink, clock: () => new Date(Date.now() + clockOffsetMs) });

  const getJson = async <T>(who: Person, url: string): Promise<T> => {
    const response = await who.browser.get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };
  const tagPage = (who: Person, tag: string, page = 1) => getJson<PostPage>(who, `/api/tags/${encodeURIComponent(tag)}/posts?page=${page}`);
  const tagIds = async (who: Person, tag: string, page = 1) => (await tagPage(who, tag, page)).posts.map((p) => p._id);
  const trending = async (who: Person) => (await getJson<{ tags: TagCount[] }>(who, '/api/tags/trending')).tags;
  const suggestTags = async (who: Person, q: string) => (await getJson<{ tags: TagCount[] }>(who, `/api/tags?q=${encodeURIComponent(q)}`)).tags;
  const suggestPeople = async (who: Person, q: string) =>
    (await getJson<{ users: UserSummary[] }>(who, `/api/mentions?q=${encodeURIComponent(q)}`)).users.map((u) => u.username);
  const storedTags = async (postId: string) =>
    (await t.db.execute<{ tag: string }>(sql`select tag from post_tags where post_id = ${postId} order by tag`)).rows.map((row) => row.tag);
  const counts = async () =>
    Object.fromEntries((await t.db.execute<{ tag: string; post_count: number }>(sql`select tag, post_count from tag_counts where post_count > 0 order by tag`)).rows.map((row) => [row.tag, Number(row.post_count)]));
  const edit = async (who: Person, postId: string, fields: { title: string; content: string }) => {
    const card = await getJson<{ images: Array<{ url: string }> }>(who, `/api/posts/${postId}`);
    const response = await who.browser.request('PUT', `/api/posts/${postId}`, await form({ ...fields, existingImageUrls: JSON.stringify(card.images.map((i) => i.url)) }));
    expect(response.statusCode, response.body).toBe(200);
  };

  it('stores the tags of the title and content, normalized and once each; replaces them on edit; they go with the post; comments store none', async () => {
    clockOffsetMs = 0;
    const [maya] = await peopleOf(t.app, sink, 'maya');
    const post = await newPost(maya.browser, { title: 'Morning #E30 run', content: 'Cold tyres, #TrackDay pace. #e30 again, C# no tag, mail@x.y #Ölwechsel' });
    expect(await storedTags(post._id)).toEqual(['e30', 'trackday', 'ölwechsel'].sort());
    expect(await tagIds(maya, 'E30')).toEqual([post._id]);

    await edit(maya, post._id, { title: 'Morning run', content: '#trackday and #911' });
    expect(await storedTags(post._id)).toEqual(['911', 'trackday']);
    expect(await tagIds(maya, 'e30')).toEqual([]);
    expect(await counts()).toEqual({ '911': 1, trackday: 1 });

    const comment = await maya.browser.post(`/api/comments/${post._id}`, { text: 'Also #e30 #drift' });
    expect(comment.statusCode).toBe(201);
    expect(await storedTags(post._id)).toEqual(['911', 'trackday']);

    const other = await newPost(maya.browser, { title: '#trackday again' });
    expect(await keptStateProblems(t.db)).toEqual([]);
    expect((await maya.browser.request('DELETE', `/api/posts/${post._id}`)).statusCode).toBe(200);
    expect(await storedTags(post._id)).toEqual([]);
    expect(await counts()).toEqual({ trackday: 1 });
    // An account's deletion takes its posts' tags with them (the cascade), the counts too.
    await t.db.execute(sql`delete from users where id = ${maya.id}`);
    expect(await storedTags(other._id)).toEqual([]);
    expect(await counts()).toEqual({});
    expect(await keptStateProblems(t.db)).toEqual([]);
  });

  it('answers 400 with the contract message for a tag that cannot be one; 401 without a session', async () => {
    const [maya] = await peopleOf(t.app, sink, 'maya');
    for (const bad of ['e-30', 'a b', 'x'.repeat(51), '%F0%9F%8F%8E']) {
      const response = await maya.browser.get(`/api/tags/${bad.includes('%') ? bad : encodeURIComponent(bad)}/posts?page=1`);
      expect([response.statusCode, response.json()], bad).toEqual([400, { message: REFUSAL_MESSAGES.invalidTag }]);
    }
    // Whatever is typed after `#` or `@`: an answer, never a 5xx (the input guard refuses NUL and 10 KB).
    for (const q of ["'; drop table post_tags; --", '%', '_', '\\', '#', '@', '##e', 'É', '🏎️', 'x'.repeat(500), 'a\u0000b', 'x'.repeat(10 * 1024)]) {
      for (const path of ['/api/tags', '/api/mentions']) {
        const response = await maya.browser.get(`${path}?q=${encodeURIComponent(q)}`);
        expect(response.statusCode, `${path} ${q.slice(0, 20)}`).toBeLessThan(500);
        if (response.statusCode === 200) expect(Object.values(response.json<Record<string, unknown[]>>())[0]).toEqual([]);
      }
    }
    for (const url of ['/api/tags/e30/posts?page=1', '/api/tags/trending', '/api/tags?q=e', '/api/mentions?q=m']) {
      expect((await browser(t.app).get(url)).statusCode, url).toBe(401);
    }
  });

  it("a tag's page: newest first, paged, cards with their comment previews; community posts for members only; hidden people's posts left out", async () => {
    clockOffsetMs = 0;
    const [maya, kenji, lena, omar] = await peopleOf(t.app, sink, 'maya', 'kenji', 'lena', 'omar');
    const community = await communityOf(t.db, kenji, 'Air-cooled club', [lena]);
    const older = await newPost(kenji.browser, { title: 'Old #911' });
    const inCommunity = await newPost(lena.browser, { title: 'Members only #911', community });
    const byOmar = await newPost(omar.browser, { title: 'Omar #911' });
    const newest = await newPost(maya.browser, { title: 'Newest #911' });
    expect((await maya.browser.post(`/api/comments/${newest._id}`, { text: 'First!' })).statusCode).toBe(201);

    // Lena is a member; Maya is not.
    expect(await tagIds(lena, '911')).toEqual([newest._id, byOmar._id, inCommunity._id, older._id]);
    const page = await tagPage(maya, '911');
    expect(page.posts.map((p) => p._id)).toEqual([newest._id, byOmar._id, older._id]);
    expect(page.totalPages).toBe(1);
    expect(page.posts[0]!.commentsPreview).toMatchObject({ totalComments: 1, comments: [{ text: 'First!' }] });

    // Blocked either way, muted, suspended: left out of the page and its size.
    await hidden(mute(maya, omar));
    expect(await tagIds(maya, '911')).toEqual([newest._id, older._id]);
    await hidden(block(kenji, maya));
    expect(await tagIds(maya, '911')).toEqual([newest._id]);
    expect(await tagIds(kenji, '911')).toEqual([byOmar._id, inCommunity._id, older._id]);
    await t.db.execute(sql`update users set suspended_at = now(), suspension_reason = 'spam' where id = ${omar.id}`);
    expect(await tagIds(kenji, '911')).toEqual([inCommunity._id, older._id]);

    // Paging by PAGE_SIZES.tagPosts.
    const made: string[] = [];
    for (let i = 0; i <= PAGE_SIZES.tagPosts; i++) made.unshift((await newPost(lena.browser, { title: `Lap ${i} #pages` }))._id);
    const first = await tagPage(maya, 'PAGES');
    expect(first.totalPages).toBe(2);
    expect(first.posts.map((p) => p._id)).toEqual(made.slice(0, PAGE_SIZES.tagPosts));
    expect(await tagIds(maya, 'pages', 2)).toEqual(made.slice(PAGE_SIZES.tagPosts));
  });

  it(`trending: the tags of the most visible posts of the last ${TRENDING_TAGS_WINDOW_DAYS} days by the app's clock, ties by name, at most ${TRENDING_TAGS_COUNT}`, async () => {
    clockOffsetMs = 0;
    const [maya, kenji, lena] = await peopleOf(t.app, sink, 'maya', 'kenji', 'lena');
    const community = await communityOf(t.db, lena, 'Drift club');
    await newPost(kenji.browser, { title: '#drift #e30', content: '#Drift twice in one post counts once.' });
    await newPost(maya.browser, { title: '#drift day' });
    await newPost(lena.browser, { title: 'Club #secret #secret2 #secret3', community });
    await newPost(lena.browser, { title: 'Club again #secret', community });
    for (let i = 0; i < TRENDING_TAGS_COUNT; i++) await newPost(maya.browser, { title: `#tag${String(i).padStart(2, '0')}` });

    const seen = await trending(maya);
    expect(seen).toHaveLength(TRENDING_TAGS_COUNT);
    expect(seen.slice(0, 3)).toEqual([{ tag: 'drift', postCount: 2 }, { tag: 'e30', postCount: 1 }, { tag: 'tag00', postCount: 1 }]);
    expect(seen.map((x) => x.tag)).not.toContain('secret');
    expect((await trending(lena)).slice(0, 2)).toEqual([{ tag: 'drift', postCount: 2 }, { tag: 'secret', postCount: 2 }]);

    await hidden(block(maya, kenji));
    expect((await trending(maya)).slice(0, 2)).toEqual([{ tag: 'drift', postCount: 1 }, { tag: 'tag00', postCount: 1 }]);

    clockOffsetMs = (TRENDING_TAGS_WINDOW_DAYS - 1) * DAY;
    expect((await trending(lena)).slice(0, 2)).toEqual([{ tag: 'drift', postCount: 2 }, { tag: 'secret', postCount: 2 }]);
    clockOffsetMs = (TRENDING_TAGS_WINDOW_DAYS + 1) * DAY;
    expect(await trending(lena)).toEqual([]);
    const fresh = await newPost(kenji.browser, { title: 'Back at it #e30' });
    expect(fresh._id).toBeTruthy();
    expect(await trending(lena)).toEqual([]); // the post is dated by the database: older than the moved clock's window
    clockOffsetMs = 0;
  });

  it('tag type-ahead: known tags starting with the query, most posts first, then by name; and search shows tags', async () => {
    const [maya] = await peopleOf(t.app, sink, 'maya');
    await newPost(maya.browser, { title: '#e30 #e36 #e46_m3' });
    await newPost(maya.browser, { title: '#e36 #evo' });
    await newPost(maya.browser, { title: '#e36 #e30' });
    await newPost(maya.browser, { title: '#e9' });
    for (let i = 0; i < TYPEAHEAD_LIMIT; i++) await newPost(maya.browser, { title: `#x${i}` });
    expect(await suggestTags(maya, '#E')).toEqual([
      { tag: 'e36', postCount: 3 }, { tag: 'e30', postCount: 2 }, { tag: 'e46_m3', postCount: 1 }, { tag: 'e9', postCount: 1 }, { tag: 'evo', postCount: 1 },
    ]);
    expect((await suggestTags(maya, 'e4')).map((x) => x.tag)).toEqual(['e46_m3']);
    expect(await suggestTags(maya, 'e_')).toEqual([]); // `_` is no wildcard
    expect(await suggestTags(maya, '%')).toEqual([]);
    expect(await suggestTags(maya, 'nothing')).toEqual([]);
    expect(await suggestTags(maya, '')).toHaveLength(TYPEAHEAD_LIMIT);

    const search = await getJson<SearchResults>(maya, `/api/search?q=${encodeURIComponent('#E3')}`);
    expect(search.tags).toEqual([{ tag: 'e36', postCount: 3 }, { tag: 'e30', postCount: 2 }]);
    expect((await getJson<SearchResults>(maya, '/api/search?q=e3')).tags?.map((x) => x.tag)).toEqual(['e36', 'e30']);
    expect((await getJson<SearchResults>(maya, '/api/search?q=e%203')).tags).toEqual([]);
  });

  it('people type-ahead: username or name starting with the query, followed people first; never oneself, a block pair or a suspended person', async () => {
    const [maya, mario, marta, kenji, mads, max] = await peopleOf(t.app, sink, 'maya', 'mario', 'marta', 'kenji', 'mads', 'max');
    await t.db.execute(sql`update users set full_name = 'Marco Rossi' where id = ${kenji.id}`);
    expect((await maya.browser.patch(`/api/user/${marta.id}/follow`, {})).statusCode).toBe(200);
    expect((await maya.browser.patch(`/api/user/${kenji.id}/follow`, {})).statusCode).toBe(200);
    expect(await suggestPeople(maya, 'MA')).toEqual(['kenji', 'marta', 'mads', 'mario', 'max']);
    expect(await suggestPeople(maya, '@mar')).toEqual(['kenji', 'marta', 'mario']);
    expect(await suggestPeople(maya, '')).toEqual(['kenji', 'marta']);
    expect(await suggestPeople(maya, 'ma_')).toEqual([]);
    await hidden(block(mario, maya));
    await hidden(block(maya, mads));
    await hidden(mute(maya, max)); // a muted person can still be mentioned
    await t.db.execute(sql`update users set suspended_at = now(), suspension_reason = 'spam' where id = ${marta.id}`);
    expect(await suggestPeople(maya, 'ma')).toEqual(['kenji', 'max']);
    expect(await suggestPeople(mario, 'ma')).toEqual(['kenji', 'mads', 'max']); // nor oneself (Kenji by his name)
  });

  it('reads the tags of posts written before tags existed (the backfill after migration 0020)', async () => {
    const [maya] = await peopleOf(t.app, sink, 'maya');
    const post = await newPost(maya.browser, { title: 'Old #Supra', content: 'From before #tags' });
    const gone = await newPost(maya.browser, { title: 'Deleted #supra' });
    await t.db.execute(sql`delete from post_tags`);
    await t.db.execute(sql`insert into post_tags_backfill (post_id) select id from posts`);
    expect((await maya.browser.request('DELETE', `/api/posts/${gone._id}`)).statusCode).toBe(200);
    expect(await backfillPostTags(t.db)).toBe(2);
    expect(await storedTags(post._id)).toEqual(['supra', 'tags']);
    expect((await t.db.execute(sql`select 1 from post_tags_backfill`)).rows).toEqual([]);
    expect(await counts()).toEqual({ supra: 1, tags: 1 });
    expect(await backfillPostTags(t.db)).toBe(0);
  });
});

describe.each(backends)('the tags migration on $name', (backend) => {
  useDatabase(backend);

  it("reads the tags of the posts written before it, with the contract's parser, and only once", async () => {
    const older = migrationsUpTo('0019_active_sessions');
    const old = await emptyDatabase(backend);
    try {
      await migrate(old.database, older.folder);
      const db = old.database.db;
      const [ada] = (await db.execute<{ id: string }>(sql`insert into users (username, email, full_name) values ('ada', 'ada@pitlane.test', 'Ada') returning id`)).rows;
      const [post] = (await db.execute<{ id: string }>(sql`insert into posts (author_id, title, content, trending_score)
        values (${ada!.id}, 'Old #E30', 'Before tags: #Trackday, C# and &#39; are none. @ada', 0) returning id`)).rows;

      await migrate(old.database);
      const tagsOf = async () => (await db.execute<{ tag: string }>(sql`select tag from post_tags where post_id = ${post!.id} order by tag`)).rows.map((row) => row.tag);
      expect(await tagsOf()).toEqual(['e30', 'trackday']);
      expect((await db.execute(sql`select 1 from post_tags_backfill`)).rows).toEqual([]);
      expect((await db.execute(sql`select 1 from notifications`)).rows).toEqual([]); // old mentions notify nobody
      await migrate(old.database);
      expect(await tagsOf()).toEqual(['e30', 'trackday']);
      expect(await keptStateProblems(db)).toEqual([]);
    } finally {
      await old.dispose();
      older.remove();
    }
  });
});
