// Saved posts (issue 21): saving and removing are idempotent, the Saved list is the person's own,
// newest saved first, and a post's `saved` only ever says what the viewer did.
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, PAGE_SIZES, REFUSAL_MESSAGES } from '../contract/index.ts';
import { refusal, type World } from './world.ts';

export function savedPostsBehaviour(world: World): void {
  describe('saved posts', () => {
    it('saves and removes a post, each as often as asked, answering the post with `saved`', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(kenji, { title: 'AE86 on fresh coilovers' });
      expect(post.saved).toBe(false);

      const saved = await maya.api.call('posts.save', { params: { id: post._id } });
      expect(saved).toMatchObject({ _id: post._id, title: 'AE86 on fresh coilovers', saved: true });
      expect((await maya.api.call('posts.save', { params: { id: post._id } })).saved).toBe(true);
      expect((await maya.api.call('posts.get', { params: { id: post._id } })).saved).toBe(true);
      expect((await maya.api.call('posts.saved')).posts.map((p) => p._id)).toEqual([post._id]);

      expect((await maya.api.call('posts.unsave', { params: { id: post._id } })).saved).toBe(false);
      expect((await maya.api.call('posts.unsave', { params: { id: post._id } })).saved).toBe(false);
      expect((await maya.api.call('posts.get', { params: { id: post._id } })).saved).toBe(false);
      expect(await maya.api.call('posts.saved')).toEqual({ posts: [], totalPages: 0 });
    });

    it('is private: nobody else sees my saves, in their list or on the post', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      await kenji.api.call('users.follow', { params: { id: lena.id } });
      const post = await world.post(lena, { title: 'Restomod E-Type' });
      await maya.api.call('posts.save', { params: { id: post._id } });

      expect((await maya.api.call('posts.get', { params: { id: post._id } })).saved).toBe(true);
      expect((await kenji.api.call('posts.get', { params: { id: post._id } })).saved).toBe(false);
      expect((await lena.api.call('posts.get', { params: { id: post._id } })).saved).toBe(false);
      expect(await kenji.api.call('posts.saved')).toEqual({ posts: [], totalPages: 0 });
      // The lists that build cards say it per viewer too.
      expect((await kenji.api.call('posts.feed')).posts.map((p) => [p._id, p.saved])).toEqual([[post._id, false]]);
      expect((await maya.api.call('posts.byUser', { params: { userId: lena.id } })).posts.map((p) => p.saved)).toEqual([true]);
      expect((await lena.api.call('posts.byUser', { params: { userId: lena.id } })).posts.map((p) => p.saved)).toEqual([false]);
      expect((await maya.api.call('posts.trending')).posts.find((p) => p._id === post._id)?.saved).toBe(true);
      expect((await kenji.api.call('search.query', { query: { q: 'E-Type' } })).posts.map((p) => p.saved)).toEqual([false]);
      expect((await maya.api.call('search.query', { query: { q: 'E-Type' } })).posts.map((p) => p.saved)).toEqual([true]);
      // Saving is not a like: the post's likes stay as they were.
      expect((await maya.api.call('posts.get', { params: { id: post._id } })).likes).toEqual([]);
    });

    it('lists my saved posts newest saved first, paged like the other lists', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const posts = [];
      for (let i = 1; i <= PAGE_SIZES.saved + 1; i++) posts.push(await world.post(kenji, { title: `Build log ${i}` }));
      // Saved in another order than posted: the list follows when each was saved.
      const order = [...posts.slice(1), posts[0]!];
      for (const post of order) await maya.api.call('posts.save', { params: { id: post._id } });
      // Saving again does not move a post up.
      await maya.api.call('posts.save', { params: { id: order[3]!._id } });

      const newestSavedFirst = order.slice().reverse().map((p) => p._id);
      const first = await maya.api.call('posts.saved', { query: { page: 1 } });
      expect(first.totalPages).toBe(2);
      expect(first.posts.map((p) => p._id)).toEqual(newestSavedFirst.slice(0, PAGE_SIZES.saved));
      expect(first.posts.every((p) => p.saved)).toBe(true);
      expect(first.posts[0]?.commentsPreview).toEqual({ comments: [], totalComments: 0 });
      const second = await maya.api.call('posts.saved', { query: { page: 2 } });
      expect(second.posts.map((p) => p._id)).toEqual(newestSavedFirst.slice(PAGE_SIZES.saved));
      expect(await maya.api.call('posts.saved', { query: { page: 3 } })).toEqual({ posts: [], totalPages: 2 });
    });

    it('a deleted post leaves the list, also when its author deletes their account', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const deleted = await world.post(kenji, { title: 'Gone soon' });
      const kept = await world.post(kenji, { title: 'Stays' });
      const byLena = await world.post(lena, { title: 'Lena leaves' });
      for (const post of [deleted, kept, byLena]) await maya.api.call('posts.save', { params: { id: post._id } });

      await kenji.api.call('posts.delete', { params: { id: deleted._id } });
      await lena.api.call('users.requestDeleteOtp');
      await lena.api.call('users.confirmDelete', { body: { otp: await world.target.readOtp(lena.email) } });

      expect(await maya.api.call('posts.saved')).toMatchObject({ posts: [{ _id: kept._id }], totalPages: 1 });
    });

    it('refuses an unknown post with 404 and a person who is not signed in with 401', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(kenji);
      const notFound = { status: 404, message: NOT_FOUND_MESSAGES.post };
      expect(await refusal(maya.api.call('posts.save', { params: { id: 'no-such-post' } }))).toEqual(notFound);
      expect(await refusal(maya.api.call('posts.unsave', { params: { id: 'no-such-post' } }))).toEqual(notFound);
      expect(await refusal(maya.api.call('posts.saved', { query: { page: 0 } }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.invalidPage });

      const stranger = world.target.newBrowser();
      const notSignedIn = { status: 401, message: REFUSAL_MESSAGES.notSignedIn };
      expect(await refusal(stranger.call('posts.save', { params: { id: post._id } }))).toEqual(notSignedIn);
      expect(await refusal(stranger.call('posts.unsave', { params: { id: post._id } }))).toEqual(notSignedIn);
      expect(await refusal(stranger.call('posts.saved'))).toEqual(notSignedIn);
      // Nothing was saved by any of it.
      expect((await kenji.api.call('posts.get', { params: { id: post._id } })).saved).toBe(false);
      expect(await maya.api.call('posts.saved')).toEqual({ posts: [], totalPages: 0 });
    });
  });
}
