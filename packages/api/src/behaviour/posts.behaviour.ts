import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES, NOT_FOUND_MESSAGES, PAGE_SIZES, REFUSAL_MESSAGES } from '../contract/index.ts';
import { photoDescriptionsBehaviour } from './photo-descriptions.behaviour.ts';
import { refusal, type World } from './world.ts';

export function postsBehaviour(world: World): void {
  describe('posts', () => {
    it('creates a post with 1 to 5 images and reads it back', async () => {
      const maya = await world.person('maya');
      const one = await world.post(maya, { title: '  911 SC back from paint  ', content: 'Guards Red.', images: 1 });
      expect(one).toMatchObject({ title: '911 SC back from paint', content: 'Guards Red.', likes: [], author: { _id: maya.id, username: maya.username, fullName: 'Maya Fischer' } });
      expect(one.imageUrls).toHaveLength(1);
      expect(one.community ?? null).toBeNull();
      const five = await world.post(maya, { images: 5 });
      expect(five.imageUrls).toHaveLength(5);
      expect(new Set(five.imageUrls).size).toBe(5);
      expect(await maya.api.call('posts.get', { params: { id: one._id } })).toEqual(one);
    });

    it('refuses 0 or 6 images, a file that is not an image and a blank title', async () => {
      const maya = await world.person('maya');
      const create = (images: Blob[], title = 'Track day') => refusal(maya.api.call('posts.create', { body: { title, content: 'Spa', images } }));
      expect(await create([])).toEqual({ status: 400, message: FORM_MESSAGES.selectAtLeastOneImage });
      expect(await create(world.images(6))).toEqual({ status: 400, message: FORM_MESSAGES.maxImagesOnCreate });
      expect(await create([new Blob(['not a picture'], { type: 'image/png' })])).toEqual({ status: 400, message: REFUSAL_MESSAGES.notAnImage });
      expect(await create(world.images(1), '   ')).toEqual({ status: 400, message: FORM_MESSAGES.titleAndContentRequired });
      expect((await maya.api.call('posts.byUser', { params: { userId: maya.id } })).posts).toEqual([]);
    });

    it('answers 404 "Post not found." for a post that does not exist', async () => {
      const maya = await world.person('maya');
      expect(await refusal(maya.api.call('posts.get', { params: { id: 'no-such-post' } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.post });
    });

    it('updates a post: kept images in the given order, then the new ones', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(maya, { images: 3 });
      const [a, b, c] = post.imageUrls as [string, string, string];
      const updated = await maya.api.call('posts.update', {
        params: { id: post._id },
        body: { title: 'Restomod E-Type', content: 'Electrics done.', existingImageUrls: [c, a], images: world.images(1) },
      });
      expect(updated).toMatchObject({ _id: post._id, title: 'Restomod E-Type', content: 'Electrics done.' });
      expect(updated.imageUrls.slice(0, 2)).toEqual([c, a]);
      expect(updated.imageUrls).toHaveLength(3);
      expect(updated.imageUrls).not.toContain(b);
      expect((await kenji.api.call('posts.get', { params: { id: post._id } })).imageUrls).toEqual(updated.imageUrls);

      const tooMany = { title: 'x', content: 'y', existingImageUrls: updated.imageUrls, images: world.images(3) };
      expect(await refusal(maya.api.call('posts.update', { params: { id: post._id }, body: tooMany }))).toEqual({ status: 400, message: FORM_MESSAGES.maxImagesOnEdit });
      expect(await refusal(kenji.api.call('posts.update', { params: { id: post._id }, body: { title: 'Mine now', content: 'x', existingImageUrls: [] } }))).toEqual({
        status: 403,
        message: REFUSAL_MESSAGES.editOwnPostOnly,
      });
    });

    it('like is a toggle that answers the post with its likes', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(maya);
      expect((await kenji.api.call('posts.like', { params: { id: post._id } })).likes).toEqual([kenji.id]);
      expect((await maya.api.call('posts.like', { params: { id: post._id } })).likes.sort()).toEqual([kenji.id, maya.id].sort());
      expect((await kenji.api.call('posts.like', { params: { id: post._id } })).likes).toEqual([maya.id]);
      expect(await refusal(kenji.api.call('posts.like', { params: { id: 'no-such-post' } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.post });
    });

    it('deletes a post by its author with its comments; refuses anyone else', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(maya);
      await kenji.api.call('comments.create', { params: { postId: post._id }, body: { text: 'Clean!' } });
      expect(await refusal(kenji.api.call('posts.delete', { params: { id: post._id } }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.deletePostForbidden });
      await maya.api.call('posts.delete', { params: { id: post._id } });
      expect(await refusal(kenji.api.call('posts.get', { params: { id: post._id } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.post });
      expect(await refusal(kenji.api.call('comments.list', { params: { postId: post._id } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.post });
    });

    it.skipIf(!world.has('communities'))("lets a community's creator delete, but not edit, a member's post there", async () => {
      const [maya, lena] = await world.people('maya', 'lena');
      const { newCommunity } = await maya.api.call('communities.create', { body: { name: 'Air-Cooled Porsche Club', description: 'Before 1998.' } });
      await lena.api.call('communities.join', { params: { id: newCommunity._id } });
      const post = await world.post(lena, { title: '912 barn find', community: newCommunity._id });
      expect(post.community).toMatchObject({ _id: newCommunity._id, name: 'Air-Cooled Porsche Club' });
      expect(await refusal(maya.api.call('posts.update', { params: { id: post._id }, body: { title: 'x', content: 'y', existingImageUrls: post.imageUrls } }))).toMatchObject({ status: 403 });
      await maya.api.call('posts.delete', { params: { id: post._id } });
      expect(await refusal(lena.api.call('posts.get', { params: { id: post._id } }))).toMatchObject({ status: 404 });
    });

    it('feed: posts of followed users only, newest first, paged', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      await maya.api.call('users.follow', { params: { id: kenji.id } });
      await world.post(lena, { title: 'Not followed' });
      await world.post(maya, { title: 'My own' });
      const titles: string[] = [];
      for (let i = 1; i <= PAGE_SIZES.feed + 1; i++) titles.push((await world.post(kenji, { title: `AE86 update ${i}` })).title);

      const first = await maya.api.call('posts.feed', { query: { page: 1 } });
      expect(first.totalPages).toBe(2);
      expect(first.posts.map((p) => p.title)).toEqual(titles.slice().reverse().slice(0, PAGE_SIZES.feed));
      const second = await maya.api.call('posts.feed', { query: { page: 2 } });
      expect(second.posts.map((p) => p.title)).toEqual(['AE86 update 1']);
      expect(await maya.api.call('posts.feed', { query: { page: 3 } })).toEqual({ posts: [], totalPages: 2 });
      expect(await lena.api.call('posts.feed')).toEqual({ posts: [], totalPages: 0 });
    });

    it('trending: every post, most liked first', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const quiet = await world.post(maya, { title: 'Quiet' });
      const hot = await world.post(kenji, { title: 'Hot' });
      const warm = await world.post(lena, { title: 'Warm' });
      for (const fan of [maya, lena]) await fan.api.call('posts.like', { params: { id: hot._id } });
      await maya.api.call('posts.like', { params: { id: warm._id } });
      const trending = await kenji.api.call('posts.trending');
      expect(trending.posts.map((p) => p._id)).toEqual([hot._id, warm._id, quiet._id]);
      expect(trending.totalPages).toBe(1);
    });

    it("by-user: one person's posts, newest first, paged", async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      await world.post(kenji);
      for (let i = 1; i <= PAGE_SIZES.byUser + 1; i++) await world.post(maya, { title: `Build log ${i}` });
      const first = await kenji.api.call('posts.byUser', { params: { userId: maya.id } });
      expect(first.totalPages).toBe(2);
      expect(first.posts).toHaveLength(PAGE_SIZES.byUser);
      expect(first.posts[0]?.title).toBe(`Build log ${PAGE_SIZES.byUser + 1}`);
      expect(first.posts.every((p) => p.author._id === maya.id)).toBe(true);
      expect((await kenji.api.call('posts.byUser', { params: { userId: maya.id }, query: { page: 2 } })).posts.map((p) => p.title)).toEqual(['Build log 1']);
    });

    it('related: other posts, the same author’s first; never the post itself', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const origin = await world.post(maya, { title: 'Origin' });
      const sibling = await world.post(maya, { title: 'Sibling' });
      const other = await world.post(kenji, { title: 'Other' });
      const related = await kenji.api.call('posts.related', { params: { id: origin._id } });
      expect(related.posts.map((p) => p._id)).toEqual([sibling._id, other._id]);
      expect(await refusal(kenji.api.call('posts.related', { params: { id: 'no-such-post' } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.post });
    });

    photoDescriptionsBehaviour(world);
  });
}
