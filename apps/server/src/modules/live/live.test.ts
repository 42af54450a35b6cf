// The live stream (issue 16, item 4) on a listening server, on both databases: what each person
// hears, when, and when the stream ends. A marker event (something the listener does hear) is
// used to show that an earlier action sent them nothing, without waiting on a clock.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import { openLiveStream, type LiveStream } from '../../../test/live-stream.ts';
import { communityOf, newPost, peopleOf } from '../../../test/posts.ts';
import type { Browser } from '../../../test/browser.ts';
import { MAX_STREAMS_PER_PERSON } from './hub.ts';
import { RECONNECT_MS, TOO_MANY_STREAMS_MESSAGE } from './routes.ts';

const sink = useSmtpSink();

describe.each(backends)('the live stream on $name', (backend) => {
  const t = useApp(backend, { sink });
  const streams: LiveStream[] = [];
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  async function baseUrl(): Promise<string> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }
  async function open(b: Browser | null): Promise<LiveStream> {
    const stream = await openLiveStream(await baseUrl(), b);
    streams.push(stream);
    return stream;
  }
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  const unread = (count: number) => ({ type: 'unread', count });

  it('refuses a visitor without a session with 401 and a sentence', async () => {
    const stream = await open(null);
    expect(stream.status).toBe(401);
    const answer = await t.app.inject({ method: 'GET', url: '/api/live' });
    expect([answer.statusCode, answer.json()]).toEqual([401, { message: REFUSAL_MESSAGES.notSignedIn }]);
  });

  it('opens as an event stream that proxies pass through, with the reconnect delay and the unread count', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    const stream = await open(maya.browser);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    // Its connection ends with it: a reconnect never goes out on a socket of a closing server.
    expect(stream.headers.get('connection')).toBe('close');
    expect(await stream.next()).toEqual(unread(1));
    expect(stream.retry).toBe(RECONNECT_MS);
  });

  it('a like, a comment and a follow send the new count to every window of the person, and nothing to the one who acted', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const post = await newPost(maya.browser);
    const [tab1, tab2, actor] = [await open(maya.browser), await open(maya.browser), await open(kenji.browser)];
    for (const stream of [tab1, tab2, actor]) expect(await stream.next()).toEqual(unread(0));

    await kenji.browser.patch(`/api/posts/${post._id}/like`);
    for (const tab of [tab1, tab2]) expect(await tab.next()).toEqual(unread(1));
    await kenji.browser.post(`/api/comments/${post._id}`, { text: 'Lovely colour.' });
    for (const tab of [tab1, tab2]) expect(await tab.next()).toEqual(unread(2));
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    for (const tab of [tab1, tab2]) expect(await tab.next()).toEqual(unread(3));
    // Undoing the like takes its notification back.
    await kenji.browser.patch(`/api/posts/${post._id}/like`);
    for (const tab of [tab1, tab2]) expect(await tab.next()).toEqual(unread(2));

    // Maya's own like of her post notifies nobody; Kenji's stream heard only its opening count.
    await maya.browser.patch(`/api/posts/${post._id}/like`);
    await maya.browser.patch(`/api/user/${kenji.id}/follow`); // the marker
    expect(await actor.next()).toEqual(unread(1));
    expect(actor.events).toEqual([unread(0), unread(1)]);
  });

  it('reading or clearing in one window zeroes the badge in the others', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    const other = await open(maya.browser);
    expect(await other.next()).toEqual(unread(1));
    await maya.browser.patch('/api/notifications/mark-as-read');
    expect(await other.next()).toEqual(unread(0));
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    // Each signal's count is read when it is delivered: the unfollow's may already see the
    // follow after it (two 1s), so the test waits for the count it expects, not the next event.
    expect(await other.next((e) => e.type === 'unread' && e.count === 1)).toEqual(unread(1));
    await maya.browser.request('DELETE', '/api/notifications/all');
    expect(await other.next((e) => e.type === 'unread' && e.count === 0)).toEqual(unread(0));
  });

  it('a new post reaches the followers who may see it in their feed: community posts only its members', async () => {
    const [maya, kenji, lena, sam] = await people('maya', 'kenji', 'lena', 'sam');
    for (const follower of [kenji, lena]) await follower.browser.patch(`/api/user/${maya.id}/follow`);
    const club = await communityOf(t.db, maya, 'Air-cooled', [kenji]);
    const [author, member, follower, stranger] = [await open(maya.browser), await open(kenji.browser), await open(lena.browser), await open(sam.browser)];
    for (const stream of [author, member, follower, stranger]) await stream.next();

    const open_ = await newPost(maya.browser);
    const post = (id: string) => ({ type: 'post', postId: id, authorId: maya.id });
    expect(await member.next()).toEqual(post(open_._id));
    expect(await follower.next()).toEqual(post(open_._id));

    const members = await newPost(maya.browser, { community: club });
    expect(await member.next()).toEqual(post(members._id));

    // Markers: each of the others hears a follow; before it, nothing.
    for (const [who, stream] of [[lena, follower], [sam, stranger], [maya, author]] as const) {
      await kenji.browser.patch(`/api/user/${who.id}/follow`);
      expect(await stream.next()).toEqual({ type: 'unread', count: expect.any(Number) });
    }
    expect(follower.events.filter((e) => e.type === 'post')).toEqual([post(open_._id)]);
    expect(stranger.events.filter((e) => e.type === 'post')).toEqual([]);
    expect(author.events.filter((e) => e.type === 'post')).toEqual([]);
  });

  it('ends the streams of a session that logged out at the next heartbeat, and keeps the others', async () => {
    const [maya] = await people('maya');
    const [ending, staying] = [await open(maya.browser), await open((await people('kenji'))[0].browser)];
    await ending.next();
    await staying.next();
    expect((await maya.browser.post('/api/auth/logout')).statusCode).toBe(200);
    await t.app.live.hub.heartbeat();
    await ending.ended;
    expect(t.app.live.hub.size).toBe(1);
    expect(staying.events).toHaveLength(1);
  });

  it(`refuses a ${MAX_STREAMS_PER_PERSON + 1}th stream of one person with 429 and a sentence`, async () => {
    const [maya] = await people('maya');
    for (let i = 0; i < MAX_STREAMS_PER_PERSON; i++) await (await open(maya.browser)).next();
    const refused = await open(maya.browser);
    expect(refused.status).toBe(429);
    const answer = await t.app.inject({ method: 'GET', url: '/api/live', headers: { cookie: [...maya.browser.cookies].map(([n, c]) => `${n}=${c.value}`).join('; ') } });
    expect([answer.statusCode, answer.json()]).toEqual([429, { message: TOO_MANY_STREAMS_MESSAGE }]);
  });

  it('closing the app ends every stream at once, so a shutdown does not wait for them', async () => {
    const [maya] = await people('maya');
    const stream = await open(maya.browser);
    await stream.next();
    await t.app.close();
    await stream.ended;
    expect(t.app.live.hub.size).toBe(0);
  });
});
