import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { follows, sessions, users } from '../../db/schema.ts';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { codeIn } from '../../../test/smtp-sink.ts';
import { browser, inboxMark, mailAfter, multipart, PASSWORD, person, withCode, type Person } from '../../../test/browser.ts';
import { png } from '../../../test/images.ts';
import { newPost } from '../../../test/posts.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-users-test-', { per: 'suite' });

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

describe.each(backends)('users on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = async <const N extends readonly string[]>(...handles: N): Promise<{ [K in keyof N]: Person }> => {
    const out: Person[] = [];
    for (const handle of handles) out.push(await person(t.app, sink, handle, 'Test Driver'));
    return out as { [K in keyof N]: Person };
  };
  const follow = (a: Person, b: Person) => a.browser.patch(`/api/user/${b.id}/follow`);

  it('answers 401 with a message to every users call without a session', async () => {
    const b = browser(t.app);
    const calls: Array<[Parameters<typeof b.request>[0], string]> = [
      ['GET', '/api/user/maya'],
      ['GET', `/api/user/${NO_SUCH_ID}/communities-list`],
      ['PATCH', `/api/user/${NO_SUCH_ID}/follow`],
      ['PATCH', `/api/user/${NO_SUCH_ID}/remove-follower`],
      ['GET', `/api/user/${NO_SUCH_ID}/followers`],
      ['GET', `/api/user/${NO_SUCH_ID}/following`],
      ['PUT', '/api/user/update'],
      ['POST', '/api/user/request-delete-otp'],
      ['POST', '/api/user/confirm-delete'],
      ['GET', '/api/suggestions'],
    ];
    for (const [method, url] of calls) {
      const response = await b.request(method, url, method === 'GET' ? {} : { payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: REFUSAL_MESSAGES.notSignedIn });
    }
  });

  it('follow is a toggle answering both users; no self-follow; unknown users 404', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const followed = await follow(maya, kenji);
    expect(followed.statusCode).toBe(200);
    expect(followed.json().userToFollow).toEqual({ _id: kenji.id, username: 'kenji', fullName: 'Test Driver', profilePictureUrl: '', followers: [maya.id], following: [] });
    expect(followed.json().currentUser).toMatchObject({ id: maya.id, following: [kenji.id], followers: [] });

    const unfollowed = await follow(maya, kenji);
    expect(unfollowed.json().userToFollow.followers).toEqual([]);
    expect(unfollowed.json().currentUser.following).toEqual([]);

    const self = await follow(maya, maya);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: REFUSAL_MESSAGES.cannotFollowSelf });
    for (const id of ['no-such-user', NO_SUCH_ID]) {
      const missing = await maya.browser.patch(`/api/user/${id}/follow`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: NOT_FOUND_MESSAGES.user });
    }
    expect(await t.db.select().from(follows)).toEqual([]);
  });

  it('lists followers and following as summaries, newest first; removes a follower', async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    await follow(kenji, maya);
    await follow(lena, maya);
    await follow(maya, lena);
    const followers = (await kenji.browser.get(`/api/user/${maya.id}/followers`)).json();
    expect(followers).toEqual([
      { _id: lena.id, username: 'lena', fullName: 'Test Driver', profilePictureUrl: '' },
      { _id: kenji.id, username: 'kenji', fullName: 'Test Driver', profilePictureUrl: '' },
    ]);
    expect((await kenji.browser.get(`/api/user/${maya.id}/following`)).json().map((u: { _id: string }) => u._id)).toEqual([lena.id]);
    for (const list of ['followers', 'following']) {
      const missing = await maya.browser.get(`/api/user/no-such-user/${list}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: NOT_FOUND_MESSAGES.user });
    }

    const removed = await maya.browser.patch(`/api/user/${kenji.id}/remove-follower`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().currentUser).toMatchObject({ id: maya.id, followers: [lena.id] });
    expect((await kenji.browser.get('/api/auth/verify')).json().user.following).toEqual([]);
    expect((await maya.browser.patch(`/api/user/${NO_SUCH_ID}/remove-follower`)).statusCode).toBe(404);
  });

  it('shows a profile by username (any case) with counts; the e-mail only to its owner', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    await follow(kenji, maya);
    const own = await maya.browser.get('/api/user/maya');
    expect(own.json()).toEqual({
      _id: maya.id,
      username: 'maya',
      fullName: 'Test Driver',
      profilePictureUrl: '',
      email: maya.email,
      followers: [kenji.id],
      following: [],
      communities: [],
      postCount: 0,
    });
    const seen = await kenji.browser.get('/api/user/MAYA');
    expect(seen.json()._id).toBe(maya.id);
    expect(seen.json()).not.toHaveProperty('email');
    const missing = await kenji.browser.get('/api/user/nobody.here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: NOT_FOUND_MESSAGES.user });
  });

  it("lists a user's communities (none yet) and 404s an unknown user", async () => {
    const [maya] = await people('maya');
    expect((await maya.browser.get(`/api/user/${maya.id}/communities-list`)).json()).toEqual([]);
    expect((await maya.browser.get('/api/user/nope/communities-list')).statusCode).toBe(404);
  });

  it('updates the own profile with a new picture; refuses taken usernames, other profiles and invalid fields', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const picture = { bytes: await png(300, 200), name: 'me.png', type: 'image/png' };
    const body = await multipart({ id: maya.id, fullName: 'Maya Fischer Berg', username: 'maya.911' }, { profilePicture: picture });
    const updated = await maya.browser.request('PUT', '/api/user/update', body);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: maya.id, fullName: 'Maya Fischer Berg', username: 'maya.911', email: maya.email });
    const pictureUrl: string = updated.json().profilePictureUrl;
    expect(pictureUrl).not.toBe('');
    const served = await browser(t.app).get(pictureUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await kenji.browser.get('/api/user/maya.911')).json()._id).toBe(maya.id);

    const refusals: Array<[Record<string, string>, number, string]> = [
      [{ id: maya.id, fullName: 'Maya', username: 'kenji' }, 409, REFUSAL_MESSAGES.usernameTaken],
      [{ id: kenji.id, fullName: 'Kenji', username: 'kenji' }, 403, REFUSAL_MESSAGES.editOwnProfileOnly],
      [{ id: maya.id, fullName: 'M', username: 'maya.911' }, 400, REFUSAL_MESSAGES.invalidFullName],
      [{ id: maya.id, fullName: 'Maya', username: 'Maya 911' }, 400, REFUSAL_MESSAGES.invalidUsername],
      [{ id: maya.id, fullName: 'Maya', username: 'maya.911', password: 'weak' }, 400, REFUSAL_MESSAGES.weakProfilePassword],
    ];
    for (const [fields, status, message] of refusals) {
      const response = await maya.browser.request('PUT', '/api/user/update', await multipart(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    const notAnImage = await multipart({ id: maya.id, fullName: 'Maya', username: 'maya.911' }, { profilePicture: { bytes: Buffer.from('hello'), name: 'x.png', type: 'image/png' } });
    expect((await maya.browser.request('PUT', '/api/user/update', notAnImage)).statusCode).toBe(400);
    expect((await maya.browser.request('PUT', '/api/user/update', { payload: { id: maya.id } })).statusCode).toBeLessThan(500);
    const [row] = await t.db.select().from(users).where(eq(users.id, maya.id));
    expect(row).toMatchObject({ username: 'maya.911', fullName: 'Maya Fischer Berg', profilePictureUrl: pictureUrl });
  });

  it('changes the password from the profile and signs other browsers out; an empty one keeps it', async () => {
    const [maya] = await people('maya');
    const same = await multipart({ id: maya.id, fullName: 'Test Driver', username: 'maya', password: '' });
    expect((await maya.browser.request('PUT', '/api/user/update', same)).statusCode).toBe(200);
    const other = browser(t.app);
    expect((await other.post('/api/auth/login', { email: maya.email, password: PASSWORD })).statusCode).toBe(200);

    const changed = await multipart({ id: maya.id, fullName: 'Test Driver', username: 'maya', password: 'Flat#Six 911!' });
    expect((await maya.browser.request('PUT', '/api/user/update', changed)).statusCode).toBe(200);
    expect((await other.get('/api/auth/verify')).statusCode).toBe(401);
    expect((await maya.browser.get('/api/auth/verify')).statusCode).toBe(200);
    expect((await other.post('/api/auth/login', { email: maya.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await other.post('/api/auth/login', { email: maya.email, password: 'Flat#Six 911!' })).statusCode).toBe(200);
  });

  it('deletes the account with an e-mailed code: sessions, follows and the account go, in one step', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    await follow(maya, kenji);
    await follow(kenji, maya);
    const phone = browser(t.app);
    await phone.post('/api/auth/login', { email: maya.email, password: PASSWORD });

    // Maya's post and its photo go with her account, files included.
    const post = await newPost(maya.browser);
    const photo = post.imageUrls[0]!;
    expect((await kenji.browser.get(photo)).statusCode).toBe(200);

    const mark = inboxMark(sink);
    const requested = await maya.browser.post('/api/user/request-delete-otp');
    expect(requested.json()).toEqual({ message: SUCCESS_MESSAGES.deleteOtpSent });
    const mail = await mailAfter(sink, mark, maya.email, withCode);
    expect(mail.subject).toBe('Confirm deleting your Pitlane account');
    const otp = codeIn(mail);

    const wrong = await maya.browser.post('/api/user/confirm-delete', { otp: otp === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: REFUSAL_MESSAGES.invalidOtp });
    expect((await maya.browser.post('/api/user/confirm-delete', {})).json()).toEqual({ message: REFUSAL_MESSAGES.otpRequired });
    // Another account's session cannot use Maya's code.
    expect((await kenji.browser.post('/api/user/confirm-delete', { otp })).statusCode).toBe(400);
    expect((await kenji.browser.get('/api/user/maya')).statusCode).toBe(200);

    const deleted = await maya.browser.post('/api/user/confirm-delete', { otp });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: SUCCESS_MESSAGES.accountDeleted });
    expect((await maya.browser.get('/api/auth/verify')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/verify')).statusCode).toBe(401);
    expect((await browser(t.app).post('/api/auth/login', { email: maya.email, password: PASSWORD })).statusCode).toBe(401);
    const gone = await kenji.browser.get('/api/user/maya');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: NOT_FOUND_MESSAGES.user });
    expect((await kenji.browser.get('/api/auth/verify')).json().user).toMatchObject({ followers: [], following: [] });
    expect(await t.db.select().from(follows)).toEqual([]);
    expect((await t.db.select().from(sessions)).map((s) => s.userId)).toEqual([kenji.id]);
    expect((await kenji.browser.get(`/api/posts/${post._id}`)).statusCode).toBe(404);
    // The photos go through the job queue, a moment after the answer.
    await expect.poll(async () => (await kenji.browser.get(photo)).statusCode).toBe(404);
  });

  it('limits deletion codes per account (429)', async () => {
    const [maya] = await people('maya');
    for (let i = 0; i < 5; i++) expect((await maya.browser.post('/api/user/request-delete-otp')).statusCode).toBe(200);
    const refused = await maya.browser.post('/api/user/request-delete-otp');
    expect(refused.statusCode).toBe(429);
  });
});

describe.each(backends)('suggestions on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });

  it('suggests people not followed, followers first with followsYou, then by follower count; at most 5', async () => {
    const all: Person[] = [];
    for (const handle of ['maya', 'kenji', 'lena', 'sam', 'tomas', 'ruby', 'olu', 'jonas']) all.push(await person(t.app, sink, handle));
    const [maya, kenji, lena, sam, tomas, ruby] = all as [Person, Person, Person, Person, Person, Person];
    await sam.browser.patch(`/api/user/${maya.id}/follow`);
    await maya.browser.patch(`/api/user/${lena.id}/follow`);
    // Ruby is the most followed, Tomas next.
    await kenji.browser.patch(`/api/user/${ruby.id}/follow`);
    await tomas.browser.patch(`/api/user/${ruby.id}/follow`);
    await kenji.browser.patch(`/api/user/${tomas.id}/follow`);

    const response = await maya.browser.get('/api/suggestions');
    expect(response.statusCode).toBe(200);
    const { users: suggested, communities } = response.json() as { users: Array<{ _id: string; followsYou: boolean }>; communities: unknown[] };
    expect(communities).toEqual([]);
    expect(suggested).toHaveLength(5);
    expect(suggested[0]).toEqual({ _id: sam.id, username: 'sam', fullName: 'Test Driver', profilePictureUrl: '', followsYou: true });
    expect(suggested.slice(1, 3).map((u) => u._id)).toEqual([ruby.id, tomas.id]);
    expect(suggested.slice(1).every((u) => !u.followsYou)).toBe(true);
    const ids = suggested.map((u) => u._id);
    expect(ids).not.toContain(maya.id);
    expect(ids).not.toContain(lena.id);
  });
});
