// What leaves a viewer's lists (README.md "Lists"): the comments of people hidden from them
// (block pairs and the muted) leave a post's comments and its count; notifications whose actor is
// hidden leave the list, the unread count and the live stream, and come back when the person is
// shown again. (The post lists and comment previews are filtered in modules/posts, tested there.)
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SIZES, type CommentPage, type Notification } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import type { Browser } from '../../../test/browser.ts';
import { openLiveStream, type LiveStream } from '../../../test/live-stream.ts';
import { newPost, peopleOf } from '../../../test/posts.ts';
import { block, hidden, mute, unblock, unmute } from '../../../test/safety.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-safety-lists-', { per: 'suite' });

describe.each(backends)("what leaves a viewer's comments and notifications on $name", (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  type Who = Awaited<ReturnType<typeof people>>[number];
  const comment = (who: Who, postId: string, text: string) => who.browser.post(`/api/comments/${postId}`, { text });
  const commentsSeen = async (who: Who, postId: string, page = 1) => {
    const seen = (await who.browser.get(`/api/comments/${postId}?page=${page}`)).json<CommentPage>();
    return { texts: seen.comments.map((c) => c.text), total: seen.totalComments, pages: seen.totalPages };
  };
  const notificationsSeen = async (who: Who) => (await who.browser.get('/api/notifications')).json<Notification[]>().map((n) => `${n.type} by ${n.sender.username}`);
  const unread = async (who: Who) => (await who.browser.get('/api/notifications/unread-count')).json<{ count: number }>().count;

  it("leaves the comments of a block pair out for both, and of the muted for the muter; the post's author sees all", async () => {
    const [maya, kenji, lena, ola] = await people('maya', 'kenji', 'lena', 'ola');
    const post = await newPost(lena.browser);
    await comment(maya, post._id, 'Maya was here');
    await comment(kenji, post._id, 'Kenji was here');
    await comment(ola, post._id, 'Ola was here');
    await hidden(block(maya, kenji));
    await hidden(mute(ola, maya));

    expect(await commentsSeen(maya, post._id)).toEqual({ texts: ['Ola was here', 'Maya was here'], total: 2, pages: 1 });
    expect(await commentsSeen(kenji, post._id)).toEqual({ texts: ['Ola was here', 'Kenji was here'], total: 2, pages: 1 });
    expect(await commentsSeen(ola, post._id)).toEqual({ texts: ['Ola was here', 'Kenji was here'], total: 2, pages: 1 });
    expect(await commentsSeen(lena, post._id)).toEqual({ texts: ['Ola was here', 'Kenji was here', 'Maya was here'], total: 3, pages: 1 });

    await hidden(unblock(maya, kenji));
    await hidden(unmute(ola, maya));
    expect((await commentsSeen(maya, post._id)).total).toBe(3);
    expect((await commentsSeen(ola, post._id)).total).toBe(3);
  });

  it('pages the comments without the hidden ones: the pages and the count are of what the viewer sees', async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    const post = await newPost(lena.browser);
    const size = PAGE_SIZES.comments;
    for (let i = 0; i < size; i++) await comment(maya, post._id, `maya ${i}`);
    for (let i = 0; i < size; i++) await comment(kenji, post._id, `kenji ${i}`);
    await hidden(mute(lena, kenji));
    const first = await commentsSeen(lena, post._id);
    expect(first).toEqual({ texts: Array.from({ length: size }, (_, i) => `maya ${size - 1 - i}`), total: size, pages: 1 });
    expect((await commentsSeen(lena, post._id, 2)).texts).toEqual([]);
    expect((await commentsSeen(maya, post._id)).pages).toBe(2);
  });

  it('leaves the notifications of the muted out of the list and the unread count, until unmuted; the muted person is not told', async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    const post = await newPost(maya.browser);
    await kenji.browser.patch(`/api/posts/${post._id}/like`);
    await comment(kenji, post._id, 'Stunning');
    await lena.browser.patch(`/api/user/${maya.id}/follow`);
    await maya.browser.patch(`/api/user/${kenji.id}/follow`);
    expect(await unread(maya)).toBe(3);

    await hidden(mute(maya, kenji));
    expect(await notificationsSeen(maya)).toEqual(['follow by lena']);
    expect(await unread(maya)).toBe(1);
    // What kenji does now is hidden too; his own notifications are his.
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    expect(await unread(maya)).toBe(1);
    expect(await notificationsSeen(kenji)).toEqual(['follow by maya']);

    await hidden(unmute(maya, kenji));
    expect(await notificationsSeen(maya)).toEqual(['follow by kenji', 'follow by lena', 'comment by kenji', 'like by kenji']);
    expect(await unread(maya)).toBe(4);
  });

  it('leaves the notifications of a block pair out for both', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const [mayaPost, kenjiPost] = [await newPost(maya.browser), await newPost(kenji.browser)];
    await kenji.browser.patch(`/api/posts/${mayaPost._id}/like`);
    await maya.browser.post(`/api/comments/${kenjiPost._id}`, { text: 'Clean' });
    expect([await unread(maya), await unread(kenji)]).toEqual([1, 1]);

    await hidden(block(kenji, maya));
    for (const who of [maya, kenji]) {
      expect(await notificationsSeen(who)).toEqual([]);
      expect(await unread(who)).toBe(0);
    }
    await hidden(unblock(kenji, maya));
    expect(await notificationsSeen(maya)).toEqual(['like by kenji']);
    expect(await notificationsSeen(kenji)).toEqual(['comment by maya']);
  });

  describe('the live stream', () => {
    const streams: LiveStream[] = [];
    afterEach(() => {
      for (const stream of streams.splice(0)) stream.close();
    });
    async function open(b: Browser): Promise<LiveStream> {
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openLiveStream(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, b);
      streams.push(stream);
      return stream;
    }
    const unreadEvent = (count: number) => ({ type: 'unread', count });

    it('counts without the hidden: a mute or a block sends the new count; what the hidden do changes nothing', async () => {
      const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
      const post = await newPost(maya.browser);
      await kenji.browser.patch(`/api/posts/${post._id}/like`);
      const [mayaStream, kenjiStream] = [await open(maya.browser), await open(kenji.browser)];
      expect(await mayaStream.next()).toEqual(unreadEvent(1));
      expect(await kenjiStream.next()).toEqual(unreadEvent(0));

      await hidden(mute(maya, kenji));
      expect(await mayaStream.next()).toEqual(unreadEvent(0));
      await comment(kenji, post._id, 'Muted words');
      expect(await mayaStream.next()).toEqual(unreadEvent(0));
      await lena.browser.patch(`/api/posts/${post._id}/like`);
      expect(await mayaStream.next()).toEqual(unreadEvent(1));
      await hidden(unmute(maya, kenji));
      expect(await mayaStream.next()).toEqual(unreadEvent(3));

      // A block: both hear their counts without the other's.
      await maya.browser.patch(`/api/user/${kenji.id}/follow`);
      expect(await kenjiStream.next()).toEqual(unreadEvent(1));
      await hidden(block(kenji, maya));
      expect(await mayaStream.next()).toEqual(unreadEvent(1));
      expect(await kenjiStream.next()).toEqual(unreadEvent(0));
    });

    it("tells no follower who muted the author of a new post (the feed leaves it out)", async () => {
      const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
      await maya.browser.patch(`/api/user/${kenji.id}/follow`);
      await maya.browser.patch(`/api/user/${lena.id}/follow`);
      await hidden(mute(maya, kenji));
      const stream = await open(maya.browser);
      expect(await stream.next()).toEqual(unreadEvent(0));
      await newPost(kenji.browser, { title: 'Muted' });
      const marker = await newPost(lena.browser, { title: 'Marker' });
      expect(await stream.next()).toEqual({ type: 'post', postId: marker._id, authorId: lena.id });
      expect(stream.events.filter((event) => event.type === 'post')).toHaveLength(1);
    });
  });
});
