// The six safety calls (README.md "The calls"): who may call them, what they refuse, that doing
// one twice changes nothing, the Blocked and Muted lists newest first, and what a block ends:
// the follows both ways, with their notifications and the feeds' entries.
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, type HiddenUser, type Notification, type PostPage } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { browser } from '../../../test/browser.ts';
import { NO_SUCH_ID, newPost, peopleOf } from '../../../test/posts.ts';
import { answer } from '../../../test/communities.ts';
import { block, hidden, mute, unblock, unmute } from '../../../test/safety.ts';
import { keptStateProblems } from '../posts/kept-check.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-safety-', { per: 'suite' });

describe.each(backends)('the block and mute calls on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  type Who = Awaited<ReturnType<typeof people>>[number];
  const summary = (who: Who) => ({ _id: who.id, username: who.username, fullName: who.fullName, profilePictureUrl: '' });
  const list = async (who: Who, which: 'blocks' | 'mutes') => (await who.browser.get(`/api/${which}`)).json<HiddenUser[]>();
  const follow = (who: Who, whom: Who) => who.browser.patch(`/api/user/${whom.id}/follow`);
  const feedTitles = async (who: Who) => (await who.browser.get('/api/posts/feed')).json<PostPage>().posts.map((post) => post.title);
  const session = async (who: Who) => (await who.browser.get('/api/auth/verify')).json<{ user: { following: string[]; followers: string[] } }>().user;

  it('answers 401 with a message to every safety call without a session', async () => {
    const b = browser(t.app);
    const calls = [
      ['GET', '/api/blocks'],
      ['PUT', `/api/blocks/${NO_SUCH_ID}`],
      ['DELETE', `/api/blocks/${NO_SUCH_ID}`],
      ['GET', '/api/mutes'],
      ['PUT', `/api/mutes/${NO_SUCH_ID}`],
      ['DELETE', `/api/mutes/${NO_SUCH_ID}`],
    ] as const;
    for (const [method, url] of calls) {
      const response = await b.request(method, url, method === 'PUT' ? { payload: {} } : {});
      expect(answer(response), `${method} ${url}`).toEqual([401, { message: REFUSAL_MESSAGES.notSignedIn }]);
    }
  });

  it('refuses to block or mute oneself (400), and answers 404 for nobody', async () => {
    const [maya] = await people('maya');
    expect(answer(await block(maya, maya))).toEqual([400, { message: REFUSAL_MESSAGES.cannotBlockSelf }]);
    expect(answer(await mute(maya, maya))).toEqual([400, { message: REFUSAL_MESSAGES.cannotMuteSelf }]);
    for (const nobody of [NO_SUCH_ID, 'no-such-user']) {
      for (const call of [block, unblock, mute, unmute]) {
        expect(answer(await call(maya, nobody)), `${call.name} ${nobody}`).toEqual([404, { message: NOT_FOUND_MESSAGES.user }]);
      }
    }
    expect(await list(maya, 'blocks')).toEqual([]);
    expect(await list(maya, 'mutes')).toEqual([]);
  });

  it('blocks and unblocks, each again without change, answering where the viewer stands and their session user', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const first = await hidden(block(maya, kenji));
    expect(first).toEqual({ userId: kenji.id, blocked: true, muted: false, currentUser: expect.objectContaining({ id: maya.id, username: 'maya' }) });
    const [entry] = await list(maya, 'blocks');
    expect(entry).toEqual({ ...summary(kenji), since: expect.any(String) });
    expect(new Date(entry!.since).toISOString()).toBe(entry!.since);

    // Again: the same answer, and the block keeps its first time.
    expect(await hidden(block(maya, kenji))).toEqual(first);
    expect(await list(maya, 'blocks')).toEqual([entry]);
    // The other person's list is their own.
    expect(await list(kenji, 'blocks')).toEqual([]);

    expect(await hidden(unblock(maya, kenji))).toMatchObject({ userId: kenji.id, blocked: false, muted: false });
    expect(await hidden(unblock(maya, kenji))).toMatchObject({ userId: kenji.id, blocked: false, muted: false });
    expect(await list(maya, 'blocks')).toEqual([]);
  });

  it('mutes and unmutes, each again without change; a mute and a block are independent', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    expect(await hidden(mute(maya, kenji))).toMatchObject({ userId: kenji.id, blocked: false, muted: true });
    const [entry] = await list(maya, 'mutes');
    expect(entry).toEqual({ ...summary(kenji), since: expect.any(String) });
    expect(await hidden(mute(maya, kenji))).toMatchObject({ blocked: false, muted: true });
    expect(await list(maya, 'mutes')).toEqual([entry]);

    expect(await hidden(block(maya, kenji))).toMatchObject({ blocked: true, muted: true });
    expect(await hidden(unmute(maya, kenji))).toMatchObject({ blocked: true, muted: false });
    expect(await hidden(unmute(maya, kenji))).toMatchObject({ blocked: true, muted: false });
    expect(await list(maya, 'mutes')).toEqual([]);
    expect(await list(maya, 'blocks')).toEqual([{ ...summary(kenji), since: expect.any(String) }]);
    // The muted person is not told: nothing in their lists or notifications.
    expect(await list(kenji, 'mutes')).toEqual([]);
  });

  it('lists the blocked and the muted newest first', async () => {
    const [maya, kenji, lena, ola] = await people('maya', 'kenji', 'lena', 'ola');
    for (const whom of [kenji, lena, ola]) await hidden(block(maya, whom));
    for (const whom of [ola, kenji]) await hidden(mute(maya, whom));
    const blocked = await list(maya, 'blocks');
    expect(blocked.map((entry) => entry.username)).toEqual(['ola', 'lena', 'kenji']);
    expect(blocked.map((entry) => entry.since)).toEqual([...blocked.map((entry) => entry.since)].sort().reverse());
    expect((await list(maya, 'mutes')).map((entry) => entry.username)).toEqual(['kenji', 'ola']);
  });

  it("ends the follows both ways with their notifications and feed entries; they stay ended after the unblock", async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    await newPost(kenji.browser, { title: "Kenji's Supra" });
    await newPost(maya.browser, { title: "Maya's 911" });
    await newPost(lena.browser, { title: "Lena's Defender" });
    for (const [who, whom] of [[maya, kenji], [kenji, maya], [maya, lena], [kenji, lena]] as const) expect((await follow(who, whom)).statusCode).toBe(200);
    expect(await feedTitles(maya)).toEqual(["Lena's Defender", "Kenji's Supra"]);
    expect(await feedTitles(kenji)).toEqual(["Lena's Defender", "Maya's 911"]);

    const result = await hidden(block(maya, kenji));
    expect(result.currentUser).toMatchObject({ id: maya.id, following: [lena.id], followers: [] });
    expect(await session(kenji)).toMatchObject({ following: [lena.id], followers: [] });
    expect(await feedTitles(maya)).toEqual(["Lena's Defender"]);
    expect(await feedTitles(kenji)).toEqual(["Lena's Defender"]);
    // The follows' notifications went with them, as an unfollow takes its notification back.
    for (const who of [maya, kenji]) {
      const items = (await who.browser.get('/api/notifications')).json<Notification[]>();
      expect(items.filter((n) => n.type === 'follow')).toEqual([]);
    }
    expect(await keptStateProblems(t.db)).toEqual([]);

    await hidden(unblock(maya, kenji));
    expect(await session(maya)).toMatchObject({ following: [lena.id], followers: [] });
    expect(await session(kenji)).toMatchObject({ following: [lena.id], followers: [] });
    expect(await feedTitles(maya)).toEqual(["Lena's Defender"]);
    // Following again is the person's own choice.
    expect((await follow(maya, kenji)).statusCode).toBe(200);
    expect(await feedTitles(maya)).toEqual(["Lena's Defender", "Kenji's Supra"]);
    expect(await keptStateProblems(t.db)).toEqual([]);
  });

  it('a mute ends nothing: the follows both ways stay', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    await follow(maya, kenji);
    await follow(kenji, maya);
    const result = await hidden(mute(maya, kenji));
    expect(result.currentUser).toMatchObject({ following: [kenji.id], followers: [kenji.id] });
    expect(await session(kenji)).toMatchObject({ following: [maya.id], followers: [maya.id] });
  });
});
