// The lists: feed, trending (with its time decay), by-user, related, a community's posts, and
// the visibility rule: a community's posts never reach a non-member through any list or search.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, PAGE_SIZES, PREVIEW_COMMENT_COUNT, REFUSAL_MESSAGES, type CommentPage, type CommunityPage, type PostPage, type ProfileUser, type SearchResults } from '@pitlane/api/contract';
import { likes, posts } from '../../db/schema.ts';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { communityPostsPage, postReaderOf } from './service.ts';
import { refreshTrendingScore } from './trending.ts';
import { NO_SUCH_ID, communityOf, newPost, peopleOf } from '../../../test/posts.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-lists-test-', { per: 'suite' });

describe.each(backends)('post lists on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  const page = async (b: { get(url: string): Promise<{ statusCode: number; json<T>(): T }> }, url: string) => {
    const response = await b.get(url);
    expect(response.statusCode, url).toBe(200);
    return response.json<PostPage>();
  };
  const titles = (p: PostPage) => p.posts.map((post) => post.title);
  /** Moves a post's creation (and its score) back in time. */
  const age = async (id: string, hours: number) => {
    await t.db.execute(sql`update posts set created_at = now() - make_interval(hours => ${hours}) where id = ${id}`);
    await refreshTrendingScore(t.db, id);
  };

  it('feed: posts of followed users only, newest first, paged, with totalPages', async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    await maya.browser.patch(`/api/user/${kenji.id}/follow`);
    await newPost(lena.browser, { title: 'Not followed' });
    await newPost(maya.browser, { title: 'My own' });
    const made: string[] = [];
    for (let i = 1; i <= PAGE_SIZES.feed + 1; i++) made.push((await newPost(kenji.browser, { title: `AE86 update ${i}` })).title);
    const first = await page(maya.browser, '/api/posts/feed');
    expect(first.totalPages).toBe(2);
    expect(titles(first)).toEqual(made.slice().reverse().slice(0, PAGE_SIZES.feed));
    expect(titles(await page(maya.browser, '/api/posts/feed?page=2'))).toEqual(['AE86 update 1']);
    expect(await page(maya.browser, '/api/posts/feed?page=3')).toEqual({ posts: [], totalPages: 2 });
    expect(await page(lena.browser, '/api/posts/feed')).toEqual({ posts: [], totalPages: 0 });
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999999999999']) {
      const response = await maya.browser.get(`/api/posts/feed?page=${bad}`);
      expect([response.statusCode, response.json()], bad).toEqual([400, { message: REFUSAL_MESSAGES.invalidPage }]);
    }
  });

  it('trending: recent likes and comments first, each halving with age; newest first among equals', async () => {
    const [maya, kenji, lena, sam] = await people('maya', 'kenji', 'lena', 'sam');
    const quiet = await newPost(maya.browser, { title: 'Quiet' });
    const hot = await newPost(kenji.browser, { title: 'Hot' });
    const warm = await newPost(lena.browser, { title: 'Warm' });
    for (const fan of [maya, lena]) await fan.browser.patch(`/api/posts/${hot._id}/like`);
    await maya.browser.patch(`/api/posts/${warm._id}/like`);
    expect(titles(await page(kenji.browser, '/api/posts/trending'))).toEqual(['Hot', 'Warm', 'Quiet']);

    // A three-day-old post with three old likes sinks below a fresh post with one like…
    const old = await newPost(sam.browser, { title: 'Old favourite' });
    for (const fan of [maya, kenji, lena]) await fan.browser.patch(`/api/posts/${old._id}/like`);
    await t.db.execute(sql`update likes set created_at = now() - interval '72 hours' where post_id = ${old._id}`);
    await age(old._id, 72);
    expect(titles(await page(kenji.browser, '/api/posts/trending'))).toEqual(['Hot', 'Warm', 'Quiet', 'Old favourite']);
    // …and comes back with fresh activity: two comments weigh more than Hot's two likes.
    for (const who of [kenji, lena]) await who.browser.post(`/api/comments/${old._id}`, { text: 'Still the best' });
    expect(titles(await page(kenji.browser, '/api/posts/trending'))).toEqual(['Old favourite', 'Hot', 'Warm', 'Quiet']);
    expect(quiet.title).toBe('Quiet');
  });

  it('trending pages by PAGE_SIZES.trending', async () => {
    const [maya] = await people('maya');
    for (let i = 1; i <= PAGE_SIZES.trending + 1; i++) await newPost(maya.browser, { title: `Post ${i}` });
    const first = await page(maya.browser, '/api/posts/trending');
    expect(first.totalPages).toBe(2);
    expect(first.posts).toHaveLength(PAGE_SIZES.trending);
    expect(first.posts[0]?.title).toBe(`Post ${PAGE_SIZES.trending + 1}`);
    expect(titles(await page(maya.browser, '/api/posts/trending?page=2'))).toEqual(['Post 1']);
  });

  it("by-user: one person's posts, newest first, paged; 404 for nobody", async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    await newPost(kenji.browser);
    for (let i = 1; i <= PAGE_SIZES.byUser + 1; i++) await newPost(maya.browser, { title: `Build log ${i}` });
    const first = await page(kenji.browser, `/api/posts/by-user/${maya.id}`);
    expect(first.totalPages).toBe(2);
    expect(first.posts).toHaveLength(PAGE_SIZES.byUser);
    expect(first.posts.every((p) => p.author._id === maya.id)).toBe(true);
    expect(first.posts[0]?.title).toBe(`Build log ${PAGE_SIZES.byUser + 1}`);
    expect(titles(await page(kenji.browser, `/api/posts/by-user/${maya.id}?page=2`))).toEqual(['Build log 1']);
    for (const id of [NO_SUCH_ID, 'nobody']) {
      const response = await kenji.browser.get(`/api/posts/by-user/${id}`);
      expect([response.statusCode, response.json()]).toEqual([404, { message: NOT_FOUND_MESSAGES.user }]);
    }
  });

  it('related: same author or community first (newest first), then the rest by title similarity; never the post itself', async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    const club = await communityOf(t.db, lena, 'Air-Cooled Porsche Club', [maya, kenji]);
    const origin = await newPost(maya.browser, { title: 'Porsche 911 SC restoration', community: club });
    const sibling = await newPost(maya.browser, { title: 'Sibling' });
    const clubmate = await newPost(kenji.browser, { title: 'Clubmate', community: club });
    const similar = await newPost(lena.browser, { title: 'Porsche 911 SC engine rebuild' });
    const unrelated = await newPost(kenji.browser, { title: 'Valve night' });
    const related = await page(kenji.browser, `/api/posts/${origin._id}/related`);
    expect(related.posts.map((p) => p._id)).toEqual([clubmate._id, sibling._id, similar._id, unrelated._id]);
    expect(related.totalPages).toBe(1);
    const missing = await kenji.browser.get(`/api/posts/${NO_SUCH_ID}/related`);
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: NOT_FOUND_MESSAGES.post }]);
  });

  it('related pages across its two tiers', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const origin = await newPost(maya.browser, { title: 'Origin' });
    for (let i = 1; i <= 6; i++) await newPost(maya.browser, { title: `Mine ${i}` });
    for (let i = 1; i <= 6; i++) await newPost(kenji.browser, { title: `Other ${i}` });
    const first = await page(kenji.browser, `/api/posts/${origin._id}/related`);
    const second = await page(kenji.browser, `/api/posts/${origin._id}/related?page=2`);
    expect(first.totalPages).toBe(2);
    expect(titles(first).slice(0, 6)).toEqual(['Mine 6', 'Mine 5', 'Mine 4', 'Mine 3', 'Mine 2', 'Mine 1']);
    expect([...titles(first), ...titles(second)].sort()).toEqual([...Array.from({ length: 6 }, (_, i) => `Mine ${i + 1}`), ...Array.from({ length: 6 }, (_, i) => `Other ${i + 1}`)].sort());
  });

  it("a community's posts reach its members only: never a non-member's feed, trending, by-user, related, search or post count", async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    const club = await communityOf(t.db, maya, 'Track Day Crew', [kenji]);
    const open = await newPost(kenji.browser, { title: 'Open Nurburgring lap' });
    const secret = await newPost(kenji.browser, { title: 'Members Nurburgring lap', community: club });
    await lena.browser.patch(`/api/user/${kenji.id}/follow`);
    await maya.browser.patch(`/api/user/${kenji.id}/follow`);

    const seen = async (who: typeof maya) => {
      const ids = new Set<string>();
      for (const url of ['/api/posts/feed', '/api/posts/trending', `/api/posts/by-user/${kenji.id}`, `/api/posts/${open._id}/related`]) {
        for (const p of (await page(who.browser, url)).posts) ids.add(p._id);
      }
      for (const p of (await who.browser.get('/api/search?q=nurburgring')).json<SearchResults>().posts) ids.add(p._id);
      return ids;
    };
    const outsider = await seen(lena);
    expect(outsider.has(open._id)).toBe(true);
    expect(outsider.has(secret._id)).toBe(false);
    expect((await lena.browser.get(`/api/user/${kenji.username}`)).json<ProfileUser>().postCount).toBe(1);
    const member = await seen(maya);
    expect(member.has(secret._id)).toBe(true);
    expect((await maya.browser.get(`/api/user/${kenji.username}`)).json<ProfileUser>().postCount).toBe(2);
    // A shared link still opens it.
    expect((await lena.browser.get(`/api/posts/${secret._id}`)).statusCode).toBe(200);
  });

  it("community posts page: the community's posts, newest first, with totalPages", async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const club = await communityOf(t.db, maya, 'JDM Legends', [kenji]);
    await newPost(kenji.browser, { title: 'Elsewhere' });
    for (let i = 1; i <= PAGE_SIZES.communityPosts + 1; i++) await newPost(i % 2 ? kenji.browser : maya.browser, { title: `Meet ${i}`, community: club });
    const first = await communityPostsPage(postReaderOf(t.app), maya.id, club, 1);
    expect(first.totalPages).toBe(2);
    expect(first.posts[0]?.title).toBe(`Meet ${PAGE_SIZES.communityPosts + 1}`);
    expect(first.posts.every((p) => p.community?._id === club)).toBe(true);
    expect((await communityPostsPage(postReaderOf(t.app), maya.id, club, 2)).posts.map((p) => p.title)).toEqual(['Meet 1']);
  });

  it("every list page carries each post's comment preview: comments.list's newest comments and its total", async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    await maya.browser.patch(`/api/user/${kenji.id}/follow`);
    const club = await communityOf(t.db, kenji, 'JDM Legends', [maya, lena]);
    const busy = await newPost(kenji.browser, { title: 'Busy' });
    const one = await newPost(kenji.browser, { title: 'One comment', community: club });
    const quiet = await newPost(kenji.browser, { title: 'Quiet' });
    const talk = [maya, lena, kenji, maya];
    for (const [i, who] of talk.entries()) expect((await who.browser.post(`/api/comments/${busy._id}`, { text: `Comment ${i + 1}` })).statusCode).toBe(201);
    expect((await lena.browser.post(`/api/comments/${one._id}`, { text: 'Nice club' })).statusCode).toBe(201);
    // A name change after commenting shows in the previews too, as in comments.list.
    await t.db.execute(sql`update users set full_name = 'Lena Renamed' where id = ${lena.id}`);

    const lists = {
      feed: await page(maya.browser, '/api/posts/feed'),
      trending: await page(maya.browser, '/api/posts/trending'),
      byUser: await page(maya.browser, `/api/posts/by-user/${kenji.id}`),
      related: await page(maya.browser, `/api/posts/${quiet._id}/related`),
      community: (await maya.browser.get(`/api/communities/${club}`)).json<CommunityPage>(),
    };
    for (const [name, list] of Object.entries(lists)) {
      expect(list.posts.length, name).toBeGreaterThan(0);
      for (const post of list.posts) {
        const comments = (await maya.browser.get(`/api/comments/${post._id}`)).json<CommentPage>();
        expect(post.commentsPreview, `${name}: ${post.title}`).toEqual({ comments: comments.comments.slice(0, PREVIEW_COMMENT_COUNT), totalComments: comments.totalComments });
      }
    }
    const preview = (title: string) => lists.feed.posts.find((p) => p.title === title)?.commentsPreview;
    expect(preview('Busy')?.totalComments).toBe(4);
    expect(preview('Busy')?.comments.map((c) => c.text)).toEqual(['Comment 4', 'Comment 3']);
    expect(preview('One comment')?.comments.map((c) => [c.text, c.author.fullName])).toEqual([['Nice club', 'Lena Renamed']]);
    expect(preview('Quiet')).toEqual({ comments: [], totalComments: 0 });
    // One post alone (GET /api/posts/:id) stays as it was: the preview belongs to the lists.
    expect((await maya.browser.get(`/api/posts/${busy._id}`)).json<object>()).not.toHaveProperty('commentsPreview');
  });

  it('answers likes in the order they were given, and images in their order, in every list', async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    const post = await newPost(maya.browser);
    await lena.browser.patch(`/api/posts/${post._id}/like`);
    await kenji.browser.patch(`/api/posts/${post._id}/like`);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post._id));
    expect(row).toBeDefined();
    expect((await t.db.select().from(likes)).length).toBe(2);
    const trending = await page(maya.browser, '/api/posts/trending');
    expect(trending.posts[0]?.likes).toEqual([lena.id, kenji.id]);
    expect(trending.posts[0]?.imageUrls).toEqual(post.imageUrls);
  });
});
