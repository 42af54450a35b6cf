// Reports and moderation (issue 18) as a caller sees them (contract/routes/moderation.ts): one
// report per person per item, never one's own, only of what one can see; a community's cases go
// to its creator, the rest to the operators, who may act on any; dismiss and remove close a
// case (remove tells the author why); a suspension hides the person from everyone and refuses
// their sign-in; every action is logged. Operators are made by the target (`makeOperator`), as
// they are never made through the API; without it those tests are skipped.
import { describe, expect, it, type TestContext } from 'vitest';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, signedInUser, SUCCESS_MESSAGES, type ReportTargetKind } from '../contract/index.ts';
import { refusal, type Actor, type World } from './world.ts';

export function moderationBehaviour(world: World): void {
  const summaryOf = (actor: Actor) => ({ _id: actor.id, username: actor.username, fullName: actor.fullName, profilePictureUrl: actor.user.profilePictureUrl });
  const report = (who: Actor, kind: ReportTargetKind, targetId: string, reason: 'spam' | 'harassment' | 'stolen_photo' | 'dangerous_driving' | 'other' = 'spam', details?: string) =>
    who.api.call('reports.create', { body: { kind, targetId, reason, ...(details === undefined ? {} : { details }) } });
  const communityQueue = (who: Actor, id: string) => who.api.call('moderation.communityQueue', { params: { id }, query: { page: 1 } });
  const siteQueue = (who: Actor) => who.api.call('moderation.siteQueue', { query: { page: 1 } });
  const log = (who: Actor) => who.api.call('moderation.log', { query: { page: 1 } });
  /** `creator`'s community, which `members` joined. */
  async function community(creator: Actor, ...members: Actor[]) {
    const { newCommunity } = await creator.api.call('communities.create', { body: { name: `Air-Cooled ${creator.username}`, description: 'Everything before 1998.' } });
    for (const member of members) await member.api.call('communities.join', { params: { id: newCommunity._id } });
    return newCommunity;
  }
  /** A registered person made an operator; skips the test on a target that cannot make one. */
  async function operator(ctx: TestContext, handle: string): Promise<Actor> {
    if (!world.target.makeOperator) ctx.skip();
    const actor = await world.person(handle);
    await world.target.makeOperator!(actor.id);
    return actor;
  }

  describe('reports', () => {
    it('reports a post, a comment or a person once each, never one’s own', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(maya);
      const comment = await maya.api.call('comments.create', { params: { postId: post._id }, body: { text: 'First!' } });
      expect(await report(kenji, 'post', post._id)).toEqual({ message: SUCCESS_MESSAGES.reportSent });
      expect(await report(kenji, 'comment', comment._id, 'harassment')).toEqual({ message: SUCCESS_MESSAGES.reportSent });
      expect(await report(kenji, 'user', maya.id, 'other', '  Impersonates a friend of mine.  ')).toEqual({ message: SUCCESS_MESSAGES.reportSent });

      const twice = { status: 409, message: REFUSAL_MESSAGES.alreadyReported };
      expect(await refusal(report(kenji, 'post', post._id, 'stolen_photo'))).toEqual(twice);
      expect(await refusal(report(kenji, 'comment', comment._id))).toEqual(twice);
      expect(await refusal(report(kenji, 'user', maya.id))).toEqual(twice);

      const own = { status: 400, message: REFUSAL_MESSAGES.cannotReportOwn };
      expect(await refusal(report(maya, 'post', post._id))).toEqual(own);
      expect(await refusal(report(maya, 'comment', comment._id))).toEqual(own);
      expect(await refusal(report(maya, 'user', maya.id))).toEqual(own);
    });

    it('asks for the reporter’s words for `other`, and refuses the unknown, the hidden and visitors', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const post = await world.post(maya);
      expect(await refusal(report(kenji, 'post', post._id, 'other'))).toEqual({ status: 400, message: REFUSAL_MESSAGES.reportDetailsRequired });
      expect(await refusal(report(kenji, 'post', post._id, 'other', '   '))).toEqual({ status: 400, message: REFUSAL_MESSAGES.reportDetailsRequired });
      expect(await refusal(report(kenji, 'post', 'no-such-post'))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.post });
      expect(await refusal(report(kenji, 'user', 'no-such-user'))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.user });
      expect((await refusal(report(kenji, 'comment', 'no-such-comment'))).status).toBe(404);

      // A block pair answers what the other calls answer.
      await maya.api.call('safety.block', { params: { userId: lena.id }, body: {} });
      expect(await refusal(report(lena, 'post', post._id))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.postUnavailable });
      expect(await refusal(report(lena, 'user', maya.id))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.profileUnavailable });

      const visitor = world.target.newBrowser();
      expect(await refusal(visitor.call('reports.create', { body: { kind: 'post', targetId: post._id, reason: 'spam' } }))).toEqual({ status: 401, message: REFUSAL_MESSAGES.notSignedIn });
    });
  });

  describe('a community’s queue', () => {
    it('shows its creator one case per item, the longest waiting first, each case’s reports newest first', async () => {
      const [maya, kenji, lena, sam] = await world.people('maya', 'kenji', 'lena', 'sam');
      const club = await community(maya, kenji, lena, sam);
      const post = await world.post(kenji, { title: 'Barn find 912', content: 'Restore or leave it?', community: club._id });
      const comment = await lena.api.call('comments.create', { params: { postId: post._id }, body: { text: 'Nobody cares.' } });
      const elsewhere = await world.post(kenji, { title: 'On my profile' });

      await report(lena, 'post', post._id, 'stolen_photo');
      await report(sam, 'comment', comment._id, 'harassment');
      await report(sam, 'post', post._id, 'other', '  These photos were on a forum last year.  ');
      await report(lena, 'post', elsewhere._id);

      const queue = await communityQueue(maya, club._id);
      expect(queue.totalPages).toBe(1);
      expect(queue.cases.map((c) => [c.kind, c.targetId])).toEqual([
        ['post', post._id],
        ['comment', comment._id],
      ]);
      const [postCase, commentCase] = queue.cases;
      expect(postCase).toMatchObject({ author: summaryOf(kenji), authorSuspended: false, community: { _id: club._id, name: club.name }, title: 'Barn find 912', text: 'Restore or leave it?', postId: post._id });
      expect(postCase!.reports).toEqual([
        { reason: 'other', details: 'These photos were on a forum last year.', reporter: summaryOf(sam), createdAt: expect.any(String) },
        { reason: 'stolen_photo', details: '', reporter: summaryOf(lena), createdAt: expect.any(String) },
      ]);
      expect(postCase!.firstReportedAt).toBe(postCase!.reports[1]!.createdAt);
      expect(commentCase).toMatchObject({ author: summaryOf(lena), text: 'Nobody cares.', postId: post._id, community: { _id: club._id } });
      expect(commentCase!.reports).toEqual([{ reason: 'harassment', details: '', reporter: summaryOf(sam), createdAt: expect.any(String) }]);
    });

    it('is its creator’s only: members 403, an unknown community 404, the site’s queue and the log 403', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const club = await community(maya, kenji);
      expect(await refusal(communityQueue(kenji, club._id))).toEqual({ status: 403, message: REFUSAL_MESSAGES.moderatorsOnly });
      expect(await refusal(communityQueue(maya, 'no-such-community'))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.community });
      expect(await communityQueue(maya, club._id)).toEqual({ cases: [], totalPages: 0 });
      expect(await refusal(siteQueue(maya))).toEqual({ status: 403, message: REFUSAL_MESSAGES.operatorsOnly });
      expect(await refusal(log(maya))).toEqual({ status: 403, message: REFUSAL_MESSAGES.operatorsOnly });
      const visitor = world.target.newBrowser();
      expect(await refusal(visitor.call('moderation.communityQueue', { params: { id: club._id }, query: { page: 1 } }))).toEqual({ status: 401, message: REFUSAL_MESSAGES.notSignedIn });
    });
  });

  describe('dismiss and remove', () => {
    it('dismiss closes the case and leaves the post; only its moderators may; then nothing is open', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const club = await community(maya, kenji, lena);
      const post = await world.post(kenji, { community: club._id });
      await report(lena, 'post', post._id);
      const params = { params: { kind: 'post' as const, targetId: post._id }, body: {} };

      expect(await refusal(lena.api.call('moderation.dismiss', params))).toEqual({ status: 403, message: REFUSAL_MESSAGES.moderatorsOnly });
      expect(await maya.api.call('moderation.dismiss', params)).toEqual({ message: SUCCESS_MESSAGES.reportsDismissed });
      expect((await communityQueue(maya, club._id)).cases).toEqual([]);
      expect(await refusal(maya.api.call('moderation.dismiss', params))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.noOpenReports });
      expect((await maya.api.call('posts.get', { params: { id: post._id } }))._id).toBe(post._id);
      // Nobody was told.
      expect((await kenji.api.call('notifications.list')).map((n) => n.type)).not.toContain('removed');
    });

    it('remove deletes the comment or the post, closes its reports and tells the author why', async () => {
      const [maya, kenji, lena, sam] = await world.people('maya', 'kenji', 'lena', 'sam');
      const club = await community(maya, kenji, lena, sam);
      const post = await world.post(kenji, { title: 'Replica wheels for sale', community: club._id });
      const comment = await lena.api.call('comments.create', { params: { postId: post._id }, body: { text: 'DM me for cheap parts' } });
      await report(sam, 'comment', comment._id);
      await report(sam, 'post', post._id);
      await report(lena, 'post', post._id);

      const removeComment = { params: { kind: 'comment' as const, targetId: comment._id } };
      expect(await refusal(maya.api.call('moderation.remove', { ...removeComment, body: { reason: '  ' } }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.moderationReasonRequired });
      expect(await refusal(sam.api.call('moderation.remove', { ...removeComment, body: { reason: 'Spam' } }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.moderatorsOnly });
      expect(await maya.api.call('moderation.remove', { ...removeComment, body: { reason: '  No selling here.  ' } })).toEqual({ message: SUCCESS_MESSAGES.contentRemoved });
      expect((await maya.api.call('comments.list', { params: { postId: post._id }, query: { page: 1 } })).comments).toEqual([]);
      const [toLena] = await lena.api.call('notifications.list');
      expect(toLena).toMatchObject({
        type: 'removed',
        read: false,
        sender: { username: maya.username, fullName: maya.fullName },
        removal: { kind: 'comment', excerpt: 'DM me for cheap parts', community: { _id: club._id, name: club.name }, reason: 'No selling here.' },
      });

      await maya.api.call('moderation.remove', { params: { kind: 'post', targetId: post._id }, body: { reason: 'Advertising.' } });
      expect(await refusal(maya.api.call('posts.get', { params: { id: post._id } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.post });
      const [toKenji] = await kenji.api.call('notifications.list');
      expect(toKenji).toMatchObject({ type: 'removed', removal: { kind: 'post', excerpt: 'Replica wheels for sale', community: { _id: club._id }, reason: 'Advertising.' } });
      expect((await communityQueue(maya, club._id)).cases).toEqual([]);
      expect((await refusal(maya.api.call('moderation.remove', { params: { kind: 'post', targetId: post._id }, body: { reason: 'Again.' } }))).status).toBe(404);
    });
  });

  describe('operators', () => {
    it('read the site’s queue (profile posts, their comments, people) and the log; act on any case', async (ctx) => {
      const olu = await operator(ctx, 'olu');
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const club = await community(maya, kenji);
      const onProfile = await world.post(maya, { title: 'Cold start', content: 'Straight pipes.' });
      const inClub = await world.post(kenji, { community: club._id });
      await report(kenji, 'post', onProfile._id, 'dangerous_driving');
      await report(lena, 'user', kenji.id, 'harassment');
      await report(maya, 'post', inClub._id);

      const site = await siteQueue(olu);
      expect(site.cases.map((c) => [c.kind, c.targetId])).toEqual([
        ['post', onProfile._id],
        ['user', kenji.id],
      ]);
      expect(site.cases[0]).toMatchObject({ community: null, postId: onProfile._id, title: 'Cold start', author: summaryOf(maya) });
      expect(site.cases[1]).toMatchObject({ author: summaryOf(kenji), community: null, postId: null, title: '', text: '', imageUrl: kenji.user.profilePictureUrl });
      // A community's queue too, and its cases.
      expect((await communityQueue(olu, club._id)).cases.map((c) => c.targetId)).toEqual([inClub._id]);
      await olu.api.call('moderation.dismiss', { params: { kind: 'post', targetId: inClub._id }, body: {} });
      await olu.api.call('moderation.remove', { params: { kind: 'post', targetId: onProfile._id }, body: { reason: 'Dangerous.' } });
      // The creator of a community is not a moderator of the site's cases.
      expect(await refusal(maya.api.call('moderation.dismiss', { params: { kind: 'user', targetId: kenji.id }, body: {} }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.moderatorsOnly });

      const { actions, totalPages } = await log(olu);
      expect(totalPages).toBe(1);
      expect(actions).toEqual([
        { _id: expect.any(String), action: 'removed', kind: 'post', targetId: onProfile._id, actor: summaryOf(olu), subject: summaryOf(maya), community: null, excerpt: 'Cold start', reason: 'Dangerous.', reportCount: 1, createdAt: expect.any(String) },
        { _id: expect.any(String), action: 'dismissed', kind: 'post', targetId: inClub._id, actor: summaryOf(olu), subject: summaryOf(kenji), community: { _id: club._id, name: club.name }, excerpt: inClub.title, reason: '', reportCount: 1, createdAt: expect.any(String) },
      ]);
      expect((await siteQueue(olu)).cases.map((c) => c.targetId)).toEqual([kenji.id]);
    });

    it('suspend: the person cannot sign in, what they wrote leaves every list, their profile is gone but to operators', async (ctx) => {
      const olu = await operator(ctx, 'olu');
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const post = await world.post(kenji, { title: 'Spam spam spam' });
      const mine = await world.post(maya);
      await kenji.api.call('comments.create', { params: { postId: mine._id }, body: { text: 'Buy my parts' } });
      await report(lena, 'user', kenji.id);
      const trendingIds = async () => (await maya.api.call('posts.trending', { query: { page: 1 } })).posts.map((p) => p._id);
      expect(await trendingIds()).toContain(post._id);

      expect(await refusal(maya.api.call('moderation.suspend', { params: { userId: kenji.id }, body: { reason: 'Spam.' } }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.operatorsOnly });
      expect(await refusal(olu.api.call('moderation.suspend', { params: { userId: olu.id }, body: { reason: 'Me.' } }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.cannotSuspendSelf });
      expect(await refusal(olu.api.call('moderation.suspend', { params: { userId: kenji.id }, body: { reason: ' ' } }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.moderationReasonRequired });
      expect(await olu.api.call('moderation.suspend', { params: { userId: kenji.id }, body: { reason: 'Spam account.' } })).toEqual({ message: SUCCESS_MESSAGES.accountSuspended });
      // Again is no change (and no second line in the log).
      expect(await olu.api.call('moderation.suspend', { params: { userId: kenji.id }, body: { reason: 'Spam account.' } })).toEqual({ message: SUCCESS_MESSAGES.accountSuspended });

      // Signed out everywhere, and cannot sign in.
      expect(await refusal(kenji.api.call('auth.verify'))).toEqual({ status: 401, message: REFUSAL_MESSAGES.notSignedIn });
      expect(await refusal(world.target.newBrowser().call('auth.login', { body: { email: kenji.email, password: kenji.password } }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.accountSuspended });
      // Gone from every list, for everyone.
      expect(await trendingIds()).not.toContain(post._id);
      expect((await maya.api.call('comments.list', { params: { postId: mine._id }, query: { page: 1 } })).comments).toEqual([]);
      expect((await maya.api.call('search.query', { query: { q: kenji.username } })).users).toEqual([]);
      expect(await refusal(maya.api.call('users.profile', { params: { username: kenji.username } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.profileUnavailable });
      expect(await refusal(maya.api.call('posts.get', { params: { id: post._id } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.postUnavailable });
      expect(await olu.api.call('users.profile', { params: { username: kenji.username } })).toMatchObject({ _id: kenji.id, suspended: true });
      // The reports on the person were closed.
      expect((await siteQueue(olu)).cases).toEqual([]);

      expect(await olu.api.call('moderation.unsuspend', { params: { userId: kenji.id } })).toEqual({ message: SUCCESS_MESSAGES.suspensionLifted });
      expect(await olu.api.call('moderation.unsuspend', { params: { userId: kenji.id } })).toEqual({ message: SUCCESS_MESSAGES.suspensionLifted });
      const back = world.target.newBrowser();
      expect(signedInUser(await back.call('auth.login', { body: { email: kenji.email, password: kenji.password } })).id).toBe(kenji.id);
      expect(await trendingIds()).toContain(post._id);
      expect(await maya.api.call('users.profile', { params: { username: kenji.username } })).not.toHaveProperty('suspended', true);

      const { actions } = await log(olu);
      expect(actions.map((a) => [a.action, a.kind, a.targetId, a.reportCount, a.reason])).toEqual([
        ['unsuspended', 'user', kenji.id, 0, ''],
        ['suspended', 'user', kenji.id, 1, 'Spam account.'],
      ]);
      expect(actions[1]).toMatchObject({ actor: summaryOf(olu), subject: summaryOf(kenji), community: null, excerpt: '' });
    });

    it('an operator cannot be suspended', async (ctx) => {
      const olu = await operator(ctx, 'olu');
      const priya = await operator(ctx, 'priya');
      expect(await refusal(olu.api.call('moderation.suspend', { params: { userId: priya.id }, body: { reason: 'No.' } }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.cannotSuspendOperator });
      expect(await refusal(olu.api.call('moderation.suspend', { params: { userId: 'no-such-user' }, body: { reason: 'No.' } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.user });
    });
  });
}
