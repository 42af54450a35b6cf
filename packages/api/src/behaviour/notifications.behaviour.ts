import { describe, expect, it } from 'vitest';
import { SUCCESS_MESSAGES } from '../contract/index.ts';
import { type World } from './world.ts';

export function notificationsBehaviour(world: World): void {
  describe('notifications', () => {
    it('notifies a like, a comment and a follow, newest first, with sender and post', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(maya, { title: '911 SC back from paint' });
      await kenji.api.call('posts.like', { params: { id: post._id } });
      await kenji.api.call('comments.create', { params: { postId: post._id }, body: { text: 'Stunning' } });
      await kenji.api.call('users.follow', { params: { id: maya.id } });

      const list = await maya.api.call('notifications.list');
      const sender = { username: kenji.username, fullName: 'Kenji Watanabe', profilePictureUrl: kenji.user.profilePictureUrl };
      expect(list.map(({ type, read, sender: s, post: p }) => ({ type, read, sender: s, post: p ?? null }))).toEqual([
        { type: 'follow', read: false, sender, post: null },
        { type: 'comment', read: false, sender, post: { _id: post._id, title: '911 SC back from paint' } },
        { type: 'like', read: false, sender, post: { _id: post._id, title: '911 SC back from paint' } },
      ]);
      expect(await maya.api.call('notifications.unreadCount')).toEqual({ count: 3 });
      expect(await kenji.api.call('notifications.list')).toEqual([]);
    });

    it('does not notify people of their own likes and comments', async () => {
      const maya = await world.person('maya');
      const post = await world.post(maya);
      await maya.api.call('posts.like', { params: { id: post._id } });
      await maya.api.call('comments.create', { params: { postId: post._id }, body: { text: 'Proud of this one' } });
      expect(await maya.api.call('notifications.unreadCount')).toEqual({ count: 0 });
    });

    it('takes back the notification when a like or a follow is undone', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(maya);
      await kenji.api.call('posts.like', { params: { id: post._id } });
      await kenji.api.call('users.follow', { params: { id: maya.id } });
      await kenji.api.call('posts.like', { params: { id: post._id } });
      await kenji.api.call('users.follow', { params: { id: maya.id } });
      expect(await maya.api.call('notifications.list')).toEqual([]);
    });

    it('deleting a post deletes its notifications', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(maya);
      await kenji.api.call('posts.like', { params: { id: post._id } });
      await maya.api.call('posts.delete', { params: { id: post._id } });
      expect(await maya.api.call('notifications.unreadCount')).toEqual({ count: 0 });
    });

    it('mark-as-read zeroes the unread count and keeps the items', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      await kenji.api.call('users.follow', { params: { id: maya.id } });
      expect(await maya.api.call('notifications.markAsRead')).toEqual({ message: SUCCESS_MESSAGES.notificationsRead });
      expect(await maya.api.call('notifications.unreadCount')).toEqual({ count: 0 });
      expect((await maya.api.call('notifications.list')).map((n) => [n.type, n.read])).toEqual([['follow', true]]);
    });

    it('clear all deletes every notification of the user only', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      await kenji.api.call('users.follow', { params: { id: maya.id } });
      await maya.api.call('users.follow', { params: { id: kenji.id } });
      expect(await maya.api.call('notifications.clearAll')).toEqual({ message: SUCCESS_MESSAGES.notificationsCleared });
      expect(await maya.api.call('notifications.list')).toEqual([]);
      expect(await kenji.api.call('notifications.unreadCount')).toEqual({ count: 1 });
    });
  });
}
