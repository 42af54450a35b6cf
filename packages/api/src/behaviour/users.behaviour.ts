import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, signedInUser } from '../contract/index.ts';
import { refusal, type World } from './world.ts';

export function usersBehaviour(world: World): void {
  describe('users', () => {
    it('follow is a toggle that answers both users', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const followed = await maya.api.call('users.follow', { params: { id: kenji.id } });
      expect(followed.userToFollow).toMatchObject({ _id: kenji.id, username: kenji.username, followers: [maya.id] });
      expect(followed.currentUser).toMatchObject({ id: maya.id, following: [kenji.id] });

      const unfollowed = await maya.api.call('users.follow', { params: { id: kenji.id } });
      expect(unfollowed.userToFollow.followers).toEqual([]);
      expect(unfollowed.currentUser.following).toEqual([]);
    });

    it('lists followers and following as user summaries', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      await kenji.api.call('users.follow', { params: { id: maya.id } });
      await lena.api.call('users.follow', { params: { id: maya.id } });
      await maya.api.call('users.follow', { params: { id: lena.id } });

      const followers = await maya.api.call('users.followers', { params: { id: maya.id } });
      expect(followers.map((u) => u.username).sort()).toEqual([kenji.username, lena.username].sort());
      expect(followers.find((u) => u._id === kenji.id)).toEqual({ _id: kenji.id, username: kenji.username, fullName: 'Kenji Watanabe', profilePictureUrl: expect.any(String) });
      expect((await kenji.api.call('users.following', { params: { id: maya.id } })).map((u) => u._id)).toEqual([lena.id]);
      expect(await refusal(maya.api.call('users.followers', { params: { id: 'no-such-user' } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.user });
    });

    it('removes a follower', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      await kenji.api.call('users.follow', { params: { id: maya.id } });
      const { currentUser } = await maya.api.call('users.removeFollower', { params: { id: kenji.id } });
      expect(currentUser).toMatchObject({ id: maya.id, followers: [] });
      expect((await kenji.api.call('auth.verify')).user.following).toEqual([]);
    });

    it('refuses to follow oneself or someone who does not exist', async () => {
      const maya = await world.person('maya');
      expect(await refusal(maya.api.call('users.follow', { params: { id: maya.id } }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.cannotFollowSelf });
      expect(await refusal(maya.api.call('users.follow', { params: { id: 'no-such-user' } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.user });
    });

    it.skipIf(!world.has('communities'))('shows a profile by username with communities, post count, and the e-mail only to its owner', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      await world.post(maya);
      await world.post(maya);
      const { newCommunity } = await maya.api.call('communities.create', { body: { name: 'Air-Cooled Porsche Club', description: 'Before 1998.' } });

      const own = await maya.api.call('users.profile', { params: { username: maya.username } });
      expect(own).toMatchObject({ _id: maya.id, username: maya.username, fullName: 'Maya Fischer', email: maya.email, postCount: 2 });
      expect(own.communities.map((c) => c.name)).toEqual([newCommunity.name]);

      const seen = await kenji.api.call('users.profile', { params: { username: maya.username } });
      expect(seen.postCount).toBe(2);
      expect(seen.email).toBeUndefined();
      expect(await refusal(kenji.api.call('users.profile', { params: { username: 'nobody.here' } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.user });
    });

    it.skipIf(!world.has('communities'))("lists a user's communities", async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const { newCommunity } = await kenji.api.call('communities.create', { body: { name: 'JDM Legends', description: 'AE86, S13, FD.' } });
      await maya.api.call('communities.join', { params: { id: newCommunity._id } });
      expect((await kenji.api.call('users.communitiesList', { params: { userId: maya.id } })).map((c) => c._id)).toEqual([newCommunity._id]);
    });

    it('updates the own profile; refuses a taken username and someone else’s profile', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const renamed = `${maya.username}.911`;
      const updated = await maya.api.call('users.update', { body: { id: maya.id, fullName: 'Maya Fischer Berg', username: renamed, profilePicture: world.target.imageFile() } });
      expect(updated).toMatchObject({ id: maya.id, fullName: 'Maya Fischer Berg', username: renamed, email: maya.email });
      expect(updated.profilePictureUrl).not.toBe(maya.user.profilePictureUrl);
      expect((await kenji.api.call('users.profile', { params: { username: renamed } }))._id).toBe(maya.id);

      expect(await refusal(maya.api.call('users.update', { body: { id: maya.id, fullName: 'Maya', username: kenji.username } }))).toEqual({ status: 409, message: REFUSAL_MESSAGES.usernameTaken });
      expect(await refusal(maya.api.call('users.update', { body: { id: kenji.id, fullName: 'Kenji', username: kenji.username } }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.editOwnProfileOnly });
      expect(await refusal(maya.api.call('users.update', { body: { id: maya.id, fullName: 'M', username: renamed } }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.invalidFullName });
    });

    it('changes the password from the profile; an empty password keeps the old one', async () => {
      const maya = await world.person('maya');
      await maya.api.call('users.update', { body: { id: maya.id, fullName: maya.fullName, username: maya.username, password: '' } });
      const browser = world.target.newBrowser();
      await browser.call('auth.login', { body: { email: maya.email, password: maya.password } });
      await maya.api.call('users.update', { body: { id: maya.id, fullName: maya.fullName, username: maya.username, password: 'Flat#Six 911!' } });
      expect(await refusal(browser.call('auth.login', { body: { email: maya.email, password: maya.password } }))).toMatchObject({ status: 401 });
      expect(signedInUser(await browser.call('auth.login', { body: { email: maya.email, password: 'Flat#Six 911!' } })).id).toBe(maya.id);
    });
  });
}
