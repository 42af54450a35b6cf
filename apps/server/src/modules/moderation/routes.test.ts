// Who may call each of the eight moderation calls (README.md "Who may do what"): anonymous (401),
// a stranger, the item's author, the community's creator, an operator, and a suspended person
// (whose session ended: 401); a refused call changes nothing. And the report's own rules:
// validation messages, 404s as the item's page answers them, 400 for one's own, 409 the second time.
import { describe, expect, it } from 'vitest';
import {
  MAX_REPORT_DETAILS_LENGTH,
  NOT_FOUND_MESSAGES,
  REFUSAL_MESSAGES,
  SUCCESS_MESSAGES,
  type Comment,
  type ModerationQueue,
} from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { browser } from '../../../test/browser.ts';
import { NO_SUCH_ID, newPost, peopleOf } from '../../../test/posts.ts';
import { answer, join, newCommunity } from '../../../test/communities.ts';
import { block } from '../../../test/safety.ts';
import {
  communityQueue,
  dismiss,
  makeOperator,
  moderationLog,
  ok,
  queueOf,
  remove,
  report,
  siteQueue,
  suspend,
  unsuspend,
} from '../../../test/moderation.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-moderation-', { per: 'suite' });

describe.each(backends)('the moderation calls on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  const comment = async (who: { browser: ReturnType<typeof browser> }, postId: string, text = 'Nice wheels.') =>
    ok<Comment>(who.browser.post(`/api/comments/${postId}`, { text }), 201);

  it('answers each call by who asks: anonymous, stranger, author, creator, operator, suspended', async () => {
    const [creator, author, stranger, operator, reporter, suspended] = await people('creator', 'author', 'stranger', 'operator', 'reporter', 'suspended');
    await makeOperator(t.db, operator);
    const community = await newCommunity(creator.browser, 'Air Cooled');
    for (const who of [author, reporter, suspended]) await join(who.browser, community._id);
    const inCommunity = await newPost(author.browser, { title: 'For sale', community: community._id });
    const onProfile = await newPost(author.browser, { title: 'Profile post' });
    const otherInCommunity = await newPost(author.browser, { title: 'Another', community: community._id });
    for (const [kind, targetId] of [['post', inCommunity._id], ['post', onProfile._id], ['post', otherInCommunity._id], ['user', author.id]] as const) {
      expect(answer(await report(reporter, { kind, targetId }))).toEqual([201, { message: SUCCESS_MESSAGES.reportSent }]);
    }
    expect((await ok(suspend(operator, suspended.id)))).toEqual({ message: SUCCESS_MESSAGES.accountSuspended });
    const anonymous = { browser: browser(t.app) };
    const notSignedIn = [401, { message: REFUSAL_MESSAGES.notSignedIn }];
    const moderatorsOnly = [403, { message: REFUSAL_MESSAGES.moderatorsOnly }];
    const operatorsOnly = [403, { message: REFUSAL_MESSAGES.operatorsOnly }];

    const before = { community: await queueOf(communityQueue(operator, community._id)), site: await queueOf(siteQueue(operator)) };
    for (const who of [anonymous, suspended]) {
      expect(answer(await report(who, { kind: 'post', targetId: onProfile._id }))).toEqual(notSignedIn);
      expect(answer(await communityQueue(who, community._id))).toEqual(notSignedIn);
      expect(answer(await siteQueue(who))).toEqual(notSignedIn);
      expect(answer(await dismiss(who, 'post', inCommunity._id))).toEqual(notSignedIn);
      expect(answer(await remove(who, 'post', inCommunity._id))).toEqual(notSignedIn);
      expect(answer(await suspend(who, author.id))).toEqual(notSignedIn);
      expect(answer(await unsuspend(who, author.id))).toEqual(notSignedIn);
      expect(answer(await moderationLog(who))).toEqual(notSignedIn);
    }
    for (const who of [stranger, author]) {
      expect(answer(await communityQueue(who, community._id))).toEqual(moderatorsOnly);
      expect(answer(await dismiss(who, 'post', inCommunity._id))).toEqual(moderatorsOnly);
      expect(answer(await remove(who, 'post', inCommunity._id))).toEqual(moderatorsOnly);
    }
    for (const who of [stranger, author, creator]) {
      expect(answer(await siteQueue(who))).toEqual(operatorsOnly);
      // The site's items are the operators' alone.
      expect(answer(await dismiss(who, 'post', onProfile._id))).toEqual(moderatorsOnly);
      expect(answer(await remove(who, 'post', onProfile._id))).toEqual(moderatorsOnly);
      expect(answer(await dismiss(who, 'user', author.id))).toEqual(moderatorsOnly);
      expect(answer(await suspend(who, author.id))).toEqual(operatorsOnly);
      expect(answer(await unsuspend(who, suspended.id))).toEqual(operatorsOnly);
      expect(answer(await moderationLog(who))).toEqual(operatorsOnly);
    }
    // Nothing changed: the same queues, nobody suspended or reinstated, no log line but the one.
    expect(await queueOf(communityQueue(operator, community._id))).toEqual(before.community);
    expect(await queueOf(siteQueue(operator))).toEqual(before.site);
    expect((await logOfOperator()).actions.map((line) => line.action)).toEqual(['suspended']);
    expect((await author.browser.get('/api/auth/verify')).statusCode).toBe(200);

    // The creator moderates the community's queue; an operator every queue.
    expect((await ok<ModerationQueue>(communityQueue(creator, community._id))).cases).toHaveLength(2);
    expect(answer(await dismiss(creator, 'post', inCommunity._id))).toEqual([200, { message: SUCCESS_MESSAGES.reportsDismissed }]);
    expect(answer(await remove(operator, 'post', otherInCommunity._id))).toEqual([200, { message: SUCCESS_MESSAGES.contentRemoved }]);
    expect(answer(await remove(operator, 'post', onProfile._id))).toEqual([200, { message: SUCCESS_MESSAGES.contentRemoved }]);
    expect(answer(await dismiss(operator, 'user', author.id))).toEqual([200, { message: SUCCESS_MESSAGES.reportsDismissed }]);
    expect(answer(await unsuspend(operator, suspended.id))).toEqual([200, { message: SUCCESS_MESSAGES.suspensionLifted }]);
    expect(answer(await suspend(operator, author.id))).toEqual([200, { message: SUCCESS_MESSAGES.accountSuspended }]);
    expect((await logOfOperator()).actions.map((line) => line.action)).toEqual(['suspended', 'unsuspended', 'dismissed', 'removed', 'removed', 'dismissed', 'suspended']);

    async function logOfOperator() {
      return ok<{ actions: Array<{ action: string }> }>(moderationLog(operator));
    }
  });

  it('refuses what an operator cannot do: oneself, another operator, nobody; again is no change', async () => {
    const [operator, other, maya] = await people('operator', 'other', 'maya');
    await makeOperator(t.db, operator);
    await makeOperator(t.db, other);
    expect(answer(await suspend(operator, operator.id))).toEqual([400, { message: REFUSAL_MESSAGES.cannotSuspendSelf }]);
    expect(answer(await suspend(operator, other.id))).toEqual([400, { message: REFUSAL_MESSAGES.cannotSuspendOperator }]);
    for (const nobody of [NO_SUCH_ID, 'nobody']) {
      expect(answer(await suspend(operator, nobody)), nobody).toEqual([404, { message: NOT_FOUND_MESSAGES.user }]);
      expect(answer(await unsuspend(operator, nobody)), nobody).toEqual([404, { message: NOT_FOUND_MESSAGES.user }]);
    }
    expect(answer(await suspend(operator, maya.id, ' '))).toEqual([400, { message: REFUSAL_MESSAGES.moderationReasonRequired }]);
    expect(answer(await suspend(operator, maya.id, 'x'.repeat(501)))).toEqual([400, { message: REFUSAL_MESSAGES.moderationReasonTooLong }]);
    // Not suspended: lifting is no change; suspended twice: one suspension, one log line.
    expect((await unsuspend(operator, maya.id)).statusCode).toBe(200);
    expect((await suspend(operator, maya.id)).statusCode).toBe(200);
    expect((await suspend(operator, maya.id)).statusCode).toBe(200);
    const log = await ok<{ actions: Array<{ action: string }> }>(moderationLog(operator));
    expect(log.actions.map((line) => line.action)).toEqual(['suspended']);
    // Items that do not exist, and a dismissal of an item nobody reported.
    for (const kind of ['post', 'comment'] as const) {
      const message = kind === 'post' ? NOT_FOUND_MESSAGES.post : REFUSAL_MESSAGES.commentNotFound;
      expect(answer(await dismiss(operator, kind, NO_SUCH_ID))).toEqual([404, { message }]);
      expect(answer(await remove(operator, kind, NO_SUCH_ID))).toEqual([404, { message }]);
    }
    expect(answer(await dismiss(operator, 'user', NO_SUCH_ID))).toEqual([404, { message: NOT_FOUND_MESSAGES.user }]);
    expect(answer(await dismiss(operator, 'person', maya.id))[0]).toBe(400);
    expect(answer(await remove(operator, 'user', maya.id))[0]).toBe(400);
    expect(answer(await communityQueue(operator, NO_SUCH_ID))).toEqual([404, { message: NOT_FOUND_MESSAGES.community }]);
    const post = await newPost(other.browser);
    expect(answer(await dismiss(operator, 'post', post._id))).toEqual([404, { message: NOT_FOUND_MESSAGES.noOpenReports }]);
    expect(answer(await remove(operator, 'post', post._id))).toEqual([404, { message: NOT_FOUND_MESSAGES.noOpenReports }]);
    expect((await other.browser.get(`/api/posts/${post._id}`)).statusCode).toBe(200);
  });

  it('takes a report once per person and item, answers 404 as the item would, and refuses one’s own', async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    const post = await newPost(kenji.browser, { title: 'Track day' });
    const onIt = await comment(maya, post._id, 'Too fast for the pit lane.');

    expect(answer(await report(maya, { kind: 'post', targetId: post._id }))).toEqual([201, { message: SUCCESS_MESSAGES.reportSent }]);
    expect(answer(await report(maya, { kind: 'post', targetId: post._id, reason: 'harassment' }))).toEqual([409, { message: REFUSAL_MESSAGES.alreadyReported }]);
    // Two at once: one is taken.
    const both = await Promise.all([report(lena, { kind: 'user', targetId: kenji.id }), report(lena, { kind: 'user', targetId: kenji.id })]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);

    expect(answer(await report(kenji, { kind: 'post', targetId: post._id }))).toEqual([400, { message: REFUSAL_MESSAGES.cannotReportOwn }]);
    expect(answer(await report(maya, { kind: 'comment', targetId: onIt._id }))).toEqual([400, { message: REFUSAL_MESSAGES.cannotReportOwn }]);
    expect(answer(await report(maya, { kind: 'user', targetId: maya.id }))).toEqual([400, { message: REFUSAL_MESSAGES.cannotReportOwn }]);

    // Validation, in the contract's words.
    expect(answer(await report(lena, { kind: 'post', targetId: post._id, reason: 'boring' as never }))).toEqual([400, { message: REFUSAL_MESSAGES.reportReasonRequired }]);
    expect(answer(await report(lena, { kind: 'post', targetId: post._id, reason: 'other', details: '   ' }))).toEqual([400, { message: REFUSAL_MESSAGES.reportDetailsRequired }]);
    expect(answer(await report(lena, { kind: 'post', targetId: post._id, details: 'x'.repeat(MAX_REPORT_DETAILS_LENGTH + 1) }))).toEqual([400, { message: REFUSAL_MESSAGES.reportDetailsTooLong }]);
    expect(answer(await report(lena, { kind: 'car' as never, targetId: post._id }))[0]).toBe(400);

    // Nothing there, or not there for the reporter.
    expect(answer(await report(lena, { kind: 'post', targetId: NO_SUCH_ID }))).toEqual([404, { message: NOT_FOUND_MESSAGES.post }]);
    expect(answer(await report(lena, { kind: 'comment', targetId: NO_SUCH_ID }))).toEqual([404, { message: REFUSAL_MESSAGES.commentNotFound }]);
    expect(answer(await report(lena, { kind: 'user', targetId: NO_SUCH_ID }))).toEqual([404, { message: NOT_FOUND_MESSAGES.user }]);
    expect(answer(await report(lena, { kind: 'post', targetId: 'not-an-id' }))).toEqual([404, { message: NOT_FOUND_MESSAGES.post }]);
    await block(kenji, lena);
    expect(answer(await report(lena, { kind: 'post', targetId: post._id }))).toEqual([404, { message: NOT_FOUND_MESSAGES.postUnavailable }]);
    expect(answer(await report(lena, { kind: 'user', targetId: kenji.id }))).toEqual([404, { message: NOT_FOUND_MESSAGES.profileUnavailable }]);
    expect(answer(await report(lena, { kind: 'comment', targetId: onIt._id }))).toEqual([404, { message: NOT_FOUND_MESSAGES.postUnavailable }]);
    await block(maya, lena);
    const [nils] = await people('nils');
    await block(maya, nils);
    expect(answer(await report(nils, { kind: 'comment', targetId: onIt._id }))).toEqual([404, { message: REFUSAL_MESSAGES.commentNotFound }]);
    expect(answer(await report(nils, { kind: 'user', targetId: maya.id }))).toEqual([404, { message: NOT_FOUND_MESSAGES.profileUnavailable }]);
  });
});
