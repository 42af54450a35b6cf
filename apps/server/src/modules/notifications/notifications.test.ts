// Notifications: like, comment and follow on someone else's content (never one's own), taken
// back when a like or follow is undone, listed newest first with sender and post; unread count,
// mark-as-read (PATCH) and clear all.
import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES, SUCCESS_MESSAGES, type Notification } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import { browser } from '../../../test/browser.ts';
import { newPost, peopleOf } from '../../../test/posts.ts';

const sink = useSmtpSink();

describe.each(backends)('notifications on $name', (backend) => {
  const t = useApp(backend, { sink });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  const list = async (who: { browser: ReturnType<typeof browser> }) => (await who.browser.get('/api/notifications')).json<Notification[]>();
  const unread = async (who: { browser: ReturnType<typeof browser> }) => (await who.browser.get('/api/notifications/unread-count')).json<{ count: number }>().count;

  it('answers 401 to every notifications call without a session', async () => {
    const b = browser(t.app);
    const calls = [['GET', '/api/notifications'], ['GET', '/api/notifications/unread-count'], ['PATCH', '/api/notifications/mark-as-read'], ['DELETE', '/api/notifications/all']] as const;
    for (const [method, url] of calls) {
      const response = await b.request(method, url, method === 'PATCH' ? { payload: {} } : {});
      expect([response.statusCode, response.json()]).toEqual([401, { message: REFUSAL_MESSAGES.notSignedIn }]);
    }
  });

  it('notifies a like, a comment and a follow, newest first, with sender and post', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const post = await newPost(maya.browser, { title: '911 SC back from paint' });
    await kenji.browser.patch(`/api/posts/${post._id}/like`);
    await kenji.browser.post(`/api/comments/${post._id}`, { text: 'Stunning' });
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    const items = await list(maya);
    const sender = { username: kenji.username, fullName: kenji.fullName, profilePictureUrl: '' };
    expect(items.map(({ type, read, sender: s, post: p }) => ({ type, read, sender: s, post: p }))).toEqual([
      { type: 'follow', read: false, sender, post: null },
      { type: 'comment', read: false, sender, post: { _id: post._id, title: '911 SC back from paint' } },
      { type: 'like', read: false, sender, post: { _id: post._id, title: '911 SC back from paint' } },
    ]);
    for (const item of items) expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
    expect(await unread(maya)).toBe(3);
    expect(await list(kenji)).toEqual([]);
  });

  it("does not notify people of their own likes and comments", async () => {
    const [maya] = await people('maya');
    const post = await newPost(maya.browser);
    await maya.browser.patch(`/api/posts/${post._id}/like`);
    await maya.browser.post(`/api/comments/${post._id}`, { text: 'Proud of this one' });
    expect(await unread(maya)).toBe(0);
  });

  it('takes back the notification when a like or a follow is undone; deleting the post deletes its notifications', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const post = await newPost(maya.browser);
    await kenji.browser.patch(`/api/posts/${post._id}/like`);
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    expect(await unread(maya)).toBe(2);
    await kenji.browser.patch(`/api/posts/${post._id}/like`);
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    expect(await list(maya)).toEqual([]);
    await kenji.browser.post(`/api/comments/${post._id}`, { text: 'Hi' });
    expect(await unread(maya)).toBe(1);
    await maya.browser.request('DELETE', `/api/posts/${post._id}`);
    expect(await unread(maya)).toBe(0);
  });

  it('mark-as-read zeroes the unread count and keeps the items; clear all deletes only the own', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    await maya.browser.patch(`/api/user/${kenji.id}/follow`);
    const read = await maya.browser.patch('/api/notifications/mark-as-read', {});
    expect([read.statusCode, read.json()]).toEqual([200, { message: SUCCESS_MESSAGES.notificationsRead }]);
    expect(await unread(maya)).toBe(0);
    expect((await list(maya)).map((n) => [n.type, n.read])).toEqual([['follow', true]]);
    expect(await unread(kenji)).toBe(1);
    const cleared = await maya.browser.request('DELETE', '/api/notifications/all');
    expect([cleared.statusCode, cleared.json()]).toEqual([200, { message: SUCCESS_MESSAGES.notificationsCleared }]);
    expect(await list(maya)).toEqual([]);
    expect(await unread(kenji)).toBe(1);
  });
});
