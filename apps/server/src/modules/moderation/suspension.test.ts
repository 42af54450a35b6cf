// A suspension (README.md "Suspension"): the person cannot sign in (403, the message says no
// more), their sessions end, the reports on them close, and what they wrote leaves every list
// for everyone (modules/safety/hidden.ts); their profile answers 404 but to operators. Lifting it
// brings everything back.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, type Comment, type CommentPage, type Notification, type PostPage, type SearchResults, type UserSummary } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { browser, PASSWORD } from '../../../test/browser.ts';
import { newPost, peopleOf } from '../../../test/posts.ts';
import { answer } from '../../../test/communities.ts';
import { logOf, makeOperator, moderationLog, ok, queueOf, report, siteQueue, suspend, unsuspend } from '../../../test/moderation.ts';
import { sessions } from '../../../src/db/schema.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-moderation-suspension-', { per: 'suite' });

describe.each(backends)('a suspension on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);

  it('refuses sign-in, ends the sessions, hides what the person wrote from every list, and lifts', async () => {
    const [bob, maya, kenji, operator] = await people('bob', 'maya', 'kenji', 'operator');
    await makeOperator(t.db, operator);
    await bob.browser.patch(`/api/user/${maya.id}/follow`);
    await maya.browser.patch(`/api/user/${bob.id}/follow`);
    const bobsPost = await newPost(bob.browser, { title: 'Bob spam special' });
    const mayasPost = await newPost(maya.browser, { title: 'Maya build' });
    await ok<Comment>(bob.browser.post(`/api/comments/${mayasPost._id}`, { text: 'Buy my stuff.' }), 201);
    await report(kenji, { kind: 'user', targetId: bob.id });
    // Another browser of Bob's, signed in too.
    const second = browser(t.app);
    expect((await second.post('/api/auth/login', { email: bob.email, password: PASSWORD })).statusCode).toBe(200);

    const seen = async (who: typeof maya) => {
      const feed = (await who.browser.get('/api/posts/feed')).json<PostPage>().posts.map((post) => post.title);
      const trendingPage = (await who.browser.get('/api/posts/trending')).json<PostPage>().posts;
      const trending = trendingPage.map((post) => post.title);
      const comments = (await who.browser.get(`/api/comments/${mayasPost._id}`)).json<CommentPage>();
      const search = (await who.browser.get('/api/search?q=bob')).json<SearchResults>();
      const notifications = (await who.browser.get('/api/notifications')).json<Notification[]>().map((n) => `${n.type}:${n.sender.username}`);
      const unread = (await who.browser.get('/api/notifications/unread-count')).json<{ count: number }>().count;
      const followers = (await who.browser.get(`/api/user/${maya.id}/followers`)).json<UserSummary[]>().map((user) => user.username);
      return {
        feed,
        trending,
        comments: [comments.totalComments, comments.comments.map((c) => c.text)],
        preview: trendingPage.find((post) => post._id === mayasPost._id)?.commentsPreview?.totalComments,
        search: [search.users.map((user) => user.username), search.posts.map((post) => post.title)],
        notifications,
        unread,
        followers,
      };
    };
    const before = await seen(maya);
    expect(before).toMatchObject({
      feed: ['Bob spam special'],
      comments: [1, ['Buy my stuff.']],
      search: [['bob'], ['Bob spam special']],
      notifications: ['comment:bob', 'follow:bob'],
      unread: 2,
      followers: ['bob'],
    });
    expect(before.trending).toContain('Bob spam special');

    expect((await suspend(operator, bob.id, 'Spam.')).statusCode).toBe(200);
    // Signed out everywhere, and refused at the door with nothing but the sentence.
    expect((await bob.browser.get('/api/auth/verify')).statusCode).toBe(401);
    expect((await second.get('/api/auth/verify')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, bob.id))).toEqual([]);
    expect(answer(await browser(t.app).post('/api/auth/login', { email: bob.email, password: PASSWORD }))).toEqual([403, { message: REFUSAL_MESSAGES.accountSuspended }]);
    // A wrong password is still just wrong.
    expect((await browser(t.app).post('/api/auth/login', { email: bob.email, password: 'Wrong@2024' })).statusCode).toBe(401);
    // The report on the person is closed with it, and logged.
    expect((await queueOf(siteQueue(operator))).cases).toEqual([]);
    expect((await logOf(moderationLog(operator))).actions[0]).toMatchObject({ action: 'suspended', kind: 'user', targetId: bob.id, reason: 'Spam.', reportCount: 1 });

    const during = await seen(maya);
    expect(during).toEqual({ feed: [], trending: ['Maya build'], comments: [0, []], preview: 0, search: [[], []], notifications: [], unread: 0, followers: [] });
    expect((await seen(kenji)).trending).toEqual(['Maya build']);
    expect(answer(await maya.browser.get('/api/user/bob'))).toEqual([404, { message: NOT_FOUND_MESSAGES.profileUnavailable }]);
    expect(answer(await maya.browser.get(`/api/posts/${bobsPost._id}`))).toEqual([404, { message: NOT_FOUND_MESSAGES.postUnavailable }]);
    expect(answer(await maya.browser.get(`/api/posts/by-user/${bob.id}`))).toEqual([404, { message: NOT_FOUND_MESSAGES.profileUnavailable }]);
    expect((await operator.browser.get('/api/user/bob')).json()).toMatchObject({ username: 'bob', suspended: true });
    expect((await report(kenji, { kind: 'post', targetId: bobsPost._id })).statusCode).toBe(404);

    expect((await unsuspend(operator, bob.id)).statusCode).toBe(200);
    expect((await browser(t.app).post('/api/auth/login', { email: bob.email, password: PASSWORD })).statusCode).toBe(200);
    expect(await seen(maya)).toEqual(before);
    expect((await maya.browser.get('/api/user/bob')).json()).not.toHaveProperty('suspended');
  });

  it('refuses a password reset of a suspended account and sends it no code', async () => {
    const [bob, operator] = await people('bob', 'operator');
    await makeOperator(t.db, operator);
    expect((await suspend(operator, bob.id)).statusCode).toBe(200);
    const mails = sink.inbox.length;
    const forgot = await browser(t.app).post('/api/auth/forgot-password', { email: bob.email });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual((await browser(t.app).post('/api/auth/forgot-password', { email: 'nobody@pitlane.test' })).json());
    await new Promise((resolve) => setImmediate(resolve));
    expect(sink.inbox.length).toBe(mails);
  });
});
