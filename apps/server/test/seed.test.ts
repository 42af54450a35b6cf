// `npm run seed`'s work (scripts/seed/): the tiny size on a real app and database, as the demo
// account would then see it, and a second run that must change nothing.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  carLabel,
  isEmailShape,
  isValidFullName,
  isValidUsername,
  MAX_COMMENT_LENGTH,
  photoDescriptionsError,
  ReportInput,
  routes,
  type CarTimelinePage,
  type Community,
  type Garage,
  type HiddenUser,
  type MeetPage,
  type ModerationLog,
  type ModerationQueue,
  type PostPage,
  type ProfileUser,
  type SessionUser,
  type UnreadCount,
} from '@pitlane/api/contract';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { siblingKeys } from '../src/modules/media/keys.ts';
import { DEMO_ACCOUNT, DEMO_EMAIL_DOMAIN, OPERATOR_ACCOUNT } from '../scripts/seed/demo-account.ts';
import { planSeed } from '../scripts/seed/plan.ts';
import { seedDemoData } from '../scripts/seed/seed-demo-data.ts';
import { browser } from './browser.ts';
import { backends, testConfig, useDatabase, useTempDir } from './harness.ts';

const TABLES = [
  'users',
  'follows',
  'communities',
  'community_members',
  'posts',
  'post_images',
  'likes',
  'comments',
  'saved_posts',
  'mutes',
  'cars',
  'car_log_entries',
  'notifications',
  'post_tags',
  'reports',
  'moderation_log',
  'meets',
  'meet_rsvps',
] as const;

async function rowCounts(db: Db): Promise<Record<(typeof TABLES)[number], number>> {
  const counts = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const result = await db.execute<{ count: string | number }>(sql`select count(*) as count from ${sql.identifier(table)}`);
    counts[table] = Number(result.rows[0]!.count);
  }
  return counts;
}

/** Every media URL the database keeps: avatars, covers, post pictures, car covers and build-log photos. */
async function storedUrls(db: Db): Promise<string[]> {
  const result = await db.execute<{ url: string }>(sql`
    select profile_picture_url as url from users where profile_picture_url is not null
    union all select cover_url from communities where cover_url is not null
    union all select url from post_images
    union all select cover_url from cars where cover_url is not null
    union all select url from car_log_images
    union all select cover_url from meets where cover_url is not null`);
  return result.rows.map((row) => row.url);
}

