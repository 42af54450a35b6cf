import { describe, expect, it } from 'vitest';
import { SUGGESTION_LIMIT } from '../contract/index.ts';
import { type World } from './world.ts';

export function discoveryBehaviour(world: World): void {
  describe('search', () => {
    it('finds users by name or username and posts by title or content, case-insensitively', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const ae86 = await world.post(kenji, { title: 'AE86 on fresh coilovers', content: 'Ride height dialled in.' });
      const touge = await world.post(maya, { title: 'Sunrise run', content: 'Followed an ae86 up the pass.' });
      await world.post(maya, { title: 'Valve night', content: 'Twelve valves.' });

      const byPost = await maya.api.call('search.query', { query: { q: 'AE86' } });
      expect(byPost.posts.map((p) => p._id)).toEqual([touge._id, ae86._id]);
      expect(byPost.users).toEqual([]);

      const byName = await maya.api.call('search.query', { query: { q: 'watanabe' } });
      expect(byName.users).toEqual([{ _id: kenji.id, username: kenji.username, fullName: 'Kenji Watanabe', profilePictureUrl: kenji.user.profilePictureUrl }]);
      expect((await maya.api.call('search.query', { query: { q: kenji.username.toUpperCase() } })).users.map((u) => u._id)).toEqual([kenji.id]);
      // (Cars found too, issue 17: the garage's part of the suite.)
      expect(await maya.api.call('search.query', { query: { q: '   ' } })).toMatchObject({ users: [], posts: [] });
    });
  });

  describe('suggestions', () => {
    it.skipIf(!world.has('communities'))('suggests people not yet followed, those who follow you first, and communities not joined', async () => {
      const [maya, kenji, lena, sam] = await world.people('maya', 'kenji', 'lena', 'sam');
      await sam.api.call('users.follow', { params: { id: maya.id } });
      await maya.api.call('users.follow', { params: { id: lena.id } });
      const mine = (await maya.api.call('communities.create', { body: { name: 'Air-Cooled Porsche Club', description: 'Before 1998.' } })).newCommunity;
      const jdm = (await kenji.api.call('communities.create', { body: { name: 'JDM Legends', description: 'AE86, S13, FD.' } })).newCommunity;

      const suggestions = await maya.api.call('suggestions.list');
      expect(suggestions.users[0]).toMatchObject({ _id: sam.id, followsYou: true });
      expect(suggestions.users.map((u) => u._id).sort()).toEqual([kenji.id, sam.id].sort());
      expect(suggestions.users.find((u) => u._id === kenji.id)?.followsYou).toBe(false);
      expect(suggestions.communities.map((c) => c._id)).toEqual([jdm._id]);
      expect(suggestions.communities.map((c) => c._id)).not.toContain(mine._id);

      await maya.api.call('users.follow', { params: { id: sam.id } });
      await maya.api.call('communities.join', { params: { id: jdm._id } });
      expect(await maya.api.call('suggestions.list')).toEqual({ users: [expect.objectContaining({ _id: kenji.id })], communities: [] });
    });

    it(`suggests at most ${SUGGESTION_LIMIT} people`, async () => {
      const people = await world.people('maya', 'kenji', 'lena', 'sam', 'tomas', 'ruby', 'olu');
      expect((await people[0].api.call('suggestions.list')).users).toHaveLength(SUGGESTION_LIMIT);
    });
  });
}
