// Block and mute in the lists (issue 18, modules/safety/README.md "Reads"): a viewer does not see
// the posts of people hidden from them (both sides of a block, and the muted) in the feed,
// trending, related, a community's posts, Saved, search's posts and a model's posts, nor their
// comments in the cards' previews, and each list's totalPages counts without them; people lists
// (search's users and cars, a model's cars) leave out block pairs only, suggestions the muted too.
// Someone else's view is unchanged. The blocks and mutes are rows written straight into the
// database (the safety routes are tested in modules/safety), and the cast is the same throughout:
//   maya  the viewer;
//   bo    maya blocked bo, bo blocked maya, and maya muted bo (hidden three times over: every
//         total must subtract bo once);
//   cy    blocked maya;
//   mu    muted by maya (and followed by her: a mute keeps the follow);
//   kenji whose posts maya sees;  lena  who hides no one.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZES, type Car, type ModelCarPage, type PostPage, type SearchResults, type UserSummary } from '@pitlane/api/contract';
import { blocks, cars, comments, communities, communityMembers, follows, mutes, posts, savedPosts, users } from '../../db/schema.ts';
import { backends, useApp, useDatabase, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { newPost, peopleOf } from '../../../test/posts.ts';
import { modelCarsJson, modelPostsJson, searchCars } from '../garage/read.ts';
import { searchUsers } from '../search/routes.ts';
import { searchPosts } from './service.ts';
import { communityPostsPage, feedPage, findPost, relatedPage, savedPage, trendingPage, type PostReader } from './service.ts';

const HANDLES = ['maya', 'bo', 'cy', 'mu', 'kenji', 'lena'] as const;
type Handle = (typeof HANDLES)[number];

describe.each(backends)('lists without hidden people on $name', (backend) => {
  const t = useDatabase(backend);
  const reader = (): PostReader => ({ db: t.db, defaultCover: '/media/defaults/cover.webp' });

  /** The cast, a club they all belong to, the blocks and mutes, and two posts by each hidden person (one on the profile, one in the club). */
  async function scene() {
    const rows = await t.db
      .insert(users)
      .values(HANDLES.map((name) => ({ username: name, email: `${name}@pitlane.test`, fullName: `${name} Racer` })))
      .returning({ id: users.id, username: users.username });
    const id = Object.fromEntries(rows.map((row) => [row.username, row.id])) as Record<Handle, string>;
    const [club] = await t.db.insert(communities).values({ name: 'Porsche Club', description: 'Club', creatorId: id.kenji }).returning({ id: communities.id });
    await t.db.insert(communityMembers).values(HANDLES.map((name) => ({ communityId: club!.id, userId: id[name] })));
    await t.db.insert(blocks).values([
      { blockerId: id.maya, blockedId: id.bo },
      { blockerId: id.bo, blockedId: id.maya },
      { blockerId: id.cy, blockedId: id.maya },
    ]);
    await t.db.insert(mutes).values([
      { muterId: id.maya, mutedId: id.bo },
      { muterId: id.maya, mutedId: id.mu },
    ]);
    const hiddenPosts: string[] = [];
    for (const name of ['bo', 'cy', 'mu'] as const) {
      hiddenPosts.push(await post(id[name], `${name} Porsche profile`), await post(id[name], `${name} Porsche club`, { community: club!.id }));
    }
    return { id, club: club!.id, hiddenPosts };
  }

  let made = 0;
  /** A post, each one a minute newer than the one before (a fixed order). */
  async function post(authorId: string, title: string, options: { community?: string; car?: string } = {}): Promise<string> {
    made += 1;
    const [row] = await t.db
      .insert(posts)
      .values({
        authorId,
        title,
        content: `${title} content`,
        communityId: options.community ?? null,
        carId: options.car ?? null,
        trendingScore: 0,
        createdAt: sql`now() - interval '1 day' + make_interval(mins => ${made})`,
      })
      .returning({ id: posts.id });
    return row!.id;
  }
  /** `count` posts by `authorId` titled `${prefix} i`. */
  async function many(authorId: string, prefix: string, count: number, options: { community?: string; car?: string } = {}): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 1; i <= count; i++) ids.push(await post(authorId, `${prefix} ${i}`, options));
    return ids;
  }

  /** Every page of a list: its titles in order and the totalPages of page 1 (each page agreeing). */
  async function every(read: (page: number) => Promise<{ posts: Array<{ title: string }>; totalPages: number }>) {
    const first = await read(1);
    const titles = first.posts.map((p) => p.title);
    for (let page = 2; page <= first.totalPages + 1; page++) {
      const next = await read(page);
      expect(next.totalPages).toBe(first.totalPages);
      titles.push(...next.posts.map((p) => p.title));
    }
    return { titles, totalPages: first.totalPages };
  }
  const hiddenTitle = /^(bo|cy|mu) /;
  const sorted = (titles: string[]) => [...titles].sort();

  it('trending: neither side of a block nor the muted; totalPages counts each hidden person once; others see everything', async () => {
    const { id, club } = await scene();
    const mine = [...(await many(id.kenji, 'kenji profile', PAGE_SIZES.trending - 1)), await post(id.kenji, 'kenji club', { community: club })];
    const maya = await every((page) => trendingPage(reader(), id.maya, page));
    expect(maya.titles.some((title) => hiddenTitle.test(title))).toBe(false);
    expect(maya.titles).toHaveLength(mine.length);
    expect(maya.totalPages).toBe(1);
    const lena = await every((page) => trendingPage(reader(), id.lena, page));
    expect(lena.titles).toHaveLength(mine.length + 6);
    expect(lena.totalPages).toBe(2);
    // One more of kenji's: maya's list now just spills onto a second page (bo subtracted once, not three times).
    await post(id.kenji, 'kenji one more');
    expect((await trendingPage(reader(), id.maya, 1)).totalPages).toBe(2);
    expect((await every((page) => trendingPage(reader(), id.maya, page))).titles).toHaveLength(mine.length + 1);
  });

  it("a community's posts: not the hidden people's; totalPages without their posts in it", async () => {
    const { id, club } = await scene();
    await many(id.kenji, 'kenji club', PAGE_SIZES.communityPosts, { community: club });
    const maya = await every((page) => communityPostsPage(reader(), id.maya, club, page));
    expect(maya.titles.some((title) => hiddenTitle.test(title))).toBe(false);
    expect(maya).toMatchObject({ totalPages: 1 });
    expect(maya.titles).toHaveLength(PAGE_SIZES.communityPosts);
    const lena = await every((page) => communityPostsPage(reader(), id.lena, club, page));
    expect(sorted(lena.titles)).toEqual(sorted([...maya.titles, 'bo Porsche club', 'cy Porsche club', 'mu Porsche club']));
    expect(lena.totalPages).toBe(2);
    await post(id.kenji, 'kenji one more', { community: club });
    expect((await communityPostsPage(reader(), id.maya, club, 1)).totalPages).toBe(2);
  });

  it('related, of a post on a profile and in a community: no hidden author in either tier; the total leaves out the post only when counted', async () => {
    const { id, club, hiddenPosts } = await scene();
    const origin = await post(id.kenji, 'kenji origin');
    await many(id.kenji, 'kenji profile', 5);
    const clubPosts = await many(id.kenji, 'kenji club', 5, { community: club });
    const related = async (viewerId: string, postId: string) => {
      const ref = (await findPost(t.db, postId))!;
      return every((page) => relatedPage(reader(), viewerId, ref, page));
    };
    // Kenji's 11 posts; the others of one of them are 10: one page.
    for (const from of [origin, clubPosts[0]!]) {
      const maya = await related(id.maya, from);
      expect(maya.titles.some((title) => hiddenTitle.test(title))).toBe(false);
      expect(maya.titles).toHaveLength(PAGE_SIZES.related);
      expect(maya.totalPages).toBe(1);
      const lena = await related(id.lena, from);
      expect(lena.titles).toHaveLength(PAGE_SIZES.related + 6);
      expect(lena.totalPages).toBe(2);
    }
    // A muted person's post can be opened: its related list has none of their other posts, and
    // all 11 of kenji's, counted as 11 (the post itself is not among the counted ones to leave out).
    const [muProfile, muClub] = hiddenPosts.slice(4) as [string, string];
    for (const from of [muProfile, muClub]) {
      const maya = await related(id.maya, from);
      expect(maya.titles.every((title) => title.startsWith('kenji '))).toBe(true);
      expect(maya.titles).toHaveLength(PAGE_SIZES.related + 1);
      expect(maya.totalPages).toBe(2);
      expect((await related(id.lena, from)).titles.filter((title) => title.startsWith('mu '))).toHaveLength(1);
    }
    await post(id.kenji, 'kenji one more');
    expect((await related(id.maya, origin)).totalPages).toBe(2);
  });

  it('Saved: not the posts of hidden people saved before; totalPages without them', async () => {
    const { id, hiddenPosts } = await scene();
    const mine = await many(id.kenji, 'kenji', PAGE_SIZES.saved + 1);
    const saves = (userId: string, postIds: string[]) => t.db.insert(savedPosts).values(postIds.map((postId) => ({ userId, postId })));
    await saves(id.maya, [...hiddenPosts, ...mine.slice(0, PAGE_SIZES.saved)]);
    await saves(id.lena, [...hiddenPosts, ...mine.slice(0, PAGE_SIZES.saved)]);
    const maya = await every((page) => savedPage(reader(), id.maya, page));
    expect(maya.titles.some((title) => hiddenTitle.test(title))).toBe(false);
    expect(maya.titles).toHaveLength(PAGE_SIZES.saved);
    expect(maya.totalPages).toBe(1);
    const lena = await every((page) => savedPage(reader(), id.lena, page));
    expect(lena.titles).toHaveLength(PAGE_SIZES.saved + 6);
    expect(lena.totalPages).toBe(2);
    await saves(id.maya, [mine.at(-1)!]);
    expect((await savedPage(reader(), id.maya, 1)).totalPages).toBe(2);
  });

  it("feed: a muted followee's posts leave it and its totalPages, on their profile and in a club; the follow stays", async () => {
    const { id, club } = await scene();
    await t.db.insert(follows).values([
      { followerId: id.maya, followeeId: id.kenji },
      { followerId: id.maya, followeeId: id.mu },
      { followerId: id.lena, followeeId: id.kenji },
      { followerId: id.lena, followeeId: id.mu },
    ]);
    await many(id.kenji, 'kenji profile', PAGE_SIZES.feed / 2);
    await many(id.kenji, 'kenji club', PAGE_SIZES.feed / 2, { community: club });
    await many(id.mu, 'mu more', 4);
    const maya = await every((page) => feedPage(reader(), id.maya, page));
    expect(maya.titles.every((title) => title.startsWith('kenji '))).toBe(true);
    expect(maya.titles).toHaveLength(PAGE_SIZES.feed);
    expect(maya.totalPages).toBe(1);
    const lena = await every((page) => feedPage(reader(), id.lena, page));
    expect(lena.titles).toHaveLength(PAGE_SIZES.feed + 6);
    expect(lena.totalPages).toBe(2);
    await post(id.kenji, 'kenji one more');
    expect((await feedPage(reader(), id.maya, 1)).totalPages).toBe(2);
    // Unmuted, mu's posts are back: the feed never lost them.
    await t.db.execute(sql`delete from mutes where muter_id = ${id.maya} and muted_id = ${id.mu}`);
    expect((await every((page) => feedPage(reader(), id.maya, page))).titles).toHaveLength(PAGE_SIZES.feed + 1 + 6);
  });

  it('feed past its kept entries (merged from the posts): still without the muted followee, in order', async () => {
    const { id } = await scene();
    await t.db.insert(follows).values([
      { followerId: id.maya, followeeId: id.kenji },
      { followerId: id.maya, followeeId: id.mu },
    ]);
    // 700 posts, one a minute, 3 of kenji's to 4 of mu's, newest first by number: more than the
    // 500 entries a feed keeps, so maya's 300 visible ones reach past them.
    await t.db.execute(sql`insert into posts (author_id, title, content, trending_score, created_at)
      select case when i % 7 < 3 then ${id.kenji}::uuid else ${id.mu}::uuid end, case when i % 7 < 3 then 'kenji ' else 'mu ' end || i, 'x', 0,
        now() - make_interval(mins => i)
      from generate_series(1, 700) i`);
    const horizon = (await t.db.execute<{ horizon: string | null }>(sql`select horizon_created_at as horizon from feeds where owner_id = ${id.maya}`)).rows[0]!;
    expect(horizon.horizon).not.toBeNull();
    const maya = await every((page) => feedPage(reader(), id.maya, page));
    const kenjis = Array.from({ length: 700 }, (_, i) => i + 1)
      .filter((i) => i % 7 < 3)
      .map((i) => `kenji ${i}`);
    expect(maya.titles).toEqual(kenjis);
    expect(maya.totalPages).toBe(kenjis.length / PAGE_SIZES.feed);
  });

  it("the cards' comment previews leave out hidden people's comments, and totalComments counts without them", async () => {
    const { id } = await scene();
    const postId = await post(id.kenji, 'kenji commented');
    for (const [i, name] of (['lena', 'kenji', 'bo', 'cy', 'mu'] as const).entries()) {
      await t.db.insert(comments).values({ postId, authorId: id[name], text: `${name} says`, createdAt: sql`now() + make_interval(secs => ${i})` });
    }
    const preview = async (viewerId: string) => (await trendingPage(reader(), viewerId, 1)).posts.find((p) => p._id === postId)!.commentsPreview;
    const maya = await preview(id.maya);
    expect(maya.comments.map((c) => c.text)).toEqual(['kenji says', 'lena says']);
    expect(maya.totalComments).toBe(2);
    const lena = await preview(id.lena);
    expect(lena.comments.map((c) => c.text)).toEqual(['mu says', 'cy says']);
    expect(lena.totalComments).toBe(5);
  });

  it("search: posts without hidden authors; users and cars without block pairs (the muted can be found, to unmute)", async () => {
    const { id } = await scene();
    await post(id.kenji, 'kenji Porsche');
    await t.db.insert(cars).values(HANDLES.map((name) => ({ ownerId: id[name], makeName: 'Porsche', modelName: '911', year: 1989, trim: name })));
    const search = async (viewerId: string) => ({
      posts: (await searchPosts(reader(), viewerId, 'porsche')).map((p) => p.title),
      users: (await searchUsers(t.db, 'racer', viewerId)).map((u) => u.username),
      cars: (await searchCars(t.db, 'porsche', viewerId)).map((c) => c.trim),
    });
    const maya = await search(id.maya);
    expect(maya.posts).toEqual(['kenji Porsche']);
    expect(sorted(maya.users)).toEqual(['kenji', 'lena', 'maya', 'mu']);
    expect(sorted(maya.cars)).toEqual(['kenji', 'lena', 'maya', 'mu']);
    const lena = await search(id.lena);
    expect(lena.posts).toHaveLength(7);
    expect(sorted(lena.users)).toEqual(sorted([...HANDLES]));
    expect(sorted(lena.cars)).toEqual(sorted([...HANDLES]));
  });

  it("a model's page: its cars without block pairs' (the muted's stay), its posts without hidden authors'; counts to match", async () => {
    const { id } = await scene();
    const owned = await t.db
      .insert(cars)
      .values(HANDLES.map((name) => ({ ownerId: id[name], makeName: 'Mazda', modelName: 'MX-5', year: 1990, trim: name })))
      .returning({ id: cars.id, ownerId: cars.ownerId });
    const carOf = (name: Handle) => owned.find((car) => car.ownerId === id[name])!.id;
    for (const name of ['bo', 'cy', 'mu'] as const) await post(id[name], `${name} MX-5`, { car: carOf(name) });
    await many(id.kenji, 'kenji MX-5', PAGE_SIZES.modelPosts, { car: carOf('kenji') });
    const names = { make: 'Mazda', model: 'MX-5' };
    const modelPosts = async (viewerId: string, page: number) => JSON.parse(await modelPostsJson(reader(), viewerId, names, page)) as PostPage;
    const maya = await every((page) => modelPosts(id.maya, page));
    expect(maya.titles.every((title) => title.startsWith('kenji '))).toBe(true);
    expect(maya.titles).toHaveLength(PAGE_SIZES.modelPosts);
    expect(maya.totalPages).toBe(1);
    const lena = await every((page) => modelPosts(id.lena, page));
    expect(lena.titles).toHaveLength(PAGE_SIZES.modelPosts + 3);
    expect(lena.totalPages).toBe(2);
    await post(id.kenji, 'kenji MX-5 one more', { car: carOf('kenji') });
    expect((await modelPosts(id.maya, 1)).totalPages).toBe(2);

    const modelCars = async (viewerId: string) => JSON.parse(await modelCarsJson(t.db, names, viewerId, 1)) as ModelCarPage;
    const mayaCars = await modelCars(id.maya);
    expect(sorted(mayaCars.cars.map((car: Car) => car.trim))).toEqual(['kenji', 'lena', 'maya', 'mu']);
    expect([mayaCars.totalCars, mayaCars.totalPages]).toEqual([4, 1]);
    const lenaCars = await modelCars(id.lena);
    expect(lenaCars.totalCars).toBe(HANDLES.length);
  });
});

