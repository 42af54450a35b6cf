// Mention notifications (issue 21, README.md beside this file): a post (title and content) or a
// comment that mentions @someone notifies them with the post, through the notification service
// and the live signal; never oneself, nobody hidden either way, nobody who muted the writer; an
// edit only those newly mentioned; a comment mentioning the post's author gives only `comment`.
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { MAX_MENTIONS_PER_TEXT, type Notification } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import type { Person } from '../../../test/browser.ts';
import { communityOf, form, newPost, peopleOf } from '../../../test/posts.ts';
import { block, hidden, mute } from '../../../test/safety.ts';

const sink = useSmtpSink();

describe.each(backends)('mentions on $name', (backend) => {
  const t = useApp(backend, { sink });
  const list = async (who: Person) => (await who.browser.get('/api/notifications')).json<Notification[]>();
  const unread = async (who: Person) => (await who.browser.get('/api/notifications/unread-count')).json<{ count: number }>().count;
  const mentionsOf = async (who: Person) =>
    (await list(who)).filter((n) => n.type === 'mention').map((n) => ({ from: n.sender.username, post: n.post?._id }));
  const mentioned = async (): Promise<string[]> =>
    (await t.db.execute<{ username: string }>(sql`select u.username::text as username from notifications n join users u on u.id = n.recipient_id
      where n.type = 'mention' order by u.username`)).rows.map((row) => row.username);
  const comment = async (who: Person, postId: string, text: string) => {
    const response = await who.browser.post(`/api/comments/${postId}`, { text });
    expect(response.statusCode, response.body).toBe(201);
  };

  it('a new post notifies the people it mentions, but not the author, nobody, a block pair either way, a suspended person or someone who muted the author', async () => {
    const [maya, kenji, lena, omar, priya, sam, theo] = await peopleOf(t.app, sink, 'maya', 'kenji', 'lena', 'omar', 'priya', 'sam', 'theo');
    await hidden(block(omar, maya)); // blocked the author
    await hidden(block(maya, priya)); // blocked by the author
    await hidden(mute(sam, maya)); // muted the author
    await hidden(mute(maya, theo)); // muted by the author: still told (the mute is Maya's, about what she sees)
    await t.db.execute(sql`update users set suspended_at = now(), suspension_reason = 'spam' where id = ${lena.id}`);
    const published = vi.spyOn(t.app.live, 'publish');
    const post = await newPost(maya.browser, {
      title: 'Dawn run with @Kenji',
      content: 'Thanks @maya @lena @omar @priya @sam @theo and @nobody_here; mail maya@pitlane.test is no mention. @kenji again.',
    });
    expect(await mentioned()).toEqual(['kenji', 'theo']);
    expect(await mentionsOf(kenji)).toEqual([{ from: 'maya', post: post._id }]);
    const [item] = await list(kenji);
    expect(item).toMatchObject({ type: 'mention', read: false, post: { _id: post._id, title: 'Dawn run with @Kenji' } });
    expect(await unread(kenji)).toBe(1);
    expect(published.mock.calls.map(([signal]) => signal)).toEqual(expect.arrayContaining([
      { kind: 'notifications', userId: kenji.id },
      { kind: 'notifications', userId: theo.id },
    ]));
    expect(published.mock.calls.some(([signal]) => 'userId' in signal && [omar.id, priya.id, sam.id, lena.id, maya.id].includes(signal.userId as string))).toBe(false);
  });

  it('a mention in a community post notifies a non-member too (the post opens by link); deleting the post takes the notification', async () => {
    const [maya, kenji] = await peopleOf(t.app, sink, 'maya', 'kenji');
    const community = await communityOf(t.db, maya, 'Night drivers');
    const post = await newPost(maya.browser, { title: 'Members run', content: 'You should join, @kenji.', community });
    expect(await mentionsOf(kenji)).toEqual([{ from: 'maya', post: post._id }]);
    expect((await kenji.browser.get(`/api/posts/${post._id}`)).statusCode).toBe(200);
    expect((await maya.browser.request('DELETE', `/api/posts/${post._id}`)).statusCode).toBe(200);
    expect(await mentionsOf(kenji)).toEqual([]);
  });

  it('an edit notifies only the people newly mentioned', async () => {
    const [maya] = await peopleOf(t.app, sink, 'maya', 'kenji', 'lena');
    const post = await newPost(maya.browser, { title: 'Garage day', content: 'With @kenji.' });
    const put = async (content: string) => {
      const card = (await maya.browser.get(`/api/posts/${post._id}`)).json<{ images: Array<{ url: string }> }>();
      const response = await maya.browser.request('PUT', `/api/posts/${post._id}`, await form({ title: 'Garage day', content, existingImageUrls: JSON.stringify(card.images.map((i) => i.url)) }));
      expect(response.statusCode, response.body).toBe(200);
    };
    await put('With @kenji and @lena.');
    await put('With @Kenji and @lena, still.');
    expect(await mentioned()).toEqual(['kenji', 'lena']);
    await put('Just @lena now.');
    await put('Back: @kenji and @lena.');
    // Kenji was mentioned, dropped and mentioned again: the edit that brings him back tells him again.
    expect(await mentioned()).toEqual(['kenji', 'kenji', 'lena']);
  });

  it("a comment notifies the people it mentions with the post; the post's author gets only the comment notification", async () => {
    const [maya, kenji, lena, omar] = await peopleOf(t.app, sink, 'maya', 'kenji', 'lena', 'omar');
    const post = await newPost(maya.browser, { title: 'Fresh coilovers' });
    await hidden(mute(omar, kenji));
    await comment(kenji, post._id, '@maya nice! @lena you need these. @omar too. @kenji (me)');
    expect(await mentioned()).toEqual(['lena']);
    expect((await list(maya)).map((n) => n.type)).toEqual(['comment']);
    expect(await mentionsOf(lena)).toEqual([{ from: 'kenji', post: post._id }]);
    expect(await list(omar)).toEqual([]);
    // The author's own comment mentioning someone: they are told; the author is not.
    await comment(maya, post._id, 'Thanks @kenji');
    expect(await mentionsOf(kenji)).toEqual([{ from: 'maya', post: post._id }]);
  });

  it(`notifies at most the first ${MAX_MENTIONS_PER_TEXT} people a text mentions`, async () => {
    const handles = Array.from({ length: MAX_MENTIONS_PER_TEXT + 1 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const [maya] = await peopleOf(t.app, sink, 'maya');
    await t.db.execute(sql`insert into users (username, full_name, email, password_hash)
      select h, h, h || '@pitlane.test', 'x' from unnest(${sql.param(handles)}::text[]) h`);
    await newPost(maya.browser, { title: 'Roll call', content: handles.map((h) => `@${h}`).join(' ') });
    expect(await mentioned()).toEqual(handles.slice(0, MAX_MENTIONS_PER_TEXT));
  });
});
