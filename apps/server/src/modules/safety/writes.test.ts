// What a block pair cannot do to each other (README.md "Writes"): follow, like, comment on the
// other's posts: 403, saying "you blocked them" to the one who blocked and only "not available" to
// the other, from both sides, and nothing written (so neither is notified). A mute refuses nothing.
import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES, type Notification } from '@pitlane/api/contract';
import { likes, comments, follows, notifications } from '../../db/schema.ts';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { answer } from '../../../test/communities.ts';
import { newPost, peopleOf } from '../../../test/posts.ts';
import { block, hidden, mute, unblock } from '../../../test/safety.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-safety-writes-', { per: 'suite' });

describe.each(backends)('what a block pair cannot do on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  type Who = Awaited<ReturnType<typeof people>>[number];

  /** The three reaching calls of `who` towards `whom`, on a post of `whom`'s, in order: follow, like, comment. */
  async function reach(who: Who, whom: Who, postId: string) {
    return [
      await who.browser.patch(`/api/user/${whom.id}/follow`),
      await who.browser.patch(`/api/posts/${postId}/like`),
      await who.browser.post(`/api/comments/${postId}`, { text: 'Nice build.' }),
    ];
  }
  const refusals = async (who: Who, whom: Who, postId: string) => (await reach(who, whom, postId)).map(answer);
  const written = async () => ({
    follows: (await t.db.select().from(follows)).length,
    likes: (await t.db.select().from(likes)).length,
    comments: (await t.db.select().from(comments)).length,
    notifications: (await t.db.select().from(notifications)).length,
  });

  it('refuses follow, like and comment from both sides, each with its sentence, and writes nothing', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const [mayaPost, kenjiPost] = [await newPost(maya.browser), await newPost(kenji.browser)];
    await hidden(block(maya, kenji));
    const before = await written();

    const [youBlockedThem, theyBlockedYou] = [[403, { message: REFUSAL_MESSAGES.youBlockedThem }], [403, { message: REFUSAL_MESSAGES.theyBlockedYou }]];
    expect(await refusals(maya, kenji, kenjiPost._id)).toEqual([youBlockedThem, youBlockedThem, youBlockedThem]);
    expect(await refusals(kenji, maya, mayaPost._id)).toEqual([theyBlockedYou, theyBlockedYou, theyBlockedYou]);
    expect(await written()).toEqual(before);

    // Blocked both ways: each hears that they blocked the other (how to undo it is theirs).
    await hidden(block(kenji, maya));
    expect(await refusals(kenji, maya, mayaPost._id)).toEqual([youBlockedThem, youBlockedThem, youBlockedThem]);
    expect(await written()).toEqual(before);
  });

  it('allows them all again after the unblock', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const kenjiPost = await newPost(kenji.browser);
    await hidden(block(kenji, maya));
    await hidden(unblock(kenji, maya));
    expect((await reach(maya, kenji, kenjiPost._id)).map((response) => response.statusCode)).toEqual([200, 200, 201]);
    const items = (await kenji.browser.get('/api/notifications')).json<Notification[]>();
    expect(items.map((n) => n.type)).toEqual(['comment', 'like', 'follow']);
  });

  it('a mute refuses nothing, either way', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const [mayaPost, kenjiPost] = [await newPost(maya.browser), await newPost(kenji.browser)];
    await hidden(mute(maya, kenji));
    expect((await reach(maya, kenji, kenjiPost._id)).map((response) => response.statusCode)).toEqual([200, 200, 201]);
    expect((await reach(kenji, maya, mayaPost._id)).map((response) => response.statusCode)).toEqual([200, 200, 201]);
  });

  it('a block and a follow at the same moment: the follow never outlives the block', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    for (let round = 0; round < 5; round++) {
      const [blocked, followed] = await Promise.all([block(maya, kenji), kenji.browser.patch(`/api/user/${maya.id}/follow`)]);
      expect(blocked.statusCode).toBe(200);
      expect([200, 403]).toContain(followed.statusCode);
      expect(await t.db.select().from(follows)).toEqual([]);
      await hidden(unblock(maya, kenji));
    }
  });
});
