// Block and mute (issue 18) as a caller sees them (apps/server/src/modules/safety/README.md): the
// idempotent changes and the viewer's lists, the follows a block ends, the profile's flags, and
// what a block pair may not open or do. What leaves the lists: hidden-lists.behaviour.ts.
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES } from '../contract/index.ts';
import { addCar } from './garage-helpers.ts';
import { hiddenListsBehaviour } from './hidden-lists.behaviour.ts';
import { refusal, type Actor, type World } from './world.ts';

const summaryOf = (actor: Actor) => ({ _id: actor.id, username: actor.username, fullName: actor.fullName, profilePictureUrl: actor.user.profilePictureUrl });

export function safetyBehaviour(world: World): void {
  describe('block and mute', () => {
    it('blocks and unblocks, each as often as asked, answering where the viewer stands and their session user', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const blocked = await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} });
      expect(blocked).toMatchObject({ userId: kenji.id, blocked: true, muted: false, currentUser: { id: maya.id, username: maya.username } });
      const list = await maya.api.call('safety.blocked');
      expect(list).toEqual([{ ...summaryOf(kenji), since: expect.any(String) }]);
      // Blocking again changes nothing, not even when.
      expect(await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} })).toMatchObject({ blocked: true, muted: false });
      expect(await maya.api.call('safety.blocked')).toEqual(list);
      // Only the one who blocked has them in their list.
      expect(await kenji.api.call('safety.blocked')).toEqual([]);

      expect(await maya.api.call('safety.unblock', { params: { userId: kenji.id } })).toMatchObject({ userId: kenji.id, blocked: false, muted: false, currentUser: { id: maya.id } });
      expect(await maya.api.call('safety.unblock', { params: { userId: kenji.id } })).toMatchObject({ blocked: false });
      expect(await maya.api.call('safety.blocked')).toEqual([]);
    });

    it('mutes and unmutes the same way, and a mute is not a block', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      expect(await maya.api.call('safety.mute', { params: { userId: kenji.id }, body: {} })).toMatchObject({ userId: kenji.id, blocked: false, muted: true, currentUser: { id: maya.id } });
      expect(await maya.api.call('safety.mute', { params: { userId: kenji.id }, body: {} })).toMatchObject({ muted: true });
      expect(await maya.api.call('safety.muted')).toEqual([{ ...summaryOf(kenji), since: expect.any(String) }]);
      expect(await maya.api.call('safety.blocked')).toEqual([]);
      expect(await kenji.api.call('safety.muted')).toEqual([]);
      // Blocking a muted person keeps the mute: the answer says both.
      expect(await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} })).toMatchObject({ blocked: true, muted: true });

      expect(await maya.api.call('safety.unmute', { params: { userId: kenji.id } })).toMatchObject({ blocked: true, muted: false });
      expect(await maya.api.call('safety.unmute', { params: { userId: kenji.id } })).toMatchObject({ muted: false });
      expect(await maya.api.call('safety.muted')).toEqual([]);
    });

    it('lists the blocked and the muted newest first', async () => {
      const [maya, kenji, lena, sam] = await world.people('maya', 'kenji', 'lena', 'sam');
      for (const person of [kenji, sam, lena]) await maya.api.call('safety.block', { params: { userId: person.id }, body: {} });
      for (const person of [lena, kenji]) await maya.api.call('safety.mute', { params: { userId: person.id }, body: {} });
      const blocked = await maya.api.call('safety.blocked');
      expect(blocked.map((u) => u._id)).toEqual([lena.id, sam.id, kenji.id]);
      expect(blocked.map((u) => u.since)).toEqual(blocked.map((u) => u.since).sort().reverse());
      expect((await maya.api.call('safety.muted')).map((u) => u._id)).toEqual([kenji.id, lena.id]);
    });

    it('refuses oneself with 400, nobody with 404 and a visitor with 401', async () => {
      const maya = await world.person('maya');
      expect(await refusal(maya.api.call('safety.block', { params: { userId: maya.id }, body: {} }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.cannotBlockSelf });
      expect(await refusal(maya.api.call('safety.mute', { params: { userId: maya.id }, body: {} }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.cannotMuteSelf });
      const nobody = { params: { userId: 'no-such-user' } };
      const notFound = { status: 404, message: NOT_FOUND_MESSAGES.user };
      expect(await refusal(maya.api.call('safety.block', { ...nobody, body: {} }))).toEqual(notFound);
      expect(await refusal(maya.api.call('safety.unblock', nobody))).toEqual(notFound);
      expect(await refusal(maya.api.call('safety.mute', { ...nobody, body: {} }))).toEqual(notFound);
      expect(await refusal(maya.api.call('safety.unmute', nobody))).toEqual(notFound);

      const visitor = world.target.newBrowser();
      const notSignedIn = { status: 401, message: REFUSAL_MESSAGES.notSignedIn };
      const someone = { params: { userId: maya.id } };
      expect(await refusal(visitor.call('safety.blocked'))).toEqual(notSignedIn);
      expect(await refusal(visitor.call('safety.muted'))).toEqual(notSignedIn);
      expect(await refusal(visitor.call('safety.block', { ...someone, body: {} }))).toEqual(notSignedIn);
      expect(await refusal(visitor.call('safety.unblock', someone))).toEqual(notSignedIn);
      expect(await refusal(visitor.call('safety.mute', { ...someone, body: {} }))).toEqual(notSignedIn);
      expect(await refusal(visitor.call('safety.unmute', someone))).toEqual(notSignedIn);
      expect(await maya.api.call('safety.blocked')).toEqual([]);
    });

    it('a block ends the follows both ways, and an unblock does not bring them back', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      await maya.api.call('users.follow', { params: { id: kenji.id } });
      await kenji.api.call('users.follow', { params: { id: maya.id } });
      await maya.api.call('users.follow', { params: { id: lena.id } });

      const { currentUser } = await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} });
      expect(currentUser.following).toEqual([lena.id]);
      expect(currentUser.followers).toEqual([]);
      const kenjiNow = (await kenji.api.call('auth.verify')).user;
      expect([kenjiNow.following, kenjiNow.followers]).toEqual([[], []]);

      const after = await maya.api.call('safety.unblock', { params: { userId: kenji.id } });
      expect([after.currentUser.following, after.currentUser.followers]).toEqual([[lena.id], []]);
      expect((await maya.api.call('users.profile', { params: { username: kenji.username } })).followers).toEqual([]);
    });

    it('a mute ends no follow, and the muted person is not told', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      await maya.api.call('users.follow', { params: { id: kenji.id } });
      const { currentUser } = await maya.api.call('safety.mute', { params: { userId: kenji.id }, body: {} });
      expect(currentUser.following).toEqual([kenji.id]);
      expect(await kenji.api.call('notifications.list')).toHaveLength(1); // the follow, nothing more
      expect(await kenji.api.call('users.profile', { params: { username: maya.username } })).toMatchObject({ blocked: false, muted: false });
    });
  });

  describe('block and mute: profiles', () => {
    it('a profile says where the viewer stands; one’s own says nothing', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      expect(await maya.api.call('users.profile', { params: { username: kenji.username } })).toMatchObject({ _id: kenji.id, blocked: false, muted: false });
      const own = await maya.api.call('users.profile', { params: { username: maya.username } });
      expect(own).not.toHaveProperty('blocked');
      expect(own).not.toHaveProperty('muted');

      await maya.api.call('safety.mute', { params: { userId: kenji.id }, body: {} });
      expect(await maya.api.call('users.profile', { params: { username: kenji.username } })).toMatchObject({ blocked: false, muted: true });
    });

    it('a person I blocked shows their name and picture only; I am not there for them', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      await lena.api.call('users.follow', { params: { id: kenji.id } });
      await world.post(kenji);
      await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} });

      const seen = await maya.api.call('users.profile', { params: { username: kenji.username } });
      expect(seen).toEqual({ ...summaryOf(kenji), followers: [], following: [], communities: [], postCount: 0, blocked: true, muted: false });
      expect(await refusal(kenji.api.call('users.profile', { params: { username: maya.username } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.profileUnavailable });
      // Someone else sees both as before.
      expect(await lena.api.call('users.profile', { params: { username: kenji.username } })).toMatchObject({ followers: [lena.id], postCount: 1, blocked: false });
    });

    it('a block pair’s pages, posts and comments answer 404 both ways', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const kenjisPost = await world.post(kenji);
      const mayasPost = await world.post(maya);
      await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} });

      for (const [viewer, other, post] of [
        [maya, kenji, kenjisPost],
        [kenji, maya, mayasPost],
      ] as const) {
        const profile = { status: 404, message: NOT_FOUND_MESSAGES.profileUnavailable };
        expect(await refusal(viewer.api.call('posts.byUser', { params: { userId: other.id } }))).toEqual(profile);
        expect(await refusal(viewer.api.call('users.followers', { params: { id: other.id } }))).toEqual(profile);
        expect(await refusal(viewer.api.call('users.following', { params: { id: other.id } }))).toEqual(profile);
        expect(await refusal(viewer.api.call('users.communitiesList', { params: { userId: other.id } }))).toEqual(profile);
        const unavailable = { status: 404, message: NOT_FOUND_MESSAGES.postUnavailable };
        expect(await refusal(viewer.api.call('posts.get', { params: { id: post._id } }))).toEqual(unavailable);
        expect(await refusal(viewer.api.call('posts.related', { params: { id: post._id } }))).toEqual(unavailable);
        expect(await refusal(viewer.api.call('comments.list', { params: { postId: post._id } }))).toEqual(unavailable);
        expect(await refusal(viewer.api.call('posts.save', { params: { id: post._id } }))).toEqual(unavailable);
      }
      // Their own things still open for each.
      expect((await maya.api.call('posts.get', { params: { id: mayasPost._id } }))._id).toBe(mayasPost._id);
      // And everything opens again after the unblock.
      await maya.api.call('safety.unblock', { params: { userId: kenji.id } });
      expect((await maya.api.call('posts.get', { params: { id: kenjisPost._id } }))._id).toBe(kenjisPost._id);
      expect((await kenji.api.call('users.profile', { params: { username: maya.username } }))._id).toBe(maya.id);
    });

    it.skipIf(!world.has('garage'))('a block pair’s garage and cars answer 404 both ways', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const kenjisCar = await addCar(kenji, 'Toyota', 'Supra', { year: 1994 });
      const mayasCar = await addCar(maya, 'Porsche', '911', { year: 1982 });
      await kenji.api.call('safety.block', { params: { userId: maya.id }, body: {} });

      for (const [viewer, other, car] of [
        [maya, kenji, kenjisCar],
        [kenji, maya, mayasCar],
      ] as const) {
        expect(await refusal(viewer.api.call('cars.byUser', { params: { userId: other.id } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.profileUnavailable });
        const unavailable = { status: 404, message: NOT_FOUND_MESSAGES.carUnavailable };
        expect(await refusal(viewer.api.call('cars.get', { params: { id: car._id } }))).toEqual(unavailable);
        expect(await refusal(viewer.api.call('cars.timeline', { params: { id: car._id } }))).toEqual(unavailable);
      }
    });

    it('a mute changes no page: the muted person’s profile, posts and comments open', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(kenji);
      await kenji.api.call('comments.create', { params: { postId: post._id }, body: { text: 'First!' } });
      await maya.api.call('safety.mute', { params: { userId: kenji.id }, body: {} });

      expect(await maya.api.call('users.profile', { params: { username: kenji.username } })).toMatchObject({ _id: kenji.id, postCount: 1, muted: true });
      expect((await maya.api.call('posts.byUser', { params: { userId: kenji.id } })).posts.map((p) => p._id)).toEqual([post._id]);
      expect((await maya.api.call('posts.get', { params: { id: post._id } }))._id).toBe(post._id);
      expect((await maya.api.call('users.followers', { params: { id: kenji.id } }))).toEqual([]);
      expect(await maya.api.call('posts.save', { params: { id: post._id } })).toMatchObject({ saved: true });
      // Muting is not blocking: like, comment and follow go through.
      expect((await maya.api.call('posts.like', { params: { id: post._id } })).likes).toEqual([maya.id]);
      await maya.api.call('comments.create', { params: { postId: post._id }, body: { text: 'Nice' } });
      expect((await maya.api.call('users.follow', { params: { id: kenji.id } })).currentUser.following).toEqual([kenji.id]);
    });
  });

  describe('block and mute: what a block pair cannot do', () => {
    it('neither can follow, like or comment on the other: 403, and nobody is notified', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const kenjisPost = await world.post(kenji);
      const mayasPost = await world.post(maya);
      await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} });

      const youBlocked = { status: 403, message: REFUSAL_MESSAGES.youBlockedThem };
      expect(await refusal(maya.api.call('users.follow', { params: { id: kenji.id } }))).toEqual(youBlocked);
      expect(await refusal(maya.api.call('posts.like', { params: { id: kenjisPost._id } }))).toEqual(youBlocked);
      expect(await refusal(maya.api.call('comments.create', { params: { postId: kenjisPost._id }, body: { text: 'Hi' } }))).toEqual(youBlocked);

      const theyBlocked = { status: 403, message: REFUSAL_MESSAGES.theyBlockedYou };
      expect(await refusal(kenji.api.call('users.follow', { params: { id: maya.id } }))).toEqual(theyBlocked);
      expect(await refusal(kenji.api.call('posts.like', { params: { id: mayasPost._id } }))).toEqual(theyBlocked);
      expect(await refusal(kenji.api.call('comments.create', { params: { postId: mayasPost._id }, body: { text: 'Hi' } }))).toEqual(theyBlocked);

      expect(await maya.api.call('notifications.list')).toEqual([]);
      expect(await kenji.api.call('notifications.list')).toEqual([]);
      await maya.api.call('safety.unblock', { params: { userId: kenji.id } });
      expect((await kenji.api.call('posts.get', { params: { id: mayasPost._id } })).likes).toEqual([]);
      expect((await kenji.api.call('comments.list', { params: { postId: mayasPost._id } })).totalComments).toBe(0);
      expect((await kenji.api.call('users.follow', { params: { id: maya.id } })).currentUser.following).toEqual([maya.id]);
    });
  });

  hiddenListsBehaviour(world);
}
