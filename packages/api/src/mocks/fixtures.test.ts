// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Car, carLabel, CarTimelinePage, Garage, MAX_COMMENT_LENGTH, ModerationLog, ModerationQueue, NOT_FOUND_MESSAGES, Notification, Post, PostPage, REFUSAL_MESSAGES, SessionUser } from '../contract/index.ts';
import { asOperator, createMockBackend, FIXTURE, fixtures } from './index.ts';

describe('fixtures', () => {
  const backend = createMockBackend(fixtures.standard());
  const post = async (id: string) => Post.parse((await backend.handle('posts.get', { params: { id } })).body);

  it('offer the views a story needs: own post, someone else’s, one in the viewer’s own community', async () => {
    const viewer = backend.defaultViewer()!;
    expect(viewer.username).toBe(FIXTURE.viewer);
    expect((await post(FIXTURE.posts.own)).author._id).toBe(viewer.id);
    expect((await post(FIXTURE.posts.others)).author._id).not.toBe(viewer.id);
    const inOwn = await post(FIXTURE.posts.inOwnCommunity);
    expect(inOwn.author._id).not.toBe(viewer.id);
    expect(backend.state.communities.find((c) => c.id === inOwn.community?._id)?.creatorId).toBe(viewer.id);
  });

  it('have one- and five-image posts and long texts', async () => {
    expect((await post(FIXTURE.posts.oneImage)).imageUrls).toHaveLength(1);
    expect((await post(FIXTURE.posts.fiveImages)).imageUrls).toHaveLength(5);
    const long = await post(FIXTURE.posts.longText);
    expect(long.title.length).toBeGreaterThan(100);
    expect(long.content.length).toBeGreaterThan(500);
    expect(backend.state.comments.some((c) => c.postId === long._id && c.text.length === MAX_COMMENT_LENGTH)).toBe(true);
  });

  it('give the viewer a garage: a car with a cover and a two-page build log, one without a cover, a past one', async () => {
    const viewer = backend.defaultViewer()!;
    const garage = Garage.parse((await backend.handle('cars.byUser', { params: { userId: viewer.id } })).body);
    expect(garage.cars.map((c) => [c._id, c.current, c.coverImageUrl !== ''])).toEqual([
      [FIXTURE.cars.ownNoCover, true, false],
      [FIXTURE.cars.own, true, true],
      [FIXTURE.cars.ownPast, false, true],
    ]);
    const timeline = CarTimelinePage.parse((await backend.handle('cars.timeline', { params: { id: FIXTURE.cars.own } })).body);
    expect(timeline.totalPages).toBe(2);
    expect(new Set(timeline.items.map((item) => item.type))).toEqual(new Set(['post', 'log']));
    const others = Car.parse((await backend.handle('cars.get', { params: { id: FIXTURE.cars.others } })).body);
    expect(carLabel(others)).toBe('1991 Porsche 911 Carrera 2');
    expect(others.owner._id).not.toBe(viewer.id);
    expect(Car.parse((await backend.handle('cars.get', { params: { id: FIXTURE.cars.typedModel } })).body)).toMatchObject({ make: 'Jaguar', modelId: null, model: 'E-Type' });
  });

  it('tag posts to their authors’ cars, so cards show chips, and log entries with and without photos, mileage and cost', async () => {
    expect((await post(FIXTURE.posts.own)).car?._id).toBe(FIXTURE.cars.own);
    for (const p of backend.state.posts.filter((x) => x.carId)) expect(backend.state.cars.find((c) => c.id === p.carId)?.ownerId).toBe(p.authorId);
    const withPhotos = backend.state.carLog.find((e) => e.id === FIXTURE.logEntries.withPhotos)!;
    expect([withPhotos.imageUrls.length, withPhotos.mileage !== null, withPhotos.cost !== null]).toEqual([2, true, true]);
    const bare = backend.state.carLog.find((e) => e.id === FIXTURE.logEntries.bare)!;
    expect([bare.imageUrls.length, bare.mileage, bare.cost]).toEqual([0, null, null]);
    // The list's ids are vPIC's, as the server's list has them.
    expect(backend.state.cars.find((c) => c.id === FIXTURE.cars.own)).toMatchObject({ makeId: '584', modelId: '7832' });
  });

  it('give the viewer one person blocked, one muted and one who blocked her (issue 18)', async () => {
    const call = async (name: Parameters<typeof backend.handle>[0], request: Parameters<typeof backend.handle>[1] = {}) => (await backend.handle(name, request)).body;
    expect(await call('safety.blocked')).toEqual([expect.objectContaining({ _id: FIXTURE.users.blocked, username: FIXTURE.usernames.blocked })]);
    expect(await call('safety.muted')).toEqual([expect.objectContaining({ _id: FIXTURE.users.muted, username: FIXTURE.usernames.muted })]);
    expect(await call('users.profile', { params: { username: FIXTURE.usernames.blocked } })).toMatchObject({ blocked: true, postCount: 0, followers: [] });
    expect(await call('users.profile', { params: { username: FIXTURE.usernames.muted } })).toMatchObject({ muted: true, blocked: false, postCount: 1 });
    expect(await backend.handle('users.profile', { params: { username: FIXTURE.usernames.blockedMe } })).toEqual({ status: 404, body: { message: NOT_FOUND_MESSAGES.profileUnavailable } });
    // The muted person's post opens, but no list of hers shows it.
    expect((await post(FIXTURE.posts.muted)).author._id).toBe(FIXTURE.users.muted);
    const trending = PostPage.parse(await call('posts.trending', { query: { page: '1' } }));
    const page2 = PostPage.parse(await call('posts.trending', { query: { page: '2' } }));
    expect([...trending.posts, ...page2.posts].map((p) => p.author._id)).not.toContain(FIXTURE.users.muted);
    // None of the three is suggested to her.
    const suggested = (await call('suggestions.list')) as { users: { _id: string }[] };
    for (const id of [FIXTURE.users.blocked, FIXTURE.users.muted, FIXTURE.users.blockedMe]) expect(suggested.users.map((u) => u._id)).not.toContain(id);
  });

  it('give the viewer’s community three open cases, and the operators two more and a log (issue 18)', async () => {
    const M = FIXTURE.moderation;
    const queue = ModerationQueue.parse((await backend.handle('moderation.communityQueue', { params: { id: M.community }, query: {} })).body);
    expect(queue.cases.map((c) => [c.kind, c.targetId, c.reports.length])).toEqual([
      ['post', M.cases.secondPost, 1],
      ['post', M.cases.post, 2],
      ['comment', M.cases.comment, 1],
    ]);
    const twoReports = queue.cases[1]!;
    expect(twoReports.reports.map((r) => r.reason)).toEqual(['other', 'stolen_photo']);
    expect(twoReports.reports[0]!.details).not.toBe('');
    expect(queue.cases[2]).toMatchObject({ postId: M.cases.post, community: { _id: M.community } });
    // Not an operator in the standard world.
    expect(await backend.handle('moderation.siteQueue', { query: {} })).toEqual({ status: 403, body: { message: REFUSAL_MESSAGES.operatorsOnly } });
    expect(await backend.handle('users.profile', { params: { username: M.suspendedUsername } })).toEqual({ status: 404, body: { message: NOT_FOUND_MESSAGES.profileUnavailable } });

    for (const seed of [fixtures.operator(), asOperator(fixtures.standard())]) {
      const operator = createMockBackend(seed);
      expect(SessionUser.parse(((await operator.handle('auth.verify', {})).body as { user: unknown }).user).operator).toBe(true);
      const site = ModerationQueue.parse((await operator.handle('moderation.siteQueue', { query: {} })).body);
      expect(site.cases.map((c) => [c.kind, c.targetId])).toEqual([
        ['post', M.site.post],
        ['user', M.site.person],
      ]);
      const log = ModerationLog.parse((await operator.handle('moderation.log', { query: {} })).body);
      expect(log.actions.map((a) => a.action)).toEqual(['removed', 'suspended', 'removed', 'dismissed']);
      expect((await operator.handle('users.profile', { params: { username: M.suspendedUsername } })).body).toMatchObject({ _id: M.suspended, suspended: true });
    }
  });

  it('keep the standard notifications, and give the removal notice to the world that asks for it (issue 18)', async () => {
    const list = async (b: ReturnType<typeof createMockBackend>) => Notification.array().parse((await b.handle('notifications.list', {})).body);
    const standardList = await list(backend);
    expect(standardList.map((n) => n.type)).not.toContain('removed');
    const withRemoval = await list(createMockBackend(fixtures.withRemovedNotification()));
    expect(withRemoval).toHaveLength(standardList.length + 1);
    expect(withRemoval[0]).toMatchObject({ _id: FIXTURE.moderation.removedNotification, type: 'removed', read: false, post: null, removal: { kind: 'comment', community: { _id: FIXTURE.communities.jdm, name: 'JDM Legends' } } });
  });

  it('keep the standard world without tags, and give tags and mentions to the world that asks for them (issue 21)', async () => {
    const T = FIXTURE.tags;
    const body = async (b: ReturnType<typeof createMockBackend>, ...call: Parameters<typeof b.handle>) => (await b.handle(...call)).body;
    expect(await body(backend, 'tags.trending', {})).toEqual({ tags: [] });
    expect((Notification.array().parse(await body(backend, 'notifications.list', {}))).map((n) => n.type)).not.toContain('mention');

    const tagged = createMockBackend(fixtures.withTags());
    // Read at the fixture's own dates, whatever the day the story runs.
    expect(await body(tagged, 'tags.trending', {})).toEqual({ tags: T.trending });
    const page = PostPage.parse(await body(tagged, 'tags.posts', { params: { tag: T.tag }, query: {} }));
    expect(page.posts.map((p) => p._id)).toEqual(T.tagPosts);
    expect((await body(tagged, 'tags.posts', { params: { tag: 'aircooled' }, query: {} })) as { posts: { _id: string }[] }).toMatchObject({ posts: [{ _id: T.posts.inCommunity }, { _id: T.posts.older }] });
    const [newest] = Notification.array().parse(await body(tagged, 'notifications.list', {}));
    expect(newest).toMatchObject({ _id: T.notification, type: 'mention', read: false, sender: { username: 'jonas.e30' }, post: { _id: T.posts.mentionsViewer } });
    expect(tagged.state.comments.find((c) => c.id === T.comment)?.text).toContain('@jonas.e30');
    expect(await body(tagged, 'tags.suggest', { query: { q: 'a' } })).toEqual({ tags: [{ tag: 'aircooled', postCount: 2 }, { tag: 'ae86', postCount: 1 }] });
    expect(await body(tagged, 'mentions.suggest', { query: { q: '' } })).toMatchObject({ users: [{ username: 'jonas.e30' }, { username: 'kenji.r' }, { username: 'lena.restomod' }, { username: 'tomas.trackday' }] });
  });

  it('use only offline images: SVG data URLs', () => {
    const urls = [
      ...backend.state.users.map((u) => u.profilePictureUrl),
      ...backend.state.communities.map((c) => c.coverImageUrl),
      ...backend.state.posts.flatMap((p) => p.imageUrls),
      ...backend.state.cars.map((c) => c.coverImageUrl).filter((url) => url !== ''),
      ...backend.state.carLog.flatMap((e) => e.imageUrls),
    ];
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) expect(url.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(urls[0]!.split(',')[1]!)).toMatch(/^<svg /);
  });

  it('are deterministic', () => {
    expect(fixtures.standard()).toEqual(fixtures.standard());
  });
});
