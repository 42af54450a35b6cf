// The queues and what a moderator's action does (README.md "Queues", "Dismiss and remove"): one
// case per item, the longest waiting first, reports newest first, paged; community items to the
// community's queue, everything else to the site's; a dismissal closes the reports; a removal
// deletes the content as its author's delete does, tells the author why, and both are logged.
import { describe, expect, it } from 'vitest';
import { PAGE_SIZES, type Comment, type ModerationCase, type Notification, type PostPage } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { image, newPost, peopleOf, storedFiles } from '../../../test/posts.ts';
import { join, newCommunity } from '../../../test/communities.ts';
import { communityQueue, dismiss, logOf, makeOperator, moderationLog, ok, queueOf, remove, report, siteQueue } from '../../../test/moderation.ts';
import { keptStateProblems } from '../posts/kept-check.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-moderation-actions-', { per: 'suite' });

describe.each(backends)('the moderation queues and actions on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  const summary = (who: { id: string; username: string; fullName: string }) => ({ _id: who.id, username: who.username, fullName: who.fullName, profilePictureUrl: '' });
  const keys = (cases: ModerationCase[]) => cases.map((item) => `${item.kind}:${item.targetId}`);

  it('routes reports to the community or the site queue, one case per item, the longest waiting first', async () => {
    const [creator, author, maya, kenji, operator] = await people('creator', 'author', 'maya', 'kenji', 'operator');
    await makeOperator(t.db, operator);
    const community = await newCommunity(creator.browser, 'Air Cooled');
    for (const who of [author, maya, kenji]) await join(who.browser, community._id);
    const inCommunity = await newPost(author.browser, { title: 'For sale', content: 'Cheap 911.', community: community._id }, [await image('png', 40, 30)]);
    const onProfile = await newPost(author.browser, { title: 'Profile', content: 'Mine.' });
    const onCommunityPost = await ok<Comment>(author.browser.post(`/api/comments/${inCommunity._id}`, { text: 'Bump.' }), 201);
    const onProfilePost = await ok<Comment>(author.browser.post(`/api/comments/${onProfile._id}`, { text: 'Me again.' }), 201);

    await report(maya, { kind: 'post', targetId: inCommunity._id, reason: 'spam' });
    await report(maya, { kind: 'comment', targetId: onProfilePost._id, reason: 'harassment' });
    await report(maya, { kind: 'user', targetId: author.id, reason: 'other', details: '  Sells stolen parts.  ' });
    await report(kenji, { kind: 'comment', targetId: onCommunityPost._id, reason: 'spam' });
    await report(kenji, { kind: 'post', targetId: inCommunity._id, reason: 'stolen_photo', details: 'My photo.' });
    await report(kenji, { kind: 'post', targetId: onProfile._id, reason: 'dangerous_driving' });

    const communityCases = (await queueOf(communityQueue(creator, community._id))).cases;
    expect(keys(communityCases)).toEqual([`post:${inCommunity._id}`, `comment:${onCommunityPost._id}`]);
    const [postCase, commentCase] = communityCases;
    expect(postCase).toEqual({
      kind: 'post',
      targetId: inCommunity._id,
      author: summary(author),
      authorSuspended: false,
      community: { _id: community._id, name: 'Air Cooled' },
      title: 'For sale',
      text: 'Cheap 911.',
      imageUrl: inCommunity.imageUrls[0],
      postId: inCommunity._id,
      reports: [
        { reason: 'stolen_photo', details: 'My photo.', reporter: summary(kenji), createdAt: expect.any(String) },
        { reason: 'spam', details: '', reporter: summary(maya), createdAt: expect.any(String) },
      ],
      firstReportedAt: postCase!.reports[1]!.createdAt,
    });
    expect(commentCase).toMatchObject({ kind: 'comment', title: 'For sale', text: 'Bump.', imageUrl: '', postId: inCommunity._id, community: { _id: community._id } });
    // The operator sees the same community queue.
    expect(await queueOf(communityQueue(operator, community._id))).toEqual({ cases: communityCases, totalPages: 1 });

    const site = await queueOf(siteQueue(operator));
    expect(keys(site.cases)).toEqual([`comment:${onProfilePost._id}`, `user:${author.id}`, `post:${onProfile._id}`]);
    expect(site.cases[1]).toMatchObject({ kind: 'user', title: '', text: '', imageUrl: '', postId: null, community: null, reports: [{ reason: 'other', details: 'Sells stolen parts.' }] });
    expect(site.totalPages).toBe(1);
  });

  it('pages the queue by PAGE_SIZES.moderationQueue', async () => {
    const [author, maya, operator] = await people('author', 'maya', 'operator');
    await makeOperator(t.db, operator);
    const count = PAGE_SIZES.moderationQueue + 2;
    const ids: string[] = [];
    const picture = [await image()];
    for (let i = 0; i < count; i++) {
      const post = await newPost(author.browser, { title: `Post ${i}` }, picture);
      ids.push(post._id);
      await report(maya, { kind: 'post', targetId: post._id });
    }
    const first = await queueOf(siteQueue(operator, 1));
    const second = await queueOf(siteQueue(operator, 2));
    expect(first.totalPages).toBe(2);
    expect([...keys(first.cases), ...keys(second.cases)]).toEqual(ids.map((id) => `post:${id}`));
    expect(await queueOf(siteQueue(operator, 3))).toEqual({ cases: [], totalPages: 2 });
  });

  it('dismisses a case: its reports close, the item stays, the log says so; then 404', async () => {
    const [creator, author, maya] = await people('creator', 'author', 'maya');
    const community = await newCommunity(creator.browser, 'Youngtimers');
    for (const who of [author, maya]) await join(who.browser, community._id);
    const post = await newPost(author.browser, { title: 'E30 sunset', community: community._id });
    await report(maya, { kind: 'post', targetId: post._id });
    expect((await dismiss(creator, 'post', post._id)).statusCode).toBe(200);
    expect((await queueOf(communityQueue(creator, community._id))).cases).toEqual([]);
    expect((await maya.browser.get(`/api/posts/${post._id}`)).statusCode).toBe(200);
    expect((await dismiss(creator, 'post', post._id)).json()).toEqual({ message: 'There are no open reports on this any more.' });
    // One report per person and item, ever: a dismissed report is not sent again.
    expect((await report(maya, { kind: 'post', targetId: post._id })).statusCode).toBe(409);
    const [operator] = await people('operator');
    await makeOperator(t.db, operator);
    const log = await logOf(moderationLog(operator));
    expect(log.actions).toEqual([
      {
        _id: expect.any(String),
        action: 'dismissed',
        kind: 'post',
        targetId: post._id,
        actor: summary(creator),
        subject: summary(author),
        community: { _id: community._id, name: 'Youngtimers' },
        excerpt: 'E30 sunset',
        reason: '',
        reportCount: 1,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('removes a post as its delete does, tells the author why, and logs it', async () => {
    const [creator, author, maya, kenji, operator] = await people('creator', 'author', 'maya', 'kenji', 'operator');
    await makeOperator(t.db, operator);
    const community = await newCommunity(creator.browser, 'Track Rats');
    for (const who of [author, maya, kenji]) await join(who.browser, community._id);
    await kenji.browser.patch(`/api/user/${author.id}/follow`);
    const post = await newPost(author.browser, { title: 'Street race tonight', community: community._id });
    await ok(kenji.browser.post(`/api/comments/${post._id}`, { text: 'Count me in.' }), 201);
    await report(maya, { kind: 'post', targetId: post._id, reason: 'dangerous_driving' });
    await report(kenji, { kind: 'user', targetId: author.id });
    const mediaRoot = `${dataDir.path}/media`;
    const filesBefore = storedFiles(mediaRoot).length;

    expect((await remove(creator, 'post', post._id, '  Racing on public roads is not welcome here.  ')).statusCode).toBe(200);
    expect((await kenji.browser.get(`/api/posts/${post._id}`)).statusCode).toBe(404);
    expect((await kenji.browser.get('/api/posts/feed')).json<PostPage>().posts).toEqual([]);
    expect((await queueOf(communityQueue(creator, community._id))).cases).toEqual([]);
    // The report on the person is another case, left open.
    expect(keys((await queueOf(siteQueue(operator))).cases)).toEqual([`user:${author.id}`]);
    expect(storedFiles(mediaRoot).length).toBeLessThan(filesBefore);
    expect(await keptStateProblems(t.db)).toEqual([]);

    const [notification] = (await author.browser.get('/api/notifications')).json<Notification[]>();
    expect(notification).toEqual({
      _id: expect.any(String),
      type: 'removed',
      read: false,
      createdAt: expect.any(String),
      sender: { username: 'creator', fullName: creator.fullName, profilePictureUrl: '' },
      post: null,
      removal: { kind: 'post', excerpt: 'Street race tonight', community: { _id: community._id, name: 'Track Rats' }, reason: 'Racing on public roads is not welcome here.' },
    });
    // Kenji's follow and the removal.
    expect((await author.browser.get('/api/notifications/unread-count')).json()).toEqual({ count: 2 });
    const [line] = (await logOf(moderationLog(operator))).actions;
    expect(line).toMatchObject({ action: 'removed', kind: 'post', actor: summary(creator), subject: summary(author), excerpt: 'Street race tonight', reason: 'Racing on public roads is not welcome here.', reportCount: 1 });
    expect((await remove(operator, 'post', post._id)).statusCode).toBe(404);
  });

  it('removes a comment on a profile post (operators), with the comment’s text in the notice', async () => {
    const [author, maya, operator] = await people('author', 'maya', 'operator');
    await makeOperator(t.db, operator);
    const post = await newPost(maya.browser, { title: 'My build' });
    const comment = await ok<Comment>(author.browser.post(`/api/comments/${post._id}`, { text: 'Ugly car.' }), 201);
    await report(maya, { kind: 'comment', targetId: comment._id, reason: 'harassment' });
    expect((await remove(operator, 'comment', comment._id, 'Be kind.')).statusCode).toBe(200);
    expect((await maya.browser.get(`/api/comments/${post._id}`)).json()).toMatchObject({ comments: [], totalComments: 0 });
    const [notification] = (await author.browser.get('/api/notifications')).json<Notification[]>();
    expect(notification!.removal).toEqual({ kind: 'comment', excerpt: 'Ugly car.', community: null, reason: 'Be kind.' });
    expect((await queueOf(siteQueue(operator))).cases).toEqual([]);
    expect(await keptStateProblems(t.db)).toEqual([]);
  });
});
