// The authorization matrix (issue 19, item 1): for every route of the contract's route table, the
// status each role gets, written once: a default for the row and the roles that differ. The
// roles (world.ts): anonymous (no session); stranger (signed in, no relation); follower (of the
// author); member (of the community); author (of the post; also the owner of the car and the
// person whose profile, follows and garage the reads open); commenter (of the comment on the
// post; not a member of the community); creator (of the community); operator (of the site).
//
// Each row also says what one cell sends (valid in shape by the contract's schemas, checked
// before sending, so the status is about who asks), on what target (a fresh one when a 2xx may
// use it up), which tables a 2xx may change, what a 2xx must have done, and how the world is put
// back. A refusal must change nothing at all (matrix.test.ts).
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { CommunityPage, Meet, MeetAttendeePage, MeetPage, Notification, Post, PostPage, ProfileUser, RouteName, SearchResults, TagCount, UserSummary } from '@pitlane/api/contract';
import { CAR_911, OIL_CHANGE } from '../cars.ts';
import { image } from '../posts.ts';
import { meetForm } from '../meets.ts';
import { meetWallClock } from '@pitlane/api/contract';
import { PASSWORD } from '../browser.ts';
import { codeNow, giveTwoFactor, RECOVERY_CODE, takeTwoFactor } from './two-factor.ts';
import { unzip } from '../zip.ts';
import type { Call, Role, World } from './world.ts';

export type Status = 200 | 201 | 400 | 401 | 403 | 404 | 409;
export type Expectation = { default: Status } & Partial<Record<Role, Status>>;

export interface Row<T = unknown> {
  expect: Expectation;
  /** The target, made before a cell; the next cell reuses it unless a 2xx used it up (`consumes`). */
  target?: (w: World) => Promise<T>;
  consumes?: boolean;
  /** What the cell sends. */
  call: (w: World, role: Role, target: T) => Call | Promise<Call>;
  /** The session the cell sends instead of the role's own (calls that end a session). */
  session?: (w: World, role: Role) => Promise<string | undefined>;
  /** The tables a 2xx of `role` may change; none unless said. */
  changes?: readonly string[] | ((role: Role) => readonly string[]);
  /** The tables a refusal may change (e.g. a wrong code's attempt counted); none unless said. */
  refusalChanges?: readonly string[];
  /** What a 2xx must have done or shown. */
  verify?: (w: World, role: Role, target: T, response: LightMyRequestResponse) => Promise<void> | void;
  /** Puts the world back after a 2xx. */
  restore?: (w: World, role: Role, target: T, response: LightMyRequestResponse) => Promise<void>;
}

const row = <T>(definition: Row<T>): Row => definition as Row;

// Compact expectations.
const signedIn = (status: Status = 200, exceptions: Partial<Record<Role, Status>> = {}): Expectation => ({ default: status, anonymous: 401, ...exceptions });
const everyone = (status: Status): Expectation => ({ default: status });
const only = (allowed: Partial<Record<Role, Status>>, refusal: Status = 403): Expectation => ({ default: refusal, anonymous: 401, ...allowed });

/** The roles that belong to the world's community. */
const MEMBERS: readonly Role[] = ['member', 'author', 'creator'];
const isMember = (role: Role) => MEMBERS.includes(role);
const personOf = (w: World, role: Role) => {
  if (role === 'anonymous') throw new Error('anonymous is nobody');
  return w.people[role];
};

// What kinds of change touch (the kept tables included: modules/posts/README.md "Kept state").
const POST_TABLES = [
  'posts', 'post_images', 'post_cards', 'profile_post_counts', 'profile_post_totals', 'community_post_counts', 'communities',
  'feeds', 'feed_entries', 'feed_fanouts', 'media_sweep', 'model_post_counts', 'post_tags', 'tag_counts',
];
const POST_CASCADE = [...POST_TABLES, 'comments', 'likes', 'notifications', 'saved_posts', 'reports'];
const FOLLOW_TABLES = ['follows', 'notifications', 'feeds', 'feed_entries'];
const MEMBERSHIP_TABLES = ['community_members', 'feeds', 'feed_entries'];
const COMMENT_TABLES = ['comments', 'notifications', 'posts', 'post_cards'];
const CAR_TABLES = ['cars', 'car_log_entries', 'car_log_images', 'media_sweep', 'post_cards', 'model_post_counts'];
const MEET_TABLES = ['meets', 'meet_rsvps', 'media_sweep'];
/** The world's meet's form with the times it has and this title (an edit that moves nothing). */
const meetEdit = (w: World, title: string) =>
  meetForm(w.app.now(), { title, startsAt: meetWallClock(w.meet.startsAt, 'UTC'), endsAt: meetWallClock(w.meet.endsAt, 'UTC') });
/** Whether the world's meet is in the answer's list. */
const listsTheMeet = (w: World, role: Role, response: LightMyRequestResponse, expected: boolean) => {
  expect(response.json<MeetPage>().meets.some((meet) => meet._id === w.meet._id), `${role} sees the community's meet`).toBe(expected);
};