function filesUnder(root: string): number {
  if (!fs.existsSync(root)) return 0;
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

describe.each(backends)('npm run seed on $name', (backend) => {
  const t = useDatabase(backend);
  const dataDir = useTempDir('pitlane-seed-');

  it('fills every table, gives the demo account a feed and unread notifications, stores every picture, and a second run adds nothing', async () => {
    const app = await buildApp(testConfig({ DATA_DIR: dataDir.path }), { database: t.database });
    try {
      const first = await seedDemoData(app, { size: 'tiny' });
      if (!first.seeded) throw new Error('The first run found the demo account already there.');
      const counts = await rowCounts(t.db);
      for (const table of TABLES) expect(counts[table], table).toBeGreaterThan(0);
      // Tags and mentions (issue 21): every tag the posts carry is stored, and the mentions notified.
      expect(counts.post_tags).toBe(first.counts.tags);
      expect(first.counts.mentions).toBeGreaterThan(0);

      // The demo account signs in with its published password and sees a living product.
      const demo = browser(app);
      const login = await demo.post('/api/auth/login', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
      expect(login.statusCode).toBe(200);
      const feed = (await demo.get('/api/posts/feed')).json<PostPage>();
      expect(feed.posts.length).toBeGreaterThan(0);
      expect(feed.posts.every((post) => post.imageUrls.length >= 1 && post.imageUrls.length <= 5)).toBe(true);
      // The demo account describes its photos (alt text).
      const own = (await demo.get(`/api/posts/by-user/${login.json<{ user: { id: string } }>().user.id}`)).json<PostPage>();
      expect(own.posts.length).toBeGreaterThan(0);
      for (const post of own.posts) expect(post.images?.every((image) => image.alt.length > 0), post.title).toBe(true);
      // Every community's cover is described too (issue 18).
      const communities = (await demo.get('/api/communities')).json<Community[]>();
      expect(communities.length).toBeGreaterThan(0);
      for (const community of communities) expect(community.coverImageAlt, community.name).toMatch(/^An? .+\.$/);
      const unread = (await demo.get('/api/notifications/unread-count')).json<UnreadCount>();
      expect(unread.count).toBeGreaterThan(0);
      const saved = (await demo.get('/api/posts/saved')).json<PostPage>();
      expect(saved.posts.length).toBeGreaterThanOrEqual(3);
      expect(saved.posts.every((post) => post.saved)).toBe(true);

      // Block and mute (issue 18): the demo account muted its busiest followee, whose posts
      // leave its feed; the profile says so.
      const muted = (await demo.get('/api/mutes')).json<HiddenUser[]>();
      expect(muted).toHaveLength(1);
      expect(feed.posts.some((post) => post.author._id === muted[0]!._id)).toBe(false);
      expect((await demo.get(`/api/user/${muted[0]!.username}`)).json<ProfileUser>().muted).toBe(true);

      // The garage (issue 17): the demo account's MX-5 from the list, and the AE86 it sold.
      const garage = (await demo.get(`/api/cars/by-user/${login.json<{ user: { id: string } }>().user.id}`)).json<Garage>();
      expect(garage.cars.map((car) => [carLabel(car), car.current])).toEqual([
        ['1990 Mazda MX-5 NA', true],
        ['1986 Toyota Corolla AE86 Sprinter Trueno', false],
      ]);
      const mx5 = garage.cars[0]!;
      expect(mx5.makeId).not.toBeNull();
      expect(mx5.coverImageAlt).toMatch(/^An? .+\.$/);
      expect(own.posts.filter((post) => post.car?._id === mx5._id).length).toBeGreaterThan(0);
      const log = (await demo.get(`/api/cars/${mx5._id}/timeline`)).json<CarTimelinePage>();
      expect(log.items.some((item) => item.type === 'log')).toBe(true);
      expect(log.items.some((item) => item.type === 'post')).toBe(true);
      // A car from the list carries the list's names; a typed one names no entry of it.
      const mismatched = await t.db.execute(sql`
        select c.id from cars c left join car_makes m on m.id = c.make_id left join car_models mo on mo.id = c.model_id
        where (c.make_id is not null and m.name <> c.make_name)
           or (c.model_id is not null and (mo.name <> c.model_name or mo.make_id <> c.make_id))
           or (c.make_id is null and c.model_id is not null)`);
      expect(mismatched.rows).toEqual([]);

      // Meets (issue 21): the demo account's Events page has some this week, one next month, one
      // cancelled, some with coordinates and a cover; all still to come.
      const events = (await demo.get('/api/meets')).json<MeetPage>();
      expect(events.meets.length).toBe(first.counts.meets);
      expect(events.meets.length).toBeGreaterThanOrEqual(4);
      const inDays = (at: string) => (new Date(at).getTime() - Date.now()) / 86_400_000;
      expect(events.meets.filter((meet) => inDays(meet.startsAt) < 7).length).toBeGreaterThanOrEqual(2);
      expect(events.meets.some((meet) => inDays(meet.startsAt) > 28)).toBe(true);
      expect(events.meets.filter((meet) => meet.status === 'cancelled')).toHaveLength(1);
      expect(events.meets.some((meet) => meet.place.latitude !== null)).toBe(true);
      expect(events.meets.some((meet) => meet.coverImageUrl !== null && /^An? .+\.$/.test(meet.coverImageAlt))).toBe(true);
      expect(events.meets.every((meet) => meet.goingCount >= 1)).toBe(true);
      expect(events.meets.map((meet) => meet.startsAt)).toEqual(events.meets.map((meet) => meet.startsAt).sort());

      // Every picture is on disk in all its sizes, and nothing else is.
      const media = path.join(dataDir.path, 'media');
      const urls = await storedUrls(t.db);
      const keys = urls.flatMap((url) => siblingKeys(url.replace(/^\/media\//, '')));
      for (const key of keys) expect(fs.existsSync(path.join(media, key)), key).toBe(true);
      expect(filesUnder(media)).toBe(keys.length);
      const served = await demo.get(urls[0]!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');

      // Reports and moderation (issue 18): the operator signs in with the demo password and finds
      // cases of every kind in the site's queue and the case they dismissed in the log; the
      // community's creator finds cases in its Reports queue; the demo account is no operator.
      expect(login.json<{ user: SessionUser }>().user.operator).toBeUndefined();
      expect((await demo.get('/api/moderation/reports')).statusCode).toBe(403);
      const operator = browser(app);
      const operatorLogin = await operator.post('/api/auth/login', { email: OPERATOR_ACCOUNT.email, password: DEMO_ACCOUNT.password });
      expect(operatorLogin.statusCode).toBe(200);
      expect(operatorLogin.json<{ user: SessionUser }>().user).toMatchObject({ username: OPERATOR_ACCOUNT.username, operator: true });
      const siteQueue = (await operator.get('/api/moderation/reports')).json<ModerationQueue>();
      expect(new Set(siteQueue.cases.map((c) => c.kind))).toEqual(new Set(['post', 'comment', 'user']));
      expect(siteQueue.cases.every((c) => c.community === null)).toBe(true);
      const moderationLog = (await operator.get('/api/moderation/log')).json<ModerationLog>();
      expect(moderationLog.actions).toHaveLength(first.counts.moderationLog);
      expect(moderationLog.actions[0]).toMatchObject({ action: 'dismissed', kind: 'post', actor: { username: OPERATOR_ACCOUNT.username }, reportCount: 1 });
      const planned = planSeed('tiny', new Date());
      expect(planned.moderation.community).not.toBeNull();
      const community = communities.find((c) => c.name === planned.communities[planned.moderation.community!]!.name)!;
      const creator = browser(app);
      const creatorLogin = await creator.post('/api/auth/login', { email: `${community.creator.username}@${DEMO_EMAIL_DOMAIN}`, password: DEMO_ACCOUNT.password });
      expect(creatorLogin.statusCode).toBe(200);
      const communityQueue = (await creator.get(`/api/communities/${community._id}/reports`)).json<ModerationQueue>();
      expect(communityQueue.cases.length).toBeGreaterThan(0);
      expect(communityQueue.cases.every((c) => c.community?._id === community._id)).toBe(true);
      // Every report is in one of the two queues, but the dismissed ones.
      const queued = [...siteQueue.cases, ...communityQueue.cases].reduce((sum, c) => sum + c.reports.length, 0);
      expect(queued + moderationLog.actions.reduce((sum, line) => sum + line.reportCount, 0)).toBe(first.counts.reports);

      const second = await seedDemoData(app, { size: 'tiny' });
      expect(second.seeded).toBe(false);
      expect(await rowCounts(t.db)).toEqual(counts);
      expect(filesUnder(media)).toBe(keys.length);
    } finally {
      await app.close();
    }
  });
});

describe('the seed plan', () => {
  it('is the same for the same size (only the dates follow "now")', () => {
    const summary = (now: Date) => {
      const plan = planSeed('small', now);
      return {
        people: plan.people.map((person) => [person.username, person.fullName, person.look]),
        posts: plan.posts.map((post) => [post.author, post.title, post.content, post.images.map((image) => [image.kind, image.seed]), post.likes.length, post.comments.map((c) => c.text)]),
        follows: plan.follows.map((follow) => [follow.follower, follow.followee]),
        garages: plan.garages.cars.map((car) => [car.owner, car.identity, car.cover.seed]),
        logs: plan.garages.logs.map((entry) => [entry.car, entry.title, entry.images.length, entry.cost]),
        tags: [...plan.garages.postCars],
        hides: [plan.hides.blocks, plan.hides.mutes].map((list) => list.map((hide) => [hide.person, hide.other])),
        moderation: [plan.moderation.operator, plan.moderation.community, plan.moderation.dismissed, plan.moderation.reports.map((r) => [r.target, r.reporter, r.reason, r.details])],
      };
    };
    expect(summary(new Date('2026-05-01T08:00:00Z'))).toEqual(summary(new Date('2026-06-01T08:00:00Z')));
  });

  it('makes accounts, posts and comments the product itself would accept', () => {
    const plan = planSeed('large', new Date());
    for (const person of plan.people) {
      expect(isValidUsername(person.username), person.username).toBe(true);
      expect(isValidFullName(person.fullName), person.fullName).toBe(true);
      expect(isEmailShape(person.email), person.email).toBe(true);
    }
    expect(new Set(plan.people.map((person) => person.username)).size).toBe(plan.people.length);
    for (const post of plan.posts) {
      expect(post.title.trim().length).toBeGreaterThan(0);
      expect(post.images.length).toBeGreaterThanOrEqual(1);
      expect(post.images.length).toBeLessThanOrEqual(5);
      for (const comment of post.comments) expect(comment.text.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH);
      // One description per picture, the demo account's all written, each one the server takes.
      expect(post.imageAlts).toHaveLength(post.images.length);
      expect(photoDescriptionsError(post.imageAlts, { required: plan.people[post.author]!.demo })).toBeNull();
    }
    // Saved posts: one per person and post (the primary key), after the post and before now.
    const pairs = plan.saves.map((save) => `${save.person}:${save.post}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const save of plan.saves) {
      expect(save.at.getTime()).toBeGreaterThanOrEqual(plan.posts[save.post]!.createdAt.getTime());
      expect(save.at.getTime()).toBeLessThanOrEqual(plan.now.getTime());
    }
    // Cars and build-log entries: each one the add-car and log-entry forms would send and the
    // contract takes; tags only to the author's own cars.
    const carFields = routes['cars.create'].body.fields;
    for (const car of plan.garages.cars) {
      const identity = car.identity;
      const parsed = carFields.safeParse({
        ...(identity.makeId === null ? { make: identity.make } : { makeId: String(identity.makeId) }),
        ...(identity.modelId === null ? { model: identity.model } : { modelId: String(identity.modelId) }),
        year: String(car.year),
        trim: identity.trim,
        colour: car.colour,
        description: car.description,
        current: String(car.current),
        coverImageAlt: car.coverAlt,
      });
      expect(parsed.error?.issues, carLabel({ year: car.year, ...identity })).toBeUndefined();
    }
    const logFields = routes['cars.logCreate'].body.fields;
    for (const entry of plan.garages.logs) {
      const parsed = logFields.safeParse({
        date: entry.date,
        title: entry.title,
        text: entry.text,
        mileage: entry.mileage === null ? '' : String(entry.mileage),
        mileageUnit: entry.mileageUnit,
        cost: entry.cost === null ? '' : String(entry.cost),
        currency: entry.currency,
        imageAlts: JSON.stringify(entry.imageAlts),
      });
      expect(parsed.error?.issues, entry.title).toBeUndefined();
      expect(entry.createdAt.getTime()).toBeLessThanOrEqual(plan.now.getTime());
    }
    for (const [post, car] of plan.garages.postCars) expect(plan.garages.cars[car]!.owner).toBe(plan.posts[post]!.author);

    // Blocks join only people who never followed, liked or commented on each other (a block
    // refuses all three), once a pair; nobody hides themselves; the demo account mutes a followee.
    const touched = new Set(plan.follows.map((f) => [f.follower, f.followee].sort().join(':')));
    for (const post of plan.posts) for (const reaction of [...post.likes, ...post.comments]) touched.add([reaction.person, post.author].sort().join(':'));
    const blockPairs = plan.hides.blocks.map((hide) => [hide.person, hide.other].sort().join(':'));
    expect(plan.hides.blocks.length).toBeGreaterThan(0);
    expect(new Set(blockPairs).size).toBe(blockPairs.length);
    for (const pair of blockPairs) expect(touched.has(pair), pair).toBe(false);
    for (const hide of [...plan.hides.blocks, ...plan.hides.mutes]) expect(hide.person).not.toBe(hide.other);
    const demoMutes = plan.hides.mutes.filter((hide) => hide.person === 0);
    expect(demoMutes).toHaveLength(1);
    expect(plan.follows.some((f) => f.follower === 0 && f.followee === demoMutes[0]!.other)).toBe(true);

    // One site operator, not the demo account; reports the product would take (README "Reports"
    // of modules/moderation): never one's own, never across a block pair, once per person and
    // item, after the item and before now; the dismissed cases were reported.
    const moderation = plan.moderation;
    expect(plan.people[moderation.operator]).toMatchObject({ username: OPERATOR_ACCOUNT.username, demo: false });
    const authorsOf = (target: (typeof moderation.reports)[number]['target']): { authors: number[]; at: Date } => {
      if (target.kind === 'user') return { authors: [target.person], at: plan.people[target.person]!.createdAt };
      const post = plan.posts[target.post]!;
      if (target.kind === 'post') return { authors: [post.author], at: post.createdAt };
      const comment = post.comments[target.comment]!;
      return { authors: [comment.person, post.author], at: comment.at };
    };
    expect(new Set(moderation.reports.map((r) => r.target.kind))).toEqual(new Set(['post', 'comment', 'user']));
    const reportKeys = moderation.reports.map((r) => `${r.reporter}:${JSON.stringify(r.target)}`);
    expect(new Set(reportKeys).size).toBe(reportKeys.length);
    for (const r of moderation.reports) {
      const { authors, at } = authorsOf(r.target);
      expect(ReportInput.safeParse({ kind: r.target.kind, targetId: '00000000-0000-4000-8000-000000000000', reason: r.reason, details: r.details }).error).toBeUndefined();
      for (const author of authors) {
        expect(r.reporter).not.toBe(author);
        expect(blockPairs).not.toContain([r.reporter, author].sort().join(':'));
      }
      expect(r.reporter).not.toBe(moderation.operator);
      expect(r.at.getTime()).toBeGreaterThan(at.getTime());
      expect(r.at.getTime()).toBeLessThan(plan.now.getTime());
    }
    expect(moderation.dismissed).toHaveLength(1);
    for (const target of moderation.dismissed) expect(moderation.reports.some((r) => JSON.stringify(r.target) === JSON.stringify(target))).toBe(true);
    // The community's cases are for its creator: about others' posts and comments.
    const community = plan.communities[moderation.community!]!;
    const communityTargets = moderation.reports.map((r) => r.target).filter((t) => t.kind !== 'user' && plan.posts[t.post]!.community === community.index);
    expect(communityTargets.length).toBeGreaterThan(0);
    for (const target of communityTargets) expect(authorsOf(target).authors[0]).not.toBe(community.creator);

    // Some authors describe their photos and some do not, as on any site.
    const described = plan.posts.filter((post) => post.imageAlts.every((alt) => alt !== '')).length;
    expect(described).toBeGreaterThan(plan.posts.length / 4);
    expect(described).toBeLessThan(plan.posts.length);
  });
});
