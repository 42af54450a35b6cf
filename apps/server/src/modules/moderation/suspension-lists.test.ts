// A suspension and the lists of people (README.md "Suspension"): a suspended person leaves a
// community's members (the ids and the summaries), the `followers` / `following` id arrays of every
// profile and session user, and a post's `likes`, for every viewer; nobody follows, likes or
// comments them meanwhile (404 as their pages); a creator's edit of the community keeps them (the
// list they were shown could not name them). Their reports leave both queues. Lifting the
// suspension brings all of it back: nothing was deleted.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, type Comment, type Community, type CommunityPage, type Post, type PostPage, type ProfileUser, type SessionUser, type Suggestions, type UserSummary } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { newPost, peopleOf } from '../../../test/posts.ts';
import { answer, edit, join, newCommunity } from '../../../test/communities.ts';
import { communityQueue, makeOperator, ok, queueOf, report, siteQueue, suspend, unsuspend } from '../../../test/moderation.ts';
import { communityMembers, follows, likes } from '../../../src/db/schema.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-moderation-suspension-lists-', { per: 'suite' });

describe.each(backends)('a suspension and the lists of people on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);

  it('leaves the person out of members, follower and following ids and likes, keeps every row, and brings them back', async () => {
    const [bob, maya, kenji, creator, operator] = await people('bob', 'maya', 'kenji', 'creator', 'operator');
    await makeOperator(t.db, operator);
    await ok(bob.browser.patch(`/api/user/${maya.id}/follow`));
    await ok(maya.browser.patch(`/api/user/${bob.id}/follow`));
    await ok(kenji.browser.patch(`/api/user/${maya.id}/follow`));
    const club = await newCommunity(creator.browser, 'Air Cooled');
    // Bob joins before Maya: the order of the members must come back as it was.
    for (const who of [bob, maya, kenji]) await join(who.browser, club._id);
    // Two communities Maya has not joined, two members each; the newer first on a tie, the
    // larger first otherwise: with Bob left out, Small Club is the smaller.
    const other = await newCommunity(creator.browser, 'Other Club');
    await join(kenji.browser, other._id);
    const small = await newCommunity(creator.browser, 'Small Club');
    await join(bob.browser, small._id);
    const mayasPost = await newPost(maya.browser, { title: 'Maya build' });
    const bobsPost = await newPost(bob.browser, { title: 'Bob build' });
    await ok<Post>(bob.browser.patch(`/api/posts/${mayasPost._id}/like`));
    await ok<Post>(kenji.browser.patch(`/api/posts/${mayasPost._id}/like`));

    const seen = async () => {
      const profile = await ok<ProfileUser>(kenji.browser.get(`/api/user/${maya.username}`));
      const session = (await ok<{ user: SessionUser }>(maya.browser.get('/api/auth/verify'))).user;
      const community = (await ok<CommunityPage>(kenji.browser.get(`/api/communities/${club._id}`))).community;
      const listed = (await ok<Community[]>(kenji.browser.get('/api/communities'))).find((c) => c._id === club._id)!;
      const members = (await ok<UserSummary[]>(kenji.browser.get(`/api/communities/${club._id}/members`))).map((u) => u.username);
      const card = await ok<Post>(kenji.browser.get(`/api/posts/${mayasPost._id}`));
      const trending = (await ok<PostPage>(kenji.browser.get('/api/posts/trending'))).posts.find((p) => p._id === mayasPost._id);
      const feed = (await ok<PostPage>(kenji.browser.get('/api/posts/feed'))).posts.find((p) => p._id === mayasPost._id);
      const suggested = (await ok<Suggestions>(maya.browser.get('/api/suggestions'))).communities.map((c) => c.name);
      return {
        profile: [profile.followers, profile.following],
        session: [session.followers, session.following],
        members: [community.members, listed.members, members],
        likes: [card.likes, trending?.likes, feed?.likes],
        suggested,
      };
    };
    const before = await seen();
    expect(before).toEqual({
      profile: [[bob.id, kenji.id], [bob.id]],
      session: [[bob.id, kenji.id], [bob.id]],
      members: [[creator.id, bob.id, maya.id, kenji.id], [creator.id, bob.id, maya.id, kenji.id], ['creator', 'bob', 'maya', 'kenji']],
      likes: [[bob.id, kenji.id], [bob.id, kenji.id], [bob.id, kenji.id]],
      suggested: ['Small Club', 'Other Club'],
    });
    const rows = async () => ({
      follows: (await t.db.select({ n: count() }).from(follows))[0]!.n,
      members: (await t.db.select({ n: count() }).from(communityMembers))[0]!.n,
      likes: (await t.db.select({ n: count() }).from(likes))[0]!.n,
    });
    const kept = await rows();

    expect((await suspend(operator, bob.id)).statusCode).toBe(200);
    const during = await seen();
    expect(during).toEqual({
      profile: [[kenji.id], []],
      session: [[kenji.id], []],
      members: [[creator.id, maya.id, kenji.id], [creator.id, maya.id, kenji.id], ['creator', 'maya', 'kenji']],
      likes: [[kenji.id], [kenji.id], [kenji.id]],
      suggested: ['Other Club', 'Small Club'],
    });
    // The operator sees the lists as everyone does (the profile itself is theirs only).
    expect((await ok<ProfileUser>(operator.browser.get(`/api/user/${maya.username}`))).followers).toEqual([kenji.id]);
    // Nobody reaches the person meanwhile: 404 as their profile and posts answer, nothing written.
    expect(answer(await kenji.browser.patch(`/api/user/${bob.id}/follow`))).toEqual([404, { message: NOT_FOUND_MESSAGES.profileUnavailable }]);
    expect(answer(await maya.browser.patch(`/api/user/${bob.id}/follow`))).toEqual([404, { message: NOT_FOUND_MESSAGES.profileUnavailable }]);
    expect(answer(await kenji.browser.patch(`/api/posts/${bobsPost._id}/like`))).toEqual([404, { message: NOT_FOUND_MESSAGES.postUnavailable }]);
    expect(answer(await kenji.browser.post(`/api/comments/${bobsPost._id}`, { text: 'Nice.' }))).toEqual([404, { message: NOT_FOUND_MESSAGES.postUnavailable }]);
    // The creator saves the community with the members they were shown: Bob stays a member.
    const saved = await edit(creator.browser, club._id, { name: 'Air Cooled', description: 'Edited.', members: during.members[0]! });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Community>().members).toEqual([creator.id, maya.id, kenji.id]);
    expect(await rows()).toEqual(kept);
    expect((await t.db.select().from(communityMembers).where(eq(communityMembers.userId, bob.id))).map((m) => m.communityId).sort()).toEqual([club._id, small._id].sort());

    expect((await unsuspend(operator, bob.id)).statusCode).toBe(200);
    expect(await seen()).toEqual(before);
    expect(await rows()).toEqual(kept);
    // And the person is reachable again.
    await ok<Comment>(kenji.browser.post(`/api/comments/${bobsPost._id}`, { text: 'Nice.' }), 201);
  });

  it('leaves a suspended reporter’s open reports out of both queues, and brings them back when lifted', async () => {
    const [creator, author, kenji, lena, operator] = await people('creator', 'author', 'kenji', 'lena', 'operator');
    await makeOperator(t.db, operator);
    const club = await newCommunity(creator.browser, 'Air Cooled');
    for (const who of [author, kenji, lena]) await join(who.browser, club._id);
    const inClub = await newPost(author.browser, { title: 'For sale', community: club._id });
    const alsoInClub = await newPost(author.browser, { title: 'Also for sale', community: club._id });
    const onProfile = await newPost(author.browser, { title: 'Profile post' });
    // Kenji alone reports two items; both Kenji and Lena report the club post.
    for (const [kind, targetId] of [['post', inClub._id], ['post', alsoInClub._id], ['post', onProfile._id], ['user', author.id]] as const) {
      expect((await report(kenji, { kind, targetId })).statusCode).toBe(201);
    }
    expect((await report(lena, { kind: 'post', targetId: inClub._id })).statusCode).toBe(201);

    const queues = async () => {
      const byCreator = await queueOf(communityQueue(creator, club._id));
      const byOperator = await queueOf(communityQueue(operator, club._id));
      const site = await queueOf(siteQueue(operator));
      const view = (q: typeof site) => ({ totalPages: q.totalPages, cases: q.cases.map((c) => [c.kind, c.targetId, c.reports.map((r) => r.reporter.username)]) });
      return { byCreator: view(byCreator), byOperator: view(byOperator), site: view(site) };
    };
    const before = await queues();
    expect(before.byCreator).toEqual({ totalPages: 1, cases: [['post', inClub._id, ['lena', 'kenji']], ['post', alsoInClub._id, ['kenji']]] });
    expect(before.byOperator).toEqual(before.byCreator);
    expect(before.site).toEqual({ totalPages: 1, cases: [['post', onProfile._id, ['kenji']], ['user', author.id, ['kenji']]] });

    expect((await suspend(operator, kenji.id)).statusCode).toBe(200);
    const during = await queues();
    expect(during.byCreator).toEqual({ totalPages: 1, cases: [['post', inClub._id, ['lena']]] });
    expect(during.byOperator).toEqual(during.byCreator);
    expect(during.site).toEqual({ totalPages: 0, cases: [] });
    // Past the last page the total still counts without them.
    expect((await queueOf(siteQueue(operator, 2))).totalPages).toBe(0);

    expect((await unsuspend(operator, kenji.id)).statusCode).toBe(200);
    expect(await queues()).toEqual(before);
  });
});