/** The world's post is in the answer's list iff `role` is a member of its community. */
const seesThePostIffMember = (w: World, role: Role, posts: ReadonlyArray<{ _id: string }>) => {
  expect(posts.some((post) => post._id === w.post._id), `${role} sees the community's post`).toBe(isMember(role));
};

export const table: Record<RouteName, Row> = {
  // ---------------------------------------------------------------------------------------------
  // auth: calls a signed-out visitor makes; a session changes nothing about them.
  'auth.verify': row({
    expect: signedIn(),
    call: () => ({}),
    verify: (w, role, _, response) => expect(response.json<{ user: { id: string } }>().user.id).toBe(personOf(w, role).id),
  }),
  'auth.login': row({
    // Signing in again ends the browser's old session: each cell signs in on a session of its own.
    expect: everyone(200),
    session: async (w, role) => (role === 'anonymous' ? undefined : w.signIn(personOf(w, role).email)),
    call: (w, role) => ({ json: { email: personOf(w, role === 'anonymous' ? 'stranger' : role).email, password: PASSWORD } }),
    changes: ['sessions'],
  }),
  'auth.logout': row({
    expect: everyone(200),
    session: async (w, role) => (role === 'anonymous' ? undefined : w.signIn(personOf(w, role).email)),
    call: () => ({}),
    changes: ['sessions'],
    verify: async (w, role) => {
      // The role's own session still works: logout ends only the session it was sent with.
      if (role !== 'anonymous') expect((await w.send('auth.verify', {}, w.cookieOf(role))).statusCode).toBe(200);
    },
  }),
  'auth.checkUsername': row({ expect: everyone(200), call: () => ({ json: { username: 'author' } }) }),
  'auth.checkEmail': row({ expect: everyone(200), call: () => ({ json: { email: 'author@pitlane.test' } }) }),
  'auth.sendOtp': row({
    expect: everyone(200),
    call: (w) => {
      const n = w.next();
      return { json: { fullName: 'New Driver', username: `newcomer${n}`, email: `newcomer${n}@pitlane.test`, password: PASSWORD } };
    },
    changes: ['pending_registrations'],
  }),
  'auth.verifyOtp': row({
    expect: everyone(200),
    target: async (w) => {
      const n = w.next();
      const email = `joiner${n}@pitlane.test`;
      const otp = await w.mailedCode(email, () =>
        w.send('auth.sendOtp', { json: { fullName: 'Joining Driver', username: `joiner${n}`, email, password: PASSWORD } }, undefined),
      );
      return { email, otp };
    },
    consumes: true,
    call: (_, __, code) => ({ json: code }),
    changes: ['users', 'pending_registrations', 'profile_post_totals', 'feeds'],
  }),
  'auth.forgotPassword': row({
    expect: everyone(200),
    // Each role asks for its own address (at most 5 codes per address in 15 minutes).
    call: (w, role) => ({ json: { email: personOf(w, role === 'anonymous' ? 'stranger' : role).email } }),
    changes: ['account_codes'],
  }),
  'auth.resetPassword': row({
    expect: everyone(200),
    target: async (w) => {
      const spare = await w.spare();
      const otp = await w.mailedCode(spare.email, () => w.send('auth.forgotPassword', { json: { email: spare.email } }, undefined));
      return { spare, otp };
    },
    consumes: true,
    call: (_, __, { spare, otp }) => ({ json: { email: spare.email, otp, newPassword: PASSWORD, confirmPassword: PASSWORD } }),
    changes: ['users', 'account_codes', 'sessions'],
  }),
  'auth.providerInfo': row({ expect: everyone(200), call: () => ({}) }),
  // No third-party provider is configured here: the path answers as an unknown resource.
  'auth.provider': row({ expect: everyone(404), call: () => ({ params: { provider: 'oidc' }, json: { code: 'a-code' } }) }),
  // The second step of a sign-in with two-factor sign-in: anyone holding the challenge, signed in
  // or not (a session changes nothing). Each cell signs a new person in with a recovery code.
  'auth.loginTwoFactor': row({
    expect: everyone(200),
    target: async (w) => {
      const someone = await w.person(`twofactor${w.next()}`);
      await giveTwoFactor(w.db, someone.id, { on: true });
      const login = await w.send('auth.login', { json: { email: someone.email, password: PASSWORD } }, undefined);
      return { id: someone.id, challenge: login.json<{ challenge: string }>().challenge };
    },
    consumes: true,
    session: async (w, role) => (role === 'anonymous' ? undefined : w.signIn(personOf(w, role).email)),
    call: (_, __, { challenge }) => ({ json: { challenge, recoveryCode: RECOVERY_CODE } }),
    changes: ['sessions', 'two_factor_challenges', 'two_factor_recovery_codes'],
    verify: (_, __, { id }, response) => expect(response.json<{ user: { id: string } }>().user.id).toBe(id),
  }),

  // ---------------------------------------------------------------------------------------------
  // users: profiles and follows are readable by anyone signed in; changes are one's own.
  'users.profile': row({
    expect: signedIn(),
    call: (w) => ({ params: { username: w.people.author.username } }),
    verify: (w, role, _, response) => {
      const profile = response.json<ProfileUser>();
      // The e-mail address is the person's own business.
      expect(profile.email === undefined, `${role} sees the author's address`).toBe(role !== 'author');
      // The community post counts only for its members (as the by-user list shows it).
      expect(profile.postCount).toBe(isMember(role) ? 1 : 0);
    },
  }),
  'users.communitiesList': row({ expect: signedIn(), call: (w) => ({ params: { userId: w.people.author.id } }) }),
  'users.follow': row({
    // A toggle: the follower unfollows, the others follow; put back by toggling again.
    expect: signedIn(200, { author: 400 }),
    call: (w) => ({ params: { id: w.people.author.id }, json: {} }),
    changes: FOLLOW_TABLES,
    verify: async (w, role) => expect(await w.follows(personOf(w, role).id, w.people.author.id)).toBe(role !== 'follower'),
    restore: async (w, role) => {
      await w.as(role as 'stranger', 'users.follow', { params: { id: w.people.author.id }, json: {} });
    },
  }),
  'users.removeFollower': row({
    // Removes the follower from the caller's own followers: only the author had them as one.
    expect: signedIn(),
    call: (w) => ({ params: { id: w.people.follower.id }, json: {} }),
    changes: (role) => (role === 'author' ? FOLLOW_TABLES : []),
    verify: async (w, role) => expect(await w.follows(w.people.follower.id, w.people.author.id)).toBe(role !== 'author'),
    restore: async (w, role) => {
      if (role === 'author') await w.as('follower', 'users.follow', { params: { id: w.people.author.id }, json: {} });
    },
  }),
  'users.followers': row({ expect: signedIn(), call: (w) => ({ params: { id: w.people.author.id } }) }),
  'users.following': row({ expect: signedIn(), call: (w) => ({ params: { id: w.people.follower.id } }) }),
  'users.update': row({
    // The author's own details, sent again unchanged: only the author may send them.
    expect: only({ author: 200 }),
    call: (w) => ({ multipart: { fields: { id: w.people.author.id, fullName: 'Renamed Driver', username: w.people.author.username }, fileField: 'profilePicture' } }),
    changes: ['users', 'post_cards'],
    verify: async (w) => expect(await w.count('users', 'full_name', 'Renamed Driver')).toBe(1),
    restore: async (w) => {
      const { author } = w.people;
      await w.as('author', 'users.update', { multipart: { fields: { id: author.id, fullName: author.fullName, username: author.username }, fileField: 'profilePicture' } });
    },
  }),
  'users.requestDeleteOtp': row({ expect: signedIn(), call: () => ({ json: {} }), changes: ['account_codes'] }),
  'users.confirmDelete': row({
    // The account is always the caller's own: the author's real code, sent by anyone else, is
    // not theirs (400, the author stays); the author sends a wrong one (the right one would end
    // the world). A wrong code's attempt is counted on the code.
    expect: signedIn(400),
    target: async (w) => w.mailedCode(w.people.author.email, () => w.as('author', 'users.requestDeleteOtp', { json: {} })),
    call: (_, role, authorsCode) => ({ json: { otp: role === 'author' ? (authorsCode === '000000' ? '111111' : '000000') : authorsCode } }),
    refusalChanges: ['account_codes'],
  }),

  // ---------------------------------------------------------------------------------------------
  // safety: one's own lists; blocking or muting oneself is refused.
  'safety.blocked': row({ expect: signedIn(), call: () => ({}) }),
  'safety.block': row({
    expect: signedIn(200, { author: 400 }),
    call: (w) => ({ params: { userId: w.people.author.id }, json: {} }),
    // A block ends the follows both ways (the follower's of the author; put back after).
    changes: ['blocks', ...FOLLOW_TABLES],
    restore: async (w, role) => {
      await w.as(role as 'stranger', 'safety.unblock', { params: { userId: w.people.author.id } });
      if (role === 'follower') await w.as('follower', 'users.follow', { params: { id: w.people.author.id }, json: {} });
    },
  }),
  'safety.unblock': row({ expect: signedIn(), call: (w) => ({ params: { userId: w.people.author.id } }) }),
  'safety.muted': row({ expect: signedIn(), call: () => ({}) }),
  'safety.mute': row({
    expect: signedIn(200, { author: 400 }),
    call: (w) => ({ params: { userId: w.people.author.id }, json: {} }),
    changes: ['mutes'],
    restore: async (w, role) => {
      await w.as(role as 'stranger', 'safety.unmute', { params: { userId: w.people.author.id } });
    },
  }),
  'safety.unmute': row({ expect: signedIn(), call: (w) => ({ params: { userId: w.people.author.id } }) }),

  // The data export (modules/export): one's own data, whoever asks; nothing changes. Each role is
  // another person, so the limit of one a minute refuses none of these cells.
  'users.export': row({
    expect: signedIn(),
    call: () => ({}),
    verify: async (w, role, _, response) => {
      expect(response.headers['content-type']).toBe('application/zip');
      const profile = JSON.parse((await unzip(response.rawPayload)).get('profile.json')!.toString()) as { id: string; email: string };
      expect(profile).toMatchObject({ id: personOf(w, role).id, email: personOf(w, role).email });
    },
  }),

  // ---------------------------------------------------------------------------------------------
  // sessions: one's own. Another person's session id answers 404 like an id that names none
  // (modules/auth/active-sessions.ts): nothing tells whether it exists.
  'sessions.list': row({
    expect: signedIn(),
    call: () => ({}),
    verify: async (w, role, _, response) => {
      const listed = response.json<Array<{ id: string }>>().map((session) => session.id);
      expect(listed.length).toBeGreaterThan(0);
      for (const id of listed) expect(await w.sessionOwner(id)).toBe(personOf(w, role).id);
    },
  }),
  'sessions.end': row({
    expect: only({ author: 200 }, 404),
    target: (w) => w.otherSession('author'),
    consumes: true,
    call: (_, __, session) => ({ params: { id: session.publicId } }),
    changes: ['sessions'],
    verify: async (w, _, session) => expect((await w.send('auth.verify', {}, session.cookie)).statusCode).toBe(401),
  }),
  'sessions.endOthers': row({
    // Ends the caller's other sessions only: the author's second session lives unless the author calls.
    expect: signedIn(),
    target: (w) => w.otherSession('author'),
    consumes: true,
    call: () => ({}),
    changes: ['sessions'],
    verify: async (w, role, session) => {
      expect((await w.send('auth.verify', {}, session.cookie)).statusCode).toBe(role === 'author' ? 401 : 200);
      expect((await w.send('auth.verify', {}, w.cookieOf(role))).statusCode).toBe(200);
    },
  }),

  // ---------------------------------------------------------------------------------------------
  // two-factor sign-in: one's own settings; turning it off or new recovery codes need a code.
  'twoFactor.status': row({
    expect: signedIn(),
    call: () => ({}),
    verify: (_, __, ___, response) => expect(response.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 }),
  }),
  'twoFactor.setup': row({
    expect: signedIn(),
    call: () => ({}),
    changes: ['two_factor_secrets'],
    restore: (w, role) => takeTwoFactor(w.db, personOf(w, role).id),
  }),
  'twoFactor.enable': row({
    expect: signedIn(),
    call: async (w, role) => {
      if (role === 'anonymous') return { json: { code: '123456' } };
      const { secret } = await giveTwoFactor(w.db, personOf(w, role).id, { on: false });
      return { json: { code: await codeNow(secret) } };
    },
    changes: ['two_factor_secrets', 'two_factor_recovery_codes'],
    verify: async (w, role) => expect((await w.send('twoFactor.status', {}, w.cookieOf(role))).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 }),
    restore: (w, role) => takeTwoFactor(w.db, personOf(w, role).id),
  }),
  'twoFactor.disable': row({
    expect: signedIn(),
    call: async (w, role) => {
      if (role !== 'anonymous') await giveTwoFactor(w.db, personOf(w, role).id, { on: true });
      return { json: { recoveryCode: RECOVERY_CODE } };
    },
    changes: ['two_factor_secrets', 'two_factor_recovery_codes', 'two_factor_challenges'],
    verify: async (w, role) => expect((await w.send('twoFactor.status', {}, w.cookieOf(role))).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 }),
  }),
  'twoFactor.regenerateRecoveryCodes': row({
    expect: signedIn(),
    call: async (w, role) => {
      if (role === 'anonymous') return { json: { code: '123456' } };
      const { secret } = await giveTwoFactor(w.db, personOf(w, role).id, { on: true });
      return { json: { code: await codeNow(secret) } };
    },
    changes: ['two_factor_secrets', 'two_factor_recovery_codes'],
    verify: (_, __, ___, response) => expect(response.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10),
    restore: (w, role) => takeTwoFactor(w.db, personOf(w, role).id),
  }),

  // ---------------------------------------------------------------------------------------------
  // reports and moderation: anyone reports (not their own); a community's creator and the
  // operators moderate its items; the site's queue, suspensions and the log are operators' only.
  'reports.create': row({
    // Any signed-in person who can open the post reports it (posts.get answers anyone signed in).
    expect: signedIn(201, { author: 400 }),
    target: (w) => w.newPost(),
    call: (_, __, post) => ({ json: { kind: 'post', targetId: post._id, reason: 'spam' } }),
    changes: ['reports'],
  }),
  'moderation.communityQueue': row({ expect: only({ creator: 200, operator: 200 }), call: (w) => ({ params: { id: w.community._id }, query: { page: '1' } }) }),
  'moderation.siteQueue': row({ expect: only({ operator: 200 }), call: () => ({ query: { page: '1' } }) }),
  'moderation.dismiss': row({
    expect: only({ creator: 200, operator: 200 }),
    target: (w) => w.reportedPost(),
    consumes: true,
    call: (_, __, post) => ({ params: { kind: 'post', targetId: post._id }, json: {} }),
    changes: ['reports', 'moderation_log'],
    verify: async (w, _, post) => expect(await w.exists('posts', post._id)).toBe(true),
  }),
  'moderation.remove': row({
    expect: only({ creator: 200, operator: 200 }),
    target: (w) => w.reportedPost(),
    consumes: true,
    call: (_, __, post) => ({ params: { kind: 'post', targetId: post._id }, json: { reason: 'Not a car.' } }),
    changes: [...POST_CASCADE, 'moderation_log'],
    verify: async (w, _, post) => expect(await w.exists('posts', post._id)).toBe(false),
  }),
  'moderation.suspend': row({
    expect: only({ operator: 200 }),
    target: (w) => w.spare(),
    consumes: true,
    call: (_, __, person) => ({ params: { userId: person.id }, json: { reason: 'Spam, again and again.' } }),
    changes: ['users', 'sessions', 'reports', 'moderation_log'],
    verify: async (w, _, person) => expect((await w.send('auth.verify', {}, person.cookie)).statusCode).toBe(401),
  }),
  'moderation.unsuspend': row({
    expect: only({ operator: 200 }),
    target: (w) => w.spare({ suspendedAt: new Date(), suspensionReason: 'Spam.' }),
    consumes: true,
    call: (_, __, person) => ({ params: { userId: person.id } }),
    changes: ['users', 'moderation_log'],
  }),
  'moderation.log': row({ expect: only({ operator: 200 }), call: () => ({ query: { page: '1' } }) }),

  // ---------------------------------------------------------------------------------------------
  // suggestions and search
  'suggestions.list': row({ expect: signedIn(), call: () => ({}) }),
  'search.query': row({
    expect: signedIn(),
    call: () => ({ query: { q: 'Sunday' } }),
    verify: (w, role, _, response) => seesThePostIffMember(w, role, response.json<SearchResults>().posts),
  }),

  // ---------------------------------------------------------------------------------------------
  // tags and mentions (issue 21): reads for anyone signed in; a tag's posts as every list shows
  // them (the world's posts carry #aircooled, in the community: its members only).
  'tags.posts': row({
    expect: signedIn(),
    call: () => ({ params: { tag: 'AirCooled' }, query: { page: '1' } }),
    verify: (w, role, _, response) => seesThePostIffMember(w, role, response.json<PostPage>().posts),
  }),
  'tags.trending': row({
    expect: signedIn(),
    call: () => ({}),
    verify: (_w, role, _, response) => {
      if (isMember(role)) expect(response.json<{ tags: TagCount[] }>().tags.map((t) => t.tag)).toContain('aircooled');
    },
  }),
  'tags.suggest': row({
    expect: signedIn(),
    call: () => ({ query: { q: '#air' } }),
    verify: (_w, _role, _, response) => expect(response.json<{ tags: TagCount[] }>().tags.map((t) => t.tag)).toEqual(['aircooled']),
  }),
  'mentions.suggest': row({
    expect: signedIn(),
    call: () => ({ query: { q: '' } }),
    verify: (w, role, _, response) => expect(response.json<{ users: UserSummary[] }>().users.map((u) => u._id)).not.toContain(personOf(w, role).id),
  }),

  // ---------------------------------------------------------------------------------------------
  // posts: a community's posts are listed for its members only; one post opens for anyone
  // signed in (shared links, modules/posts/README.md "Visibility"), so liking, saving,
  // commenting and reporting it are open to them too. Its author edits; its author and the
  // community's creator delete.
  'posts.feed': row({
    // The follower follows the author but is no member: the community post is not in the feed.
    expect: signedIn(),
    call: () => ({ query: { page: '1' } }),
    verify: (w, role, _, response) => {
      const listed = response.json<PostPage>().posts.some((post) => post._id === w.post._id);
      expect(listed, `${role} has the community's post in the feed`).toBe(false);
    },
  }),
  'posts.trending': row({
    expect: signedIn(),
    call: () => ({ query: { page: '1' } }),
    verify: (w, role, _, response) => seesThePostIffMember(w, role, response.json<PostPage>().posts),
  }),
  'posts.byUser': row({
    expect: signedIn(),
    call: (w) => ({ params: { userId: w.people.author.id }, query: { page: '1' } }),
    verify: (w, role, _, response) => seesThePostIffMember(w, role, response.json<PostPage>().posts),
  }),
  'posts.get': row({ expect: signedIn(), call: (w) => ({ params: { id: w.post._id } }) }),
  'posts.related': row({
    expect: signedIn(),
    call: (w) => ({ params: { id: w.post._id }, query: { page: '1' } }),
  }),
  'posts.create': row({
    // In the community: its members only.
    expect: only({ member: 201, author: 201, creator: 201 }),
    call: async (w) => ({
      multipart: { fields: { title: `Track day ${w.next()}`, content: 'Cold tyres.', community: w.community._id }, files: [await image('png', 16, 12)] },
    }),
    changes: POST_TABLES,
    verify: async (w, role, _, response) => {
      const post = response.json<Post>();
      expect(post.author._id).toBe(personOf(w, role).id);
      expect(post.community?._id).toBe(w.community._id);
    },
    restore: async (w, role, _, response) => {
      await w.as(role as 'member', 'posts.delete', { params: { id: response.json<Post>()._id } });
    },
  }),
  'posts.update': row({
    expect: only({ author: 200 }),
    call: (w) => ({ params: { id: w.post._id }, multipart: { fields: { title: 'Edited', content: w.post.content, existingImageUrls: JSON.stringify(w.post.imageUrls) } } }),
    changes: ['posts', 'post_images', 'post_cards'],
    verify: async (w) => expect(await w.count('posts', 'title', 'Edited')).toBe(1),
    restore: async (w) => {
      await w.as('author', 'posts.update', { params: { id: w.post._id }, multipart: { fields: { title: w.post.title, content: w.post.content, existingImageUrls: JSON.stringify(w.post.imageUrls) } } });
    },
  }),
  'posts.like': row({
    // A toggle, put back by toggling again.
    expect: signedIn(),
    call: (w) => ({ params: { id: w.post._id }, json: {} }),
    changes: ['likes', 'notifications', 'posts', 'post_cards'],
    verify: (w, role, _, response) => expect(response.json<Post>().likes).toContain(personOf(w, role).id),
    restore: async (w, role) => {
      await w.as(role as 'stranger', 'posts.like', { params: { id: w.post._id }, json: {} });
    },
  }),
  'posts.delete': row({
    // Operators remove posts through moderation.remove (with a reason, logged), not this call.
    expect: only({ author: 200, creator: 200 }),
    target: (w) => w.newPost(),
    consumes: true,
    call: (_, __, post) => ({ params: { id: post._id } }),
    changes: POST_CASCADE,
    verify: async (w, _, post) => expect(await w.exists('posts', post._id)).toBe(false),
  }),
  'posts.saved': row({ expect: signedIn(), call: () => ({ query: { page: '1' } }) }),
  'posts.save': row({
    expect: signedIn(),
    call: (w) => ({ params: { id: w.post._id }, json: {} }),
    changes: ['saved_posts'],
    verify: async (w, role) => expect(await w.count('saved_posts', 'user_id', personOf(w, role).id)).toBe(1),
    restore: async (w, role) => {
      await w.as(role as 'stranger', 'posts.unsave', { params: { id: w.post._id } });
    },
  }),
  'posts.unsave': row({ expect: signedIn(), call: (w) => ({ params: { id: w.post._id } }) }),

  // ---------------------------------------------------------------------------------------------
  // comments: the comment's author, the post's author and the community's creator delete.
  'comments.list': row({ expect: signedIn(), call: (w) => ({ params: { postId: w.post._id }, query: { page: '1' } }) }),
  'comments.create': row({
    expect: signedIn(201),
    call: (w) => ({ params: { postId: w.post._id }, json: { text: `Great build ${w.next()}` } }),
    changes: COMMENT_TABLES,
    restore: async (w, role, _, response) => {
      await w.as(role as 'stranger', 'comments.delete', { params: { commentId: response.json<{ _id: string }>()._id } });
    },
  }),
  'comments.delete': row({
    expect: only({ commenter: 200, author: 200, creator: 200 }),
    target: (w) => w.newComment(),
    consumes: true,
    call: (_, __, comment) => ({ params: { commentId: comment._id } }),
    changes: COMMENT_TABLES,
    verify: async (w, _, comment) => expect(await w.exists('comments', comment._id)).toBe(false),
  }),

  // ---------------------------------------------------------------------------------------------
  // communities: anyone signed in reads, creates and joins; members leave (not the creator);
  // the creator edits, removes members and deletes.
  'communities.list': row({ expect: signedIn(), call: () => ({}) }),
  'communities.create': row({
    expect: signedIn(201),
    call: (w) => ({ json: { name: `Rotary Club ${w.next()}`, description: 'Brap.' } }),
    changes: ['communities', 'community_members', 'community_post_counts'],
    restore: async (w, role, _, response) => {
      await w.as(role as 'stranger', 'communities.delete', { params: { id: response.json<{ newCommunity: { _id: string } }>().newCommunity._id } });
    },
  }),
  'communities.get': row({
    expect: signedIn(),
    call: (w) => ({ params: { id: w.community._id }, query: { page: '1' } }),
    verify: (w, role, _, response) => {
      const page = response.json<CommunityPage>();
      expect(page.isMember).toBe(isMember(role));
      seesThePostIffMember(w, role, page.posts);
    },
  }),
  'communities.join': row({
    expect: signedIn(200, { member: 409, author: 409, creator: 409 }),
    call: (w) => ({ params: { id: w.community._id }, json: {} }),
    changes: MEMBERSHIP_TABLES,
    verify: async (w, role) => expect(await w.isMember(w.community._id, personOf(w, role).id)).toBe(true),
    restore: async (w, role) => {
      await w.as(role as 'stranger', 'communities.leave', { params: { id: w.community._id } });
    },
  }),
  'communities.leave': row({
    // Not a member: 403; the creator never leaves. The author's leaving takes their post: a
    // community of its own for the cells that may leave.
    expect: only({ member: 200, author: 200 }),
    target: (w) => w.newCommunity(),
    consumes: true,
    call: (_, __, community) => ({ params: { id: community._id } }),
    changes: [...MEMBERSHIP_TABLES, ...POST_CASCADE],
    verify: async (w, role, community) => expect(await w.isMember(community._id, personOf(w, role).id)).toBe(false),
  }),
  'communities.delete': row({
    expect: only({ creator: 200 }),
    target: (w) => w.newCommunity(),
    consumes: true,
    call: (_, __, community) => ({ params: { id: community._id } }),
    changes: [...MEMBERSHIP_TABLES, ...POST_CASCADE, 'community_post_counts'],
    verify: async (w, _, community) => expect(await w.exists('communities', community._id)).toBe(false),
  }),
  'communities.members': row({ expect: signedIn(), call: (w) => ({ params: { id: w.community._id } }) }),
  'communities.removeMember': row({
    expect: only({ creator: 200 }),
    call: (w) => ({ params: { id: w.community._id, userId: w.people.member.id }, json: {} }),
    changes: MEMBERSHIP_TABLES,
    verify: async (w) => expect(await w.isMember(w.community._id, w.people.member.id)).toBe(false),
    restore: async (w) => {
      await w.as('member', 'communities.join', { params: { id: w.community._id }, json: {} });
    },
  }),
  'communities.update': row({
    // Every member kept; a new description, put back after.
    expect: only({ creator: 200 }),
    call: async (w) => ({
      params: { id: w.community._id },
      multipart: { fields: { name: w.community.name, description: 'Edited.', members: JSON.stringify(await w.membersOf(w.community._id)) }, fileField: 'coverImage' },
    }),
    changes: ['communities'],
    verify: async (w) => expect(await w.count('communities', 'description', 'Edited.')).toBe(1),
    restore: async (w) => {
      const { name, description } = w.community;
      await w.as('creator', 'communities.update', {
        params: { id: w.community._id },
        multipart: { fields: { name, description, members: JSON.stringify(await w.membersOf(w.community._id)) }, fileField: 'coverImage' },
      });
    },
  }),

  // ---------------------------------------------------------------------------------------------
  // notifications: one's own.
  'notifications.list': row({
    expect: signedIn(),
    call: () => ({}),
    // Exactly the caller's own (the author has the comment's and the follow's).
    verify: async (w, role, _, response) => {
      expect(response.json<Notification[]>()).toHaveLength(await w.count('notifications', 'recipient_id', personOf(w, role).id));
      if (role === 'author') expect(response.json<Notification[]>().length).toBeGreaterThan(0);
    },
  }),
  'notifications.unreadCount': row({ expect: signedIn(), call: () => ({}) }),
  'notifications.markAsRead': row({
    expect: signedIn(),
    call: () => ({ json: {} }),
    // Only the author has notifications here (the comment, the follow).
    changes: (role) => (role === 'author' ? ['notifications'] : []),
  }),
  'notifications.clearAll': row({
    expect: signedIn(),
    call: () => ({}),
    changes: (role) => (role === 'author' ? ['notifications'] : []),
  }),

  // ---------------------------------------------------------------------------------------------
  // cars: anyone signed in reads; the owner (the author) changes the car and its log.
  'cars.makes': row({ expect: signedIn(), call: () => ({ query: { q: 'Por' } }) }),
  'cars.models': row({ expect: signedIn(), call: () => ({ params: { makeId: CAR_911.makeId }, query: { q: '9' } }) }),
  'cars.byUser': row({ expect: signedIn(), call: (w) => ({ params: { userId: w.people.author.id } }) }),
  'cars.byModel': row({ expect: signedIn(), call: () => ({ params: { make: 'Porsche', model: '911' }, query: { page: '1' } }) }),
  'cars.modelPosts': row({ expect: signedIn(), call: () => ({ params: { make: 'Porsche', model: '911' }, query: { page: '1' } }) }),
  'cars.get': row({ expect: signedIn(), call: (w) => ({ params: { id: w.car._id } }) }),
  'cars.create': row({
    expect: signedIn(201),
    call: () => ({ multipart: { fields: { ...CAR_911 }, fileField: 'coverImage' } }),
    changes: CAR_TABLES,
    restore: async (w, role, _, response) => {
      await w.as(role as 'stranger', 'cars.delete', { params: { id: response.json<{ _id: string }>()._id } });
    },
  }),
  'cars.update': row({
    expect: only({ author: 200 }),
    call: (w) => ({ params: { id: w.car._id }, multipart: { fields: { ...CAR_911, trim: 'Carrera 4' }, fileField: 'coverImage' } }),
    changes: CAR_TABLES,
    verify: async (w) => expect(await w.count('cars', 'trim', 'Carrera 4')).toBe(1),
    restore: async (w) => {
      await w.as('author', 'cars.update', { params: { id: w.car._id }, multipart: { fields: { ...CAR_911 }, fileField: 'coverImage' } });
    },
  }),
  'cars.delete': row({
    expect: only({ author: 200 }),
    target: (w) => w.newCar(),
    consumes: true,
    call: (_, __, car) => ({ params: { id: car._id } }),
    changes: CAR_TABLES,
    verify: async (w, _, car) => expect(await w.exists('cars', car._id)).toBe(false),
  }),
  'cars.timeline': row({ expect: signedIn(), call: (w) => ({ params: { id: w.car._id }, query: { page: '1' } }) }),
  'cars.logCreate': row({
    expect: only({ author: 201 }),
    call: (w) => ({ params: { id: w.car._id }, multipart: { fields: { ...OIL_CHANGE, title: `Brakes ${w.next()}` } } }),
    changes: CAR_TABLES,
    restore: async (w, _, __, response) => {
      await w.as('author', 'cars.logDelete', { params: { id: response.json<{ _id: string }>()._id } });
    },
  }),
  'cars.logUpdate': row({
    expect: only({ author: 200 }),
    call: (w) => ({ params: { id: w.logEntry._id }, multipart: { fields: { ...OIL_CHANGE, title: 'Edited entry', existingImageUrls: '[]' } } }),
    changes: CAR_TABLES,
    verify: async (w) => expect(await w.count('car_log_entries', 'title', 'Edited entry')).toBe(1),
    restore: async (w) => {
      await w.as('author', 'cars.logUpdate', { params: { id: w.logEntry._id }, multipart: { fields: { ...OIL_CHANGE, existingImageUrls: '[]' } } });
    },
  }),
  'cars.logDelete': row({
    expect: only({ author: 200 }),
    target: (w) => w.newLogEntry(),
    consumes: true,
    call: (_, __, entry) => ({ params: { id: entry._id } }),
    changes: CAR_TABLES,
    verify: async (w, _, entry) => expect(await w.exists('car_log_entries', entry._id)).toBe(false),
  }),

  // ---------------------------------------------------------------------------------------------
  // meets (issue 21): members create them; a meet is open to everyone signed in, who sees and
  // answers it; the meet's creator (the author) edits; the creator or the community's creator
  // cancels. The Events page lists the meets of one's communities and of the people one follows.
  'meets.create': row({
    expect: only({ member: 201, author: 201, creator: 201 }),
    call: (w) => ({ params: { id: w.community._id }, multipart: { fields: meetForm(w.app.now(), { title: `Track day ${w.next()}` }) } }),
    changes: MEET_TABLES,
    verify: (w, _, __, response) => {
      expect(response.json<Meet>()).toMatchObject({ myRsvp: 'going', goingCount: 1, canEdit: true, community: { _id: w.community._id } });
    },
  }),
  'meets.ofCommunity': row({
    expect: signedIn(),
    call: (w) => ({ params: { id: w.community._id }, query: { page: '1' } }),
    verify: (w, role, _, response) => listsTheMeet(w, role, response, true),
  }),
  'meets.upcoming': row({
    expect: signedIn(),
    call: () => ({ query: { page: '1' } }),
    // The follower follows the meet's creator (the author).
    verify: (w, role, _, response) => listsTheMeet(w, role, response, isMember(role) || role === 'follower'),
  }),
  'meets.get': row({
    expect: signedIn(),
    call: (w) => ({ params: { id: w.meet._id } }),
    verify: (w, role, _, response) => {
      expect(response.json<Meet>()).toMatchObject({ _id: w.meet._id, canEdit: role === 'author', canCancel: role === 'author' || role === 'creator' });
    },
  }),
  'meets.update': row({
    expect: signedIn(403, { author: 200 }),
    call: (w) => ({ params: { id: w.meet._id }, multipart: { fields: meetEdit(w, 'Edited meet') } }),
    changes: ['meets', 'media_sweep'],
    verify: async (w) => expect(await w.count('meets', 'title', 'Edited meet')).toBe(1),
    restore: async (w) => {
      await w.as('author', 'meets.update', { params: { id: w.meet._id }, multipart: { fields: meetEdit(w, w.meet.title) } });
    },
  }),
  'meets.cancel': row({
    expect: signedIn(403, { author: 200, creator: 200 }),
    target: (w) => w.newMeet(),
    consumes: true,
    call: (_, __, meet) => ({ params: { id: (meet as Meet)._id } }),
    changes: ['meets', 'notifications'],
    verify: async (w, _, meet) => expect((await w.as<Meet>('author', 'meets.get', { params: { id: (meet as Meet)._id } })).status).toBe('cancelled'),
  }),
  'meets.rsvp': row({
    expect: signedIn(),
    call: (w) => ({ params: { id: w.meet._id }, json: { rsvp: 'interested' } }),
    changes: ['meet_rsvps'],
    verify: (_, __, ___, response) => expect(response.json<Meet>().myRsvp).toBe('interested'),
    restore: async (w, role) => {
      // The author (the meet's creator) was going; the others had not answered.
      await w.as(role as 'member', 'meets.rsvp', { params: { id: w.meet._id }, json: { rsvp: role === 'author' ? 'going' : null } });
    },
  }),
  'meets.attendees': row({
    expect: signedIn(),
    call: (w) => ({ params: { id: w.meet._id }, query: { rsvp: 'going', page: '1' } }),
    verify: (w, _, __, response) => expect(response.json<MeetAttendeePage>().people.map((person) => person._id)).toEqual([w.people.author.id]),
  }),
  'meets.calendar': row({
    expect: signedIn(),
    call: (w) => ({ params: { id: w.meet._id } }),
    verify: (w, _, __, response) => {
      expect(response.headers['content-type']).toMatch(/^text\/calendar/);
      expect(response.body).toContain(`SUMMARY:${w.meet.title}`);
    },
  }),
};
