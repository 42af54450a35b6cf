// Block and mute (issue 18): what leaves the lists (apps/server/src/modules/safety/README.md).
// Posts, comments and notifications of hidden people (block pairs and the muted) leave the
// viewer's lists, counts included; people lists leave out block pairs only.
import { describe, expect, it } from 'vitest';
import { addCar } from './garage-helpers.ts';
import type { World } from './world.ts';

export function hiddenListsBehaviour(world: World): void {
  describe('block and mute: lists', () => {
    it('a mute takes the person’s posts out of my feed, trending, related, Saved and search, and the unmute brings them back', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      await maya.api.call('users.follow', { params: { id: kenji.id } });
      await maya.api.call('users.follow', { params: { id: lena.id } });
      const kenjis = await world.post(kenji, { title: 'Supra at the meet' });
      const lenas = await world.post(lena, { title: 'E-Type at the meet' });
      await maya.api.call('posts.save', { params: { id: kenjis._id } });
      await maya.api.call('safety.mute', { params: { userId: kenji.id }, body: {} });

      const ids = (page: { posts: { _id: string }[] }) => page.posts.map((p) => p._id);
      expect(await maya.api.call('posts.feed')).toMatchObject({ posts: [{ _id: lenas._id }], totalPages: 1 });
      expect(ids(await maya.api.call('posts.trending'))).toEqual([lenas._id]);
      expect(await maya.api.call('posts.related', { params: { id: lenas._id } })).toEqual({ posts: [], totalPages: 0 });
      expect(await maya.api.call('posts.saved')).toEqual({ posts: [], totalPages: 0 });
      expect(ids(await maya.api.call('search.query', { query: { q: 'at the meet' } }))).toEqual([lenas._id]);
      // Only for me: the others see it as before.
      expect(ids(await lena.api.call('posts.trending')).sort()).toEqual([kenjis._id, lenas._id].sort());

      await maya.api.call('safety.unmute', { params: { userId: kenji.id } });
      expect(ids(await maya.api.call('posts.feed'))).toEqual([lenas._id, kenjis._id]);
      expect(ids(await maya.api.call('posts.saved'))).toEqual([kenjis._id]);
    });

    it('a block takes each one’s posts out of the other’s lists', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const mayas = await world.post(maya, { title: '911 at the meet' });
      const kenjis = await world.post(kenji, { title: 'Supra at the meet' });
      const lenas = await world.post(lena, { title: 'E-Type at the meet' });
      await kenji.api.call('safety.block', { params: { userId: maya.id }, body: {} });

      const ids = (page: { posts: { _id: string }[] }) => page.posts.map((p) => p._id).sort();
      expect(ids(await maya.api.call('posts.trending'))).toEqual([mayas._id, lenas._id].sort());
      expect(ids(await kenji.api.call('posts.trending'))).toEqual([kenjis._id, lenas._id].sort());
      expect(ids(await maya.api.call('posts.related', { params: { id: lenas._id } }))).toEqual([mayas._id]);
      expect(ids(await kenji.api.call('search.query', { query: { q: 'at the meet' } }))).toEqual([kenjis._id, lenas._id].sort());
      expect(ids(await lena.api.call('posts.trending'))).toEqual([mayas._id, kenjis._id, lenas._id].sort());
    });

    it.skipIf(!world.has('communities'))('a community’s posts leave out hidden people’s; its members list does not', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const club = (await lena.api.call('communities.create', { body: { name: 'Sunday Morning Meets', description: 'Coffee and cars.' } })).newCommunity;
      for (const member of [maya, kenji]) await member.api.call('communities.join', { params: { id: club._id } });
      await world.post(kenji, { community: club._id });
      const lenas = await world.post(lena, { community: club._id });
      await maya.api.call('safety.mute', { params: { userId: kenji.id }, body: {} });

      expect(await maya.api.call('communities.get', { params: { id: club._id } })).toMatchObject({ posts: [{ _id: lenas._id }], totalPages: 1 });
      await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} });
      expect((await maya.api.call('communities.members', { params: { id: club._id } })).map((u) => u._id)).toEqual([lena.id, maya.id, kenji.id]);
    });

    it('comments of hidden people leave every comment list and preview, and the counts', async () => {
      const [maya, kenji, lena, sam] = await world.people('maya', 'kenji', 'lena', 'sam');
      await maya.api.call('users.follow', { params: { id: lena.id } });
      const post = await world.post(lena);
      for (const [actor, text] of [
        [kenji, 'From Kenji'],
        [sam, 'From Sam'],
        [lena, 'From Lena'],
        [maya, 'From Maya'],
      ] as const) {
        await actor.api.call('comments.create', { params: { postId: post._id }, body: { text } });
      }
      await maya.api.call('safety.mute', { params: { userId: kenji.id }, body: {} });
      await sam.api.call('safety.block', { params: { userId: maya.id }, body: {} });

      const texts = async (viewer: typeof maya) => {
        const list = await viewer.api.call('comments.list', { params: { postId: post._id } });
        return [list.comments.map((c) => c.text), list.totalComments];
      };
      expect(await texts(maya)).toEqual([['From Maya', 'From Lena'], 2]);
      expect((await maya.api.call('posts.feed')).posts[0]?.commentsPreview).toMatchObject({ totalComments: 2, comments: [{ text: 'From Maya' }, { text: 'From Lena' }] });
      // The block pair both ways; the muted person sees everyone.
      expect(await texts(sam)).toEqual([['From Lena', 'From Sam', 'From Kenji'], 3]);
      expect(await texts(kenji)).toEqual([['From Maya', 'From Lena', 'From Sam', 'From Kenji'], 4]);
    });

    it('notifications whose actor is hidden leave the list and the unread count, and come back with the unmute', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const post = await world.post(maya);
      await kenji.api.call('posts.like', { params: { id: post._id } });
      await kenji.api.call('comments.create', { params: { postId: post._id }, body: { text: 'Clean' } });
      await lena.api.call('users.follow', { params: { id: maya.id } });
      await lena.api.call('posts.like', { params: { id: post._id } });

      await maya.api.call('safety.mute', { params: { userId: kenji.id }, body: {} });
      expect((await maya.api.call('notifications.list')).map((n) => [n.type, n.sender.username])).toEqual([
        ['like', lena.username],
        ['follow', lena.username],
      ]);
      expect(await maya.api.call('notifications.unreadCount')).toEqual({ count: 2 });
      await lena.api.call('safety.block', { params: { userId: maya.id }, body: {} });
      expect(await maya.api.call('notifications.list')).toEqual([]);
      expect(await maya.api.call('notifications.unreadCount')).toEqual({ count: 0 });

      await maya.api.call('safety.unmute', { params: { userId: kenji.id } });
      expect((await maya.api.call('notifications.list')).map((n) => [n.type, n.sender.username])).toEqual([
        ['comment', kenji.username],
        ['like', kenji.username],
      ]);
    });
  });

  describe('block and mute: people lists', () => {
    it('search finds a muted person (to unmute) but not a block pair, either way', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      await maya.api.call('safety.mute', { params: { userId: kenji.id }, body: {} });
      await lena.api.call('safety.block', { params: { userId: maya.id }, body: {} });
      const found = async (viewer: typeof maya, q: string) => (await viewer.api.call('search.query', { query: { q } })).users.map((u) => u._id);
      expect(await found(maya, kenji.username)).toEqual([kenji.id]);
      expect(await found(maya, lena.username)).toEqual([]);
      expect(await found(lena, maya.username)).toEqual([]);
      expect(await found(kenji, lena.username)).toEqual([lena.id]);
    });

    it('suggestions leave out block pairs and the muted', async () => {
      const [maya, kenji, lena, sam] = await world.people('maya', 'kenji', 'lena', 'sam');
      await maya.api.call('safety.mute', { params: { userId: kenji.id }, body: {} });
      await lena.api.call('safety.block', { params: { userId: maya.id }, body: {} });
      expect((await maya.api.call('suggestions.list')).users.map((u) => u._id)).toEqual([sam.id]);
      expect((await lena.api.call('suggestions.list')).users.map((u) => u._id).sort()).toEqual([kenji.id, sam.id].sort());
      expect((await kenji.api.call('suggestions.list')).users.map((u) => u._id).sort()).toEqual([maya.id, lena.id, sam.id].sort());
    });

    it('a third person’s followers and following leave out my block pairs only', async () => {
      const [maya, kenji, lena, sam] = await world.people('maya', 'kenji', 'lena', 'sam');
      for (const fan of [maya, kenji, sam]) await fan.api.call('users.follow', { params: { id: lena.id } });
      await lena.api.call('users.follow', { params: { id: kenji.id } });
      await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} });
      await maya.api.call('safety.mute', { params: { userId: sam.id }, body: {} });

      const followers = async (viewer: typeof maya) => (await viewer.api.call('users.followers', { params: { id: lena.id } })).map((u) => u._id).sort();
      expect(await followers(maya)).toEqual([maya.id, sam.id].sort());
      expect(await followers(kenji)).toEqual([kenji.id, sam.id].sort());
      expect(await followers(sam)).toEqual([maya.id, kenji.id, sam.id].sort());
      expect(await maya.api.call('users.following', { params: { id: lena.id } })).toEqual([]);
    });

    it.skipIf(!world.has('garage'))('a model’s cars and search’s cars leave out block pairs; a model’s posts leave out the muted too', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const kenjis = await addCar(kenji, 'Porsche', '911', { year: 1989 });
      const lenas = await addCar(lena, 'Porsche', '911', { year: 1973 });
      await world.post(lena, { car: lenas._id });
      await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} });
      await maya.api.call('safety.mute', { params: { userId: lena.id }, body: {} });

      const model = await maya.api.call('cars.byModel', { params: { make: 'Porsche', model: '911' } });
      expect([model.cars.map((c) => c._id), model.totalCars]).toEqual([[lenas._id], 1]);
      expect((await maya.api.call('search.query', { query: { q: '911' } })).cars?.map((c) => c._id)).toEqual([lenas._id]);
      expect(await maya.api.call('cars.modelPosts', { params: { make: 'Porsche', model: '911' } })).toEqual({ posts: [], totalPages: 0 });
      expect((await kenji.api.call('cars.byModel', { params: { make: 'Porsche', model: '911' } })).cars.map((c) => c._id).sort()).toEqual([kenjis._id, lenas._id].sort());
    });
  });
}
