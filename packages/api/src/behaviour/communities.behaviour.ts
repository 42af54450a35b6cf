import { describe, expect, it } from 'vitest';
import { MAX_COMMUNITY_DESCRIPTION_LENGTH, NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '../contract/index.ts';
import { refusal, type Actor, type World } from './world.ts';

export function communitiesBehaviour(world: World): void {
  async function club(creator: Actor, name = 'Air-Cooled Porsche Club') {
    return (await creator.api.call('communities.create', { body: { name, description: 'Everything before 1998: 356, 912, 911 and 930.' } })).newCommunity;
  }

  describe('communities', () => {
    it('creates a community with its creator as first member', async () => {
      const maya = await world.person('maya');
      const { newCommunity, updatedUser } = await maya.api.call('communities.create', { body: { name: '  Air-Cooled Porsche Club ', description: 'Before 1998.' } });
      expect(newCommunity).toMatchObject({ name: 'Air-Cooled Porsche Club', description: 'Before 1998.', members: [maya.id], creator: { _id: maya.id, username: maya.username } });
      expect(updatedUser).toMatchObject({ id: maya.id, communities: [newCommunity._id] });
      expect((await maya.api.call('communities.list')).map((c) => c._id)).toEqual([newCommunity._id]);
      expect(await maya.api.call('communities.get', { params: { id: newCommunity._id } })).toEqual({ community: newCommunity, isMember: true, posts: [], totalPages: 0 });
    });

    it('refuses a taken name, a blank name and a description over 300 characters', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      await club(maya);
      const create = (name: string, description: string) => refusal(kenji.api.call('communities.create', { body: { name, description } }));
      expect(await create('air-cooled porsche club', 'Mine too')).toEqual({ status: 409, message: REFUSAL_MESSAGES.communityNameTaken });
      expect(await create('  ', 'Nameless')).toEqual({ status: 400, message: REFUSAL_MESSAGES.communityNameRequired });
      expect(await create('JDM Legends', '')).toEqual({ status: 400, message: REFUSAL_MESSAGES.communityDescriptionRequired });
      expect(await create('JDM Legends', 'x'.repeat(MAX_COMMUNITY_DESCRIPTION_LENGTH + 1))).toEqual({ status: 400, message: REFUSAL_MESSAGES.communityDescriptionTooLong });
    });

    it('answers 404 "Community not found." for a community that does not exist', async () => {
      const maya = await world.person('maya');
      expect(await refusal(maya.api.call('communities.get', { params: { id: 'no-such-community' } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.community });
    });

    it('joins a community once and sees its posts, newest first', async () => {
      const [maya, lena] = await world.people('maya', 'lena');
      const community = await club(maya);
      const older = await world.post(maya, { title: 'Valve adjustment night', community: community._id });
      const newer = await world.post(maya, { title: 'Fuchs refurb', community: community._id });

      const outside = await lena.api.call('communities.get', { params: { id: community._id } });
      expect(outside).toMatchObject({ isMember: false, posts: [], totalPages: 0 });

      const { user } = await lena.api.call('communities.join', { params: { id: community._id } });
      expect(user.communities).toEqual([community._id]);
      expect(await refusal(lena.api.call('communities.join', { params: { id: community._id } }))).toEqual({ status: 409, message: REFUSAL_MESSAGES.alreadyMember });
      const inside = await lena.api.call('communities.get', { params: { id: community._id } });
      expect(inside.isMember).toBe(true);
      expect(inside.community.members).toEqual([maya.id, lena.id]);
      expect(inside.posts.map((p) => p._id)).toEqual([newer._id, older._id]);
      expect((await lena.api.call('communities.members', { params: { id: community._id } })).map((u) => u._id)).toEqual([maya.id, lena.id]);
    });

    it('keeps posts members-only: non-members cannot post there or see them in any list', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const community = await club(maya);
      const inside = await world.post(maya, { title: 'Members only: barn find', community: community._id });
      const outside = await world.post(maya, { title: 'Public: barn find' });
      await kenji.api.call('users.follow', { params: { id: maya.id } });

      expect(await refusal(world.post(kenji, { community: community._id }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.joinToPost });
      const ids = (page: { posts: { _id: string }[] }) => page.posts.map((p) => p._id);
      expect(ids(await kenji.api.call('posts.feed'))).toEqual([outside._id]);
      expect(ids(await kenji.api.call('posts.trending'))).toEqual([outside._id]);
      expect(ids(await kenji.api.call('posts.byUser', { params: { userId: maya.id } }))).toEqual([outside._id]);
      expect(ids(await kenji.api.call('search.query', { query: { q: 'barn find' } }))).toEqual([outside._id]);
      expect(ids(await maya.api.call('posts.byUser', { params: { userId: maya.id } })).sort()).toEqual([inside._id, outside._id].sort());
    });

    it("leaving deletes the leaver's posts in the community and nothing else", async () => {
      const [maya, lena] = await world.people('maya', 'lena');
      const community = await club(maya);
      await lena.api.call('communities.join', { params: { id: community._id } });
      const there = await world.post(lena, { community: community._id });
      const onProfile = await world.post(lena);
      const mayaThere = await world.post(maya, { community: community._id });

      const { user } = await lena.api.call('communities.leave', { params: { id: community._id } });
      expect(user.communities).toEqual([]);
      expect(await refusal(maya.api.call('posts.get', { params: { id: there._id } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.post });
      expect((await maya.api.call('posts.get', { params: { id: onProfile._id } }))._id).toBe(onProfile._id);
      expect((await maya.api.call('communities.get', { params: { id: community._id } })).posts.map((p) => p._id)).toEqual([mayaThere._id]);
      expect(await refusal(lena.api.call('communities.leave', { params: { id: community._id } }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.notMember });
    });

    it('the creator can neither leave nor be removed', async () => {
      const maya = await world.person('maya');
      const community = await club(maya);
      expect(await refusal(maya.api.call('communities.leave', { params: { id: community._id } }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.creatorCannotLeave });
      expect(await refusal(maya.api.call('communities.removeMember', { params: { id: community._id, userId: maya.id } }))).toEqual({
        status: 400,
        message: REFUSAL_MESSAGES.creatorCannotBeRemoved,
      });
    });

    it("removing a member deletes their posts and comments in the community; only the creator may", async () => {
      const [maya, lena, kenji] = await world.people('maya', 'lena', 'kenji');
      const community = await club(maya);
      for (const member of [lena, kenji]) await member.api.call('communities.join', { params: { id: community._id } });
      const lenaPost = await world.post(lena, { community: community._id });
      const mayaPost = await world.post(maya, { community: community._id });
      await lena.api.call('comments.create', { params: { postId: mayaPost._id }, body: { text: 'Restomod it!' } });
      const kept = await kenji.api.call('comments.create', { params: { postId: mayaPost._id }, body: { text: 'Leave the patina.' } });
      const elsewhere = await world.post(kenji);
      const lenaElsewhere = await lena.api.call('comments.create', { params: { postId: elsewhere._id }, body: { text: 'Outside the club' } });

      expect(await refusal(kenji.api.call('communities.removeMember', { params: { id: community._id, userId: lena.id } }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.creatorOnly });
      const removed = await maya.api.call('communities.removeMember', { params: { id: community._id, userId: lena.id } });
      expect(removed.community.members).toEqual([maya.id, kenji.id]);
      expect(removed.user.id).toBe(maya.id);

      expect(await refusal(maya.api.call('posts.get', { params: { id: lenaPost._id } }))).toMatchObject({ status: 404 });
      expect((await maya.api.call('comments.list', { params: { postId: mayaPost._id } })).comments).toEqual([kept]);
      expect((await kenji.api.call('comments.list', { params: { postId: elsewhere._id } })).comments).toEqual([lenaElsewhere]);
      expect((await lena.api.call('auth.verify')).user.communities).toEqual([]);
      expect(await refusal(maya.api.call('communities.removeMember', { params: { id: community._id, userId: lena.id } }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.userNotMember });
    });

    it('deleting a community deletes its posts; only the creator may', async () => {
      const [maya, lena] = await world.people('maya', 'lena');
      const community = await club(maya);
      await lena.api.call('communities.join', { params: { id: community._id } });
      const post = await world.post(lena, { community: community._id });
      expect(await refusal(lena.api.call('communities.delete', { params: { id: community._id } }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.creatorOnly });
      expect(await maya.api.call('communities.delete', { params: { id: community._id } })).toEqual({ message: SUCCESS_MESSAGES.communityDeleted });
      expect(await refusal(lena.api.call('communities.get', { params: { id: community._id } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.community });
      expect(await refusal(lena.api.call('posts.get', { params: { id: post._id } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.post });
      expect((await lena.api.call('auth.verify')).user.communities).toEqual([]);
      expect(await lena.api.call('communities.list')).toEqual([]);
    });

    it('the creator edits name, description, cover and the members kept', async () => {
      const [maya, lena, kenji] = await world.people('maya', 'lena', 'kenji');
      const community = await club(maya);
      for (const member of [lena, kenji]) await member.api.call('communities.join', { params: { id: community._id } });
      const lenaPost = await world.post(lena, { community: community._id });
      const edit = { name: 'Air-Cooled Club', description: 'Flat-sixes only.', members: [maya.id, kenji.id], coverImage: world.target.imageFile() };
      expect(await refusal(lena.api.call('communities.update', { params: { id: community._id }, body: edit }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.creatorOnly });
      const updated = await maya.api.call('communities.update', { params: { id: community._id }, body: edit });
      expect(updated).toMatchObject({ _id: community._id, name: 'Air-Cooled Club', description: 'Flat-sixes only.', members: [maya.id, kenji.id] });
      expect(updated.coverImageUrl).not.toBe(community.coverImageUrl);
      expect(await refusal(maya.api.call('posts.get', { params: { id: lenaPost._id } }))).toMatchObject({ status: 404 });
    });
  });
}
