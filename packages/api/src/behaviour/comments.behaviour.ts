import { describe, expect, it } from 'vitest';
import { MAX_COMMENT_LENGTH, NOT_FOUND_MESSAGES, PAGE_SIZES, PREVIEW_COMMENT_COUNT, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '../contract/index.ts';
import { refusal, type World } from './world.ts';

export function commentsBehaviour(world: World): void {
  describe('comments', () => {
    it('creates a trimmed comment and lists comments newest first with the total', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const post = await world.post(maya);
      const first = await kenji.api.call('comments.create', { params: { postId: post._id }, body: { text: '  That Guards Red!  ' } });
      expect(first).toMatchObject({ text: 'That Guards Red!', author: { _id: kenji.id, username: kenji.username, fullName: 'Kenji Watanabe' } });
      const second = await lena.api.call('comments.create', { params: { postId: post._id }, body: { text: 'See you Sunday?' } });
      const page = await maya.api.call('comments.list', { params: { postId: post._id } });
      expect(page).toEqual({ comments: [second, first], totalComments: 2, totalPages: 1 });
    });

    it('accepts 300 characters, refuses 301 and blank text', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(maya);
      const create = (text: string) => kenji.api.call('comments.create', { params: { postId: post._id }, body: { text } });
      expect((await create('x'.repeat(MAX_COMMENT_LENGTH))).text).toHaveLength(MAX_COMMENT_LENGTH);
      expect(await refusal(create('x'.repeat(MAX_COMMENT_LENGTH + 1)))).toEqual({ status: 400, message: REFUSAL_MESSAGES.commentTooLong });
      expect(await refusal(create('   '))).toEqual({ status: 400, message: REFUSAL_MESSAGES.commentRequired });
      expect((await maya.api.call('comments.list', { params: { postId: post._id } })).totalComments).toBe(1);
      expect(await refusal(kenji.api.call('comments.create', { params: { postId: 'no-such-post' }, body: { text: 'Hi' } }))).toEqual({
        status: 404,
        message: NOT_FOUND_MESSAGES.post,
      });
    });

    it('lets the comment’s author and the post’s author delete a comment, and no one else', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const post = await world.post(maya);
      const byKenji = await kenji.api.call('comments.create', { params: { postId: post._id }, body: { text: 'Nice' } });
      const byLena = await lena.api.call('comments.create', { params: { postId: post._id }, body: { text: 'Clean' } });
      expect(await refusal(lena.api.call('comments.delete', { params: { commentId: byKenji._id } }))).toEqual({ status: 403, message: REFUSAL_MESSAGES.deleteCommentForbidden });
      expect(await kenji.api.call('comments.delete', { params: { commentId: byKenji._id } })).toEqual({ message: SUCCESS_MESSAGES.commentDeleted });
      await maya.api.call('comments.delete', { params: { commentId: byLena._id } });
      expect(await maya.api.call('comments.list', { params: { postId: post._id } })).toEqual({ comments: [], totalComments: 0, totalPages: 0 });
      expect(await refusal(maya.api.call('comments.delete', { params: { commentId: byLena._id } }))).toMatchObject({ status: 404 });
    });

    it.skipIf(!world.has('communities'))("lets a community's creator delete any comment on a post there", async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const { newCommunity } = await maya.api.call('communities.create', { body: { name: 'JDM Legends', description: 'AE86, S13, FD.' } });
      await kenji.api.call('communities.join', { params: { id: newCommunity._id } });
      const post = await world.post(kenji, { community: newCommunity._id });
      const comment = await lena.api.call('comments.create', { params: { postId: post._id }, body: { text: 'Spam spam spam' } });
      await maya.api.call('comments.delete', { params: { commentId: comment._id } });
      expect((await kenji.api.call('comments.list', { params: { postId: post._id } })).totalComments).toBe(0);
    });

    it.skipIf(!world.has('users'))("every post of the feed, trending, by-user and related lists carries its comment preview: comments.list's newest and the total", async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      await maya.api.call('users.follow', { params: { id: kenji.id }, body: {} });
      const busy = await world.post(kenji, { title: 'Busy' });
      const quiet = await world.post(kenji, { title: 'Quiet' });
      for (const [i, who] of [maya, lena, kenji].entries()) await who.api.call('comments.create', { params: { postId: busy._id }, body: { text: `Comment ${i + 1}` } });
      const pages = [
        await maya.api.call('posts.feed'),
        await maya.api.call('posts.trending'),
        await maya.api.call('posts.byUser', { params: { userId: kenji.id } }),
        await maya.api.call('posts.related', { params: { id: quiet._id } }),
      ];
      for (const page of pages) {
        expect(page.posts.length).toBeGreaterThan(0);
        for (const post of page.posts) {
          const comments = await maya.api.call('comments.list', { params: { postId: post._id } });
          expect(post.commentsPreview).toEqual({ comments: comments.comments.slice(0, PREVIEW_COMMENT_COUNT), totalComments: comments.totalComments });
        }
      }
      const feed = pages[0]!.posts;
      expect(feed.find((p) => p._id === busy._id)?.commentsPreview?.comments.map((c) => c.text)).toEqual(['Comment 3', 'Comment 2']);
      expect(feed.find((p) => p._id === busy._id)?.commentsPreview?.totalComments).toBe(3);
      expect(feed.find((p) => p._id === quiet._id)?.commentsPreview).toEqual({ comments: [], totalComments: 0 });
    });

    it('pages comments with totalComments and totalPages', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(maya);
      const total = PAGE_SIZES.comments + 2;
      for (let i = 1; i <= total; i++) await kenji.api.call('comments.create', { params: { postId: post._id }, body: { text: `Comment ${i}` } });
      const first = await maya.api.call('comments.list', { params: { postId: post._id }, query: { page: 1 } });
      expect(first.totalComments).toBe(total);
      expect(first.totalPages).toBe(2);
      expect(first.comments.map((c) => c.text).slice(0, 2)).toEqual([`Comment ${total}`, `Comment ${total - 1}`]);
      const second = await maya.api.call('comments.list', { params: { postId: post._id }, query: { page: 2 } });
      expect(second.comments.map((c) => c.text)).toEqual(['Comment 2', 'Comment 1']);
    });
  });
}