// Through the routes, as the web app asks (the replies checked against the contract outside
// production): suggestions, search and a list page with previews.
const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-hidden-lists-test-', { per: 'suite' });

describe.each(backends)('hidden people through the routes on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });

  it("suggestions leave out block pairs and the muted; search's users only block pairs; trending and its previews the hidden people's", async () => {
    const [maya, bo, cy, mu, lena] = await peopleOf(t.app, sink, 'maya', 'bo', 'cy', 'mu', 'lena');
    await t.db.insert(blocks).values([
      { blockerId: maya.id, blockedId: bo.id },
      { blockerId: cy.id, blockedId: maya.id },
    ]);
    await t.db.insert(mutes).values({ muterId: maya.id, mutedId: mu.id });
    const lenaPost = await newPost(lena.browser, { title: 'Lena drives' });
    for (const who of [bo, cy, mu]) await newPost(who.browser, { title: `${who.username} drives` });
    for (const who of [bo, cy, mu, lena]) expect((await who.browser.post(`/api/comments/${lenaPost._id}`, { text: `${who.username} says` })).statusCode).toBe(201);

    const get = async <T>(who: typeof maya, url: string) => {
      const response = await who.browser.get(url);
      expect(response.statusCode, url).toBe(200);
      return response.json<T>();
    };
    const suggested = async (who: typeof maya) => (await get<{ users: UserSummary[] }>(who, '/api/suggestions')).users.map((u) => u.username).sort();
    expect(await suggested(maya)).toEqual(['lena']);
    expect(await suggested(lena)).toEqual(['bo', 'cy', 'maya', 'mu']);

    const found = async (who: typeof maya) => (await get<SearchResults>(who, '/api/search?q=driver')).users.map((u) => u.username).sort();
    expect(await found(maya)).toEqual(['lena', 'maya', 'mu']);
    expect(await found(lena)).toEqual(['bo', 'cy', 'lena', 'maya', 'mu']);
    expect((await get<SearchResults>(maya, '/api/search?q=drives')).posts.map((p) => p.title)).toEqual(['Lena drives']);

    const mayaTrending = await get<PostPage>(maya, '/api/posts/trending');
    expect(mayaTrending.posts.map((p) => p.title)).toEqual(['Lena drives']);
    expect(mayaTrending.posts[0]!.commentsPreview).toMatchObject({ totalComments: 1, comments: [{ text: 'lena says' }] });
    const lenaTrending = await get<PostPage>(lena, '/api/posts/trending');
    expect(lenaTrending.posts).toHaveLength(4);
    expect(lenaTrending.posts.find((p) => p._id === lenaPost._id)?.commentsPreview?.totalComments).toBe(4);
  });
});
