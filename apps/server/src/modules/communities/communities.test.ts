// The communities routes through real HTTP (app.inject, real sessions): each route's success and
// each refusal with its exact status and message, and the permissions of spec §6 for the creator,
// a member and a non-member. The cascades are in cascades.test.ts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_COMMUNITY_DESCRIPTION_LENGTH,
  NOT_FOUND_MESSAGES,
  PAGE_SIZES,
  REFUSAL_MESSAGES,
  SUCCESS_MESSAGES,
  type Community,
  type CommunityPage,
  type CreateCommunityResult,
  type RemoveMemberResult,
  type SessionUser,
  type UserSummary,
} from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { browser, type Browser, type Person } from '../../../test/browser.ts';
import { NO_SUCH_ID, form, image, mediaKey, newPost, peopleOf, storedFiles } from '../../../test/posts.ts';
import { answer, edit, join, newCommunity } from '../../../test/communities.ts';

const sink = useSmtpSink();
/** A media directory of its own for every test. */
const dataDir = useTempDir('pitlane-communities-test-');

const coverFiles = () => storedFiles(path.join(dataDir.path, 'media')).filter((file) => file.startsWith('covers/'));
const BAD_IDS = [NO_SUCH_ID, 'no-such-community', "'; drop table communities; --"];

describe.each(backends)('communities routes on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  const url = (id: string, rest = '') => `/api/communities/${encodeURIComponent(id)}${rest}`;
  const getPage = async (b: Browser, id: string, query = '') => {
    const response = await b.get(url(id, query));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CommunityPage>();
  };
  const sessionOf = async (p: Person) => (await p.browser.get('/api/auth/verify')).json<{ user: SessionUser }>().user;

  it('answers 401 with a message to every communities call without a session', async () => {
    const b = browser(t.app);
    const calls: Array<[Parameters<Browser['request']>[0], string]> = [
      ['GET', '/api/communities'],
      ['POST', '/api/communities/create'],
      ['GET', url(NO_SUCH_ID)],
      ['PATCH', url(NO_SUCH_ID, '/join')],
      ['DELETE', url(NO_SUCH_ID, '/leave-and-delete-posts')],
      ['DELETE', url(NO_SUCH_ID)],
      ['GET', url(NO_SUCH_ID, '/members')],
      ['PATCH', url(NO_SUCH_ID, `/remove-member/${NO_SUCH_ID}`)],
      ['PUT', url(NO_SUCH_ID)],
    ];
    for (const [method, target] of calls) {
      const response = await b.request(method, target, method === 'GET' || method === 'DELETE' ? {} : { payload: {} });
      expect(answer(response), `${method} ${target}`).toEqual([401, { message: REFUSAL_MESSAGES.notSignedIn }]);
    }
  });

  it('creates a community: trimmed texts, the default cover, the creator as first member, answered with the session user', async () => {
    const [maya] = await people('maya');
    const response = await maya.browser.post('/api/communities/create', { name: '  Air-Cooled Porsche Club  ', description: ' Everything before 1998. ' });
    expect(response.statusCode).toBe(201);
    const { newCommunity: created, updatedUser } = response.json<CreateCommunityResult>();
    expect(created).toEqual({
      _id: expect.any(String),
      name: 'Air-Cooled Porsche Club',
      description: 'Everything before 1998.',
      coverImageUrl: t.app.media.defaultUrls.communityCover,
      coverImageAlt: '',
      members: [maya.id],
      creator: { _id: maya.id, username: 'maya', fullName: 'Maya Driver', profilePictureUrl: '' },
    });
    expect(updatedUser).toEqual({ ...(await sessionOf(maya)), communities: [created._id] });
    // The default cover is served like any other media.
    expect((await maya.browser.get(created.coverImageUrl)).statusCode).toBe(200);
    // A description of exactly 300 characters is fine.
    expect((await maya.browser.post('/api/communities/create', { name: 'JDM Legends', description: 'x'.repeat(MAX_COMMUNITY_DESCRIPTION_LENGTH) })).statusCode).toBe(201);
  });

  it('refuses a taken name (whatever its case), a missing or blank name or description, and a description over 300 characters', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    await newCommunity(maya.browser, 'Air-Cooled Porsche Club');
    const create = async (body: unknown) => answer(await kenji.browser.post('/api/communities/create', body));
    expect(await create({ name: 'AIR-COOLED porsche club', description: 'Mine too' })).toEqual([409, { message: REFUSAL_MESSAGES.communityNameTaken }]);
    expect(await create({ name: ' Air-Cooled Porsche Club ', description: 'Mine too' })).toEqual([409, { message: REFUSAL_MESSAGES.communityNameTaken }]);
    expect(await create({ name: '   ', description: 'Nameless' })).toEqual([400, { message: REFUSAL_MESSAGES.communityNameRequired }]);
    expect(await create({ description: 'Nameless' })).toEqual([400, { message: REFUSAL_MESSAGES.communityNameRequired }]);
    expect(await create({ name: 'JDM Legends', description: ' ' })).toEqual([400, { message: REFUSAL_MESSAGES.communityDescriptionRequired }]);
    expect(await create({ name: 'JDM Legends' })).toEqual([400, { message: REFUSAL_MESSAGES.communityDescriptionRequired }]);
    expect(await create({ name: 'JDM Legends', description: 'x'.repeat(MAX_COMMUNITY_DESCRIPTION_LENGTH + 1) })).toEqual([
      400,
      { message: REFUSAL_MESSAGES.communityDescriptionTooLong },
    ]);
    // Nothing was created by the refusals, and Kenji is in no community.
    expect((await kenji.browser.get('/api/communities')).json<Community[]>().map((c) => c.name)).toEqual(['Air-Cooled Porsche Club']);
    expect((await sessionOf(kenji)).communities).toEqual([]);
  });

  it('lists every community, the newest first, to anyone signed in', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    expect((await kenji.browser.get('/api/communities')).json()).toEqual([]);
    const first = await newCommunity(maya.browser, 'Air-Cooled Porsche Club');
    const second = await newCommunity(kenji.browser, 'JDM Legends');
    await join(kenji.browser, first._id);
    const list = (await maya.browser.get('/api/communities')).json<Community[]>();
    expect(list.map((c) => c._id)).toEqual([second._id, first._id]);
    expect(list[1]!.members).toEqual([maya.id, kenji.id]);
  });

  it("shows a community with its members' posts, newest first and paged, to members only", async () => {
    const [maya, kenji, sam] = await people('maya', 'kenji', 'sam');
    const club = await newCommunity(maya.browser, 'Track Day Crew');
    await join(kenji.browser, club._id);
    const made: string[] = [];
    for (let i = 1; i <= PAGE_SIZES.communityPosts + 1; i++) made.push((await newPost(i % 2 ? kenji.browser : maya.browser, { title: `Lap ${i}`, community: club._id }))._id);
    await newPost(kenji.browser, { title: 'On my profile' });

    const first = await getPage(kenji.browser, club._id);
    expect(first.isMember).toBe(true);
    expect(first.community).toMatchObject({ _id: club._id, members: [maya.id, kenji.id] });
    expect(first.totalPages).toBe(2);
    expect(first.posts.map((p) => p._id)).toEqual(made.slice().reverse().slice(0, PAGE_SIZES.communityPosts));
    expect(first.posts[0]!.community).toEqual({ _id: club._id, name: 'Track Day Crew', coverImageUrl: club.coverImageUrl });
    expect((await getPage(maya.browser, club._id, '?page=2')).posts.map((p) => p._id)).toEqual([made[0]]);
    expect(await getPage(maya.browser, club._id, '?page=3')).toMatchObject({ posts: [], totalPages: 2 });

    // A non-member sees the community, not its posts.
    expect(await getPage(sam.browser, club._id)).toEqual({ community: first.community, isMember: false, posts: [], totalPages: 0 });
    expect(await getPage(sam.browser, club._id, '?page=2')).toEqual({ community: first.community, isMember: false, posts: [], totalPages: 0 });
    for (const bad of ['0', '-1', 'abc']) {
      expect(answer(await kenji.browser.get(url(club._id, `?page=${bad}`))), bad).toEqual([400, { message: REFUSAL_MESSAGES.invalidPage }]);
    }
  });

  it('answers 404 "Community not found." to every call on a community that does not exist', async () => {
    const [maya] = await people('maya');
    const notFound = [404, { message: NOT_FOUND_MESSAGES.community }];
    for (const id of BAD_IDS) {
      expect(answer(await maya.browser.get(url(id))), id).toEqual(notFound);
      expect(answer(await maya.browser.get(url(id, '/members'))), id).toEqual(notFound);
      expect(answer(await maya.browser.patch(url(id, '/join'))), id).toEqual(notFound);
      expect(answer(await maya.browser.request('DELETE', url(id, '/leave-and-delete-posts'))), id).toEqual(notFound);
      expect(answer(await maya.browser.patch(url(id, `/remove-member/${maya.id}`))), id).toEqual(notFound);
      expect(answer(await edit(maya.browser, id, { name: 'X', description: 'Y', members: [] })), id).toEqual(notFound);
      expect(answer(await maya.browser.request('DELETE', url(id))), id).toEqual(notFound);
    }
  });

  it('lists the members as user summaries, the earliest joined first', async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    const club = await newCommunity(maya.browser, 'JDM Legends');
    await join(lena.browser, club._id);
    await join(kenji.browser, club._id);
    const response = await kenji.browser.get(url(club._id, '/members'));
    expect(response.statusCode).toBe(200);
    expect(response.json<UserSummary[]>()).toEqual([maya, lena, kenji].map((p) => ({ _id: p.id, username: p.username, fullName: p.fullName, profilePictureUrl: '' })));
  });

  it('joins once: the session user lists the community; a second join is 409', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const first = await newCommunity(maya.browser, 'Air-Cooled Porsche Club');
    const second = await newCommunity(maya.browser, 'JDM Legends');
    const joined = await kenji.browser.patch(url(first._id, '/join'));
    expect(joined.statusCode).toBe(200);
    expect(joined.json<{ user: SessionUser }>().user).toEqual({ ...(await sessionOf(kenji)), communities: [first._id] });
    const again = await kenji.browser.patch(url(second._id, '/join'));
    expect(again.json<{ user: SessionUser }>().user.communities).toEqual([first._id, second._id]);
    expect(answer(await kenji.browser.patch(url(first._id, '/join')))).toEqual([409, { message: REFUSAL_MESSAGES.alreadyMember }]);
    // The creator is a member from the start.
    expect(answer(await maya.browser.patch(url(first._id, '/join')))).toEqual([409, { message: REFUSAL_MESSAGES.alreadyMember }]);
    expect((await getPage(maya.browser, first._id)).community.members).toEqual([maya.id, kenji.id]);
  });

  it('leaves: answered with the session user without the community; the creator and non-members are refused', async () => {
    const [maya, kenji, sam] = await people('maya', 'kenji', 'sam');
    const club = await newCommunity(maya.browser, 'Air-Cooled Porsche Club');
    await join(kenji.browser, club._id);
    const leave = (p: Person) => p.browser.request('DELETE', url(club._id, '/leave-and-delete-posts'));
    expect(answer(await leave(maya))).toEqual([403, { message: REFUSAL_MESSAGES.creatorCannotLeave }]);
    expect(answer(await leave(sam))).toEqual([403, { message: REFUSAL_MESSAGES.notMember }]);
    const left = await leave(kenji);
    expect(left.statusCode).toBe(200);
    expect(left.json<{ user: SessionUser }>().user).toEqual({ ...(await sessionOf(kenji)), communities: [] });
    expect(answer(await leave(kenji))).toEqual([403, { message: REFUSAL_MESSAGES.notMember }]);
    expect((await getPage(maya.browser, club._id)).community.members).toEqual([maya.id]);
    // Leaving is not final: one may join again.
    expect((await kenji.browser.patch(url(club._id, '/join'))).statusCode).toBe(200);
  });

  it('removes a member: creator only, never the creator, only members; answers the community and the creator', async () => {
    const [maya, kenji, lena, sam] = await people('maya', 'kenji', 'lena', 'sam');
    const club = await newCommunity(maya.browser, 'JDM Legends');
    await join(kenji.browser, club._id);
    await join(lena.browser, club._id);
    const remove = (by: Person, userId: string) => by.browser.patch(url(club._id, `/remove-member/${encodeURIComponent(userId)}`));
    const creatorOnly = [403, { message: REFUSAL_MESSAGES.creatorOnly }];
    expect(answer(await remove(kenji, lena.id))).toEqual(creatorOnly);
    expect(answer(await remove(sam, lena.id))).toEqual(creatorOnly);
    expect(answer(await remove(kenji, kenji.id))).toEqual(creatorOnly);
    expect(answer(await remove(kenji, maya.id))).toEqual(creatorOnly);
    expect(answer(await remove(maya, maya.id))).toEqual([400, { message: REFUSAL_MESSAGES.creatorCannotBeRemoved }]);
    for (const outsider of [sam.id, NO_SUCH_ID, 'nobody']) {
      expect(answer(await remove(maya, outsider)), outsider).toEqual([400, { message: REFUSAL_MESSAGES.userNotMember }]);
    }

    const removed = await remove(maya, lena.id);
    expect(removed.statusCode).toBe(200);
    const body = removed.json<RemoveMemberResult>();
    expect(body.community).toEqual({ ...club, members: [maya.id, kenji.id] });
    expect(body.user).toEqual(await sessionOf(maya));
    expect((await sessionOf(lena)).communities).toEqual([]);
    expect(answer(await remove(maya, lena.id))).toEqual([400, { message: REFUSAL_MESSAGES.userNotMember }]);
  });

  it('edits name, description and cover (creator only); the old cover file goes, the new one is served', async () => {
    const [maya, kenji, sam] = await people('maya', 'kenji', 'sam');
    const club = await newCommunity(maya.browser, 'Air-Cooled Porsche Club');
    await join(kenji.browser, club._id);
    const fields = { name: '  Air-Cooled Club ', description: ' Flat-sixes only. ', members: [maya.id, kenji.id] };
    for (const someone of [kenji, sam]) {
      expect(answer(await edit(someone.browser, club._id, fields, await image('png', 90, 30))), someone.username).toEqual([403, { message: REFUSAL_MESSAGES.creatorOnly }]);
    }
    expect(coverFiles()).toEqual([]);

    const first = await edit(maya.browser, club._id, fields, await image('png', 900, 300));
    expect(first.statusCode, first.body).toBe(200);
    const updated = first.json<Community>();
    expect(updated).toEqual({ ...club, name: 'Air-Cooled Club', description: 'Flat-sixes only.', members: [maya.id, kenji.id], coverImageUrl: expect.stringMatching(/^\/media\/covers\//) });
    expect((await kenji.browser.get(updated.coverImageUrl)).statusCode).toBe(200);
    const firstCover = coverFiles();
    expect(firstCover).toContain(mediaKey(updated.coverImageUrl));

    // A second cover replaces the first, whose files are deleted after the commit.
    const second = (await edit(maya.browser, club._id, fields, await image('jpeg', 600, 200))).json<Community>();
    expect(second.coverImageUrl).not.toBe(updated.coverImageUrl);
    expect(coverFiles()).toContain(mediaKey(second.coverImageUrl));
    expect(coverFiles().filter((file) => firstCover.includes(file))).toEqual([]);

    // Without a file the cover stays; the name may change its case only.
    const third = await edit(maya.browser, club._id, { ...fields, name: 'AIR-COOLED CLUB' });
    expect(third.json<Community>()).toMatchObject({ name: 'AIR-COOLED CLUB', coverImageUrl: second.coverImageUrl });
    expect((await getPage(kenji.browser, club._id)).community).toEqual(third.json());
    // Posts there show the new name and cover.
    const post = await newPost(kenji.browser, { community: club._id });
    expect(post.community).toEqual({ _id: club._id, name: 'AIR-COOLED CLUB', coverImageUrl: second.coverImageUrl });
  });

  it('refuses an edit with a taken name, blank texts, a long description, bad members or a file that is not an image; nothing changes', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const club = await newCommunity(maya.browser, 'Air-Cooled Porsche Club');
    await newCommunity(kenji.browser, 'JDM Legends');
    await join(kenji.browser, club._id);
    const fields = { name: 'Air-Cooled Club', description: 'Flat-sixes only.', members: [maya.id, kenji.id] };
    const cases: Array<[Parameters<typeof edit>[2], number, string]> = [
      [{ ...fields, name: 'jdm legends' }, 409, REFUSAL_MESSAGES.communityNameTaken],
      [{ ...fields, name: '  ' }, 400, REFUSAL_MESSAGES.communityNameRequired],
      [{ ...fields, description: '' }, 400, REFUSAL_MESSAGES.communityDescriptionRequired],
      [{ ...fields, description: 'x'.repeat(MAX_COMMUNITY_DESCRIPTION_LENGTH + 1) }, 400, REFUSAL_MESSAGES.communityDescriptionTooLong],
      [{ ...fields, name: 'x'.repeat(5000) }, 400, REFUSAL_MESSAGES.invalidRequest],
      [{ ...fields, name: 'Air\u0000Cooled' }, 400, REFUSAL_MESSAGES.invalidRequest],
    ];
    for (const [body, status, message] of cases) {
      expect(answer(await edit(maya.browser, club._id, body, await image())), JSON.stringify(body).slice(0, 80)).toEqual([status, { message }]);
    }
    for (const members of ['not json', '{"a":1}', '[1,2]', '']) {
      expect((await edit(maya.browser, club._id, { ...fields, members })).statusCode, members).toBe(400);
    }
    const notAnImage = { bytes: new TextEncoder().encode('GIF89a but not really'), name: 'cover.gif', type: 'image/gif' };
    expect(answer(await edit(maya.browser, club._id, fields, notAnImage))).toEqual([400, { message: REFUSAL_MESSAGES.notAnImage }]);
    // Two covers at once, and a JSON body instead of a form.
    const two = await maya.browser.request('PUT', url(club._id), await twoCovers(fields));
    expect(two.statusCode).toBe(400);
    expect((await maya.browser.request('PUT', url(club._id), { payload: fields })).statusCode).toBe(415);

    expect((await getPage(maya.browser, club._id)).community).toEqual({ ...club, members: [maya.id, kenji.id] });
    // Every stored cover of a refused edit went again.
    expect(coverFiles()).toEqual([]);
  });

  it('deletes a community (creator only): gone from every list and every member', async () => {
    const [maya, kenji, sam] = await people('maya', 'kenji', 'sam');
    const club = await newCommunity(maya.browser, 'Track Day Crew');
    const other = await newCommunity(sam.browser, 'JDM Legends');
    await join(kenji.browser, club._id);
    const remove = (p: Person) => p.browser.request('DELETE', url(club._id));
    expect(answer(await remove(kenji))).toEqual([403, { message: REFUSAL_MESSAGES.creatorOnly }]);
    expect(answer(await remove(sam))).toEqual([403, { message: REFUSAL_MESSAGES.creatorOnly }]);
    expect(answer(await remove(maya))).toEqual([200, { message: SUCCESS_MESSAGES.communityDeleted }]);
    expect(answer(await remove(maya))).toEqual([404, { message: NOT_FOUND_MESSAGES.community }]);
    expect(answer(await kenji.browser.get(url(club._id)))).toEqual([404, { message: NOT_FOUND_MESSAGES.community }]);
    expect((await kenji.browser.get('/api/communities')).json<Community[]>().map((c) => c._id)).toEqual([other._id]);
    expect((await sessionOf(kenji)).communities).toEqual([]);
    expect((await sessionOf(maya)).communities).toEqual([]);
    // The name is free again.
    expect((await kenji.browser.post('/api/communities/create', { name: 'Track Day Crew', description: 'Again.' })).statusCode).toBe(201);
  });

  it("a community's posts reach a follower's feed and trending (with the community) only while they are a member", async () => {
    // lists.test.ts covers every list for a fixed membership; here membership changes by the routes.
    const [maya, kenji] = await people('maya', 'kenji');
    const club = await newCommunity(maya.browser, 'Air-Cooled Porsche Club');
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    const there = await newPost(maya.browser, { title: 'Members: Fuchs refurb', community: club._id });
    const onProfile = await newPost(maya.browser, { title: 'Public: Sunday drive' });
    const seen = async (list: string) => (await kenji.browser.get(`/api/posts/${list}`)).json<{ posts: Array<{ _id: string; community?: unknown }> }>().posts;
    const ids = async (list: string) => (await seen(list)).map((p) => p._id);

    expect(await ids('feed')).toEqual([onProfile._id]);
    expect(await ids('trending')).toEqual([onProfile._id]);
    await join(kenji.browser, club._id);
    const feed = await seen('feed');
    expect(feed.map((p) => p._id)).toEqual([onProfile._id, there._id]);
    // "Posted in [community name]": the card carries the community.
    expect(feed[1]!.community).toEqual({ _id: club._id, name: 'Air-Cooled Porsche Club', coverImageUrl: club.coverImageUrl });
    expect((await ids('trending')).sort()).toEqual([onProfile._id, there._id].sort());
    expect((await ids(`by-user/${maya.id}`)).sort()).toEqual([onProfile._id, there._id].sort());

    await kenji.browser.request('DELETE', url(club._id, '/leave-and-delete-posts'));
    expect(await ids('feed')).toEqual([onProfile._id]);
    expect(await ids('trending')).toEqual([onProfile._id]);
    expect(await ids(`by-user/${maya.id}`)).toEqual([onProfile._id]);
    expect((await kenji.browser.get('/api/search?q=Fuchs')).json<{ posts: unknown[] }>().posts).toEqual([]);

    // Removed by the creator: the same.
    await join(kenji.browser, club._id);
    expect(await ids('feed')).toHaveLength(2);
    await maya.browser.patch(url(club._id, `/remove-member/${kenji.id}`));
    expect(await ids('feed')).toEqual([onProfile._id]);
  });

  it('spec §6: what the creator, a member and a non-member may do', async () => {
    const [maya, kenji, sam, lena] = await people('maya', 'kenji', 'sam', 'lena');
    const club = await newCommunity(maya.browser, 'Air-Cooled Porsche Club');
    await join(kenji.browser, club._id);
    await join(lena.browser, club._id);
    const post = await newPost(kenji.browser, { community: club._id });
    const roles = [
      { who: maya, role: 'creator', member: true, manage: true },
      { who: kenji, role: 'member', member: true, manage: false },
      { who: sam, role: 'non-member', member: false, manage: false },
    ];
    for (const { who, role, member, manage } of roles) {
      const page = await getPage(who.browser, club._id);
      expect([page.isMember, page.posts.some((p) => p._id === post._id), page.posts.length > 0], role).toEqual([member, member, member]);
      expect((await who.browser.get(url(club._id, '/members'))).statusCode, role).toBe(200);
      // Posting there: members only.
      const created = await who.browser.request('POST', '/api/posts/create', await postForm(club._id));
      expect(created.statusCode, role).toBe(member ? 201 : 403);
      // Edit, remove a member, delete: the creator only (checked with harmless or refused calls).
      const edited = await edit(who.browser, club._id, { name: club.name, description: club.description, members: [maya.id, kenji.id, lena.id] });
      expect(edited.statusCode, role).toBe(manage ? 200 : 403);
      const removal = await who.browser.patch(url(club._id, `/remove-member/${sam.id}`));
      expect(answer(removal), role).toEqual(manage ? [400, { message: REFUSAL_MESSAGES.userNotMember }] : [403, { message: REFUSAL_MESSAGES.creatorOnly }]);
    }
    // Join and leave: the creator is offered neither; a member leaves; a non-member joins.
    expect((await maya.browser.patch(url(club._id, '/join'))).statusCode).toBe(409);
    expect((await maya.browser.request('DELETE', url(club._id, '/leave-and-delete-posts'))).statusCode).toBe(403);
    expect((await kenji.browser.request('DELETE', url(club._id, '/leave-and-delete-posts'))).statusCode).toBe(200);
    expect((await sam.browser.patch(url(club._id, '/join'))).statusCode).toBe(200);
    // Only the creator deletes the community; a member's attempt changes nothing.
    expect((await lena.browser.request('DELETE', url(club._id))).statusCode).toBe(403);
    expect((await maya.browser.request('DELETE', url(club._id))).statusCode).toBe(200);
  });
  it('keeps a description of the cover (issue 18): trimmed, kept while absent, dropped with a new cover sent without one; over 1,000 characters refused', async () => {
    const [maya] = await people('maya');
    const club = await newCommunity(maya.browser, 'Cover Club');
    expect(club.coverImageAlt).toBe(''); // our default cover is decorative
    const fields = { name: club.name, description: club.description, members: [maya.id] };
    const described = await edit(maya.browser, club._id, { ...fields, coverImageAlt: '  A red 911 at dawn.  ' }, await image('png', 300, 100));
    expect(described.statusCode).toBe(200);
    expect(described.json<Community>().coverImageAlt).toBe('A red 911 at dawn.');
    // Absent: kept (the modal of an older client sends none).
    expect((await edit(maya.browser, club._id, { ...fields, description: 'Renamed meets.' })).json<Community>().coverImageAlt).toBe('A red 911 at dawn.');
    expect((await getPage(maya.browser, club._id)).community.coverImageAlt).toBe('A red 911 at dawn.');
    // Too long: refused, nothing changed.
    expect(answer(await edit(maya.browser, club._id, { ...fields, coverImageAlt: 'x'.repeat(1001) }))).toEqual([400, { message: REFUSAL_MESSAGES.photoDescriptionTooLong }]);
    // A new cover without a description: the old one described another picture.
    const replaced = await edit(maya.browser, club._id, fields, await image('png', 300, 100));
    expect(replaced.json<Community>().coverImageAlt).toBe('');
  });
});

/** A post form (one image) for the community, as Create Post sends it. */
async function postForm(communityId: string) {
  return form({ title: 'Cars and coffee', content: 'Sunday morning.', community: communityId }, [await image()]);
}

/** An edit form with two cover files (one is allowed). */
async function twoCovers(fields: { name: string; description: string; members: readonly string[] }) {
  return form({ name: fields.name, description: fields.description, members: JSON.stringify(fields.members) }, [await image(), await image()], 'coverImage');
}
