// Session tokens change when who-may-sign-in changes: a new token at every sign-in (a cookie
// planted in the browser beforehand is never promoted: session fixation), a new token for the
// browser that changes its password (whoever copied the old cookie is out) while every other
// session ends, and a password reset that ends every session of the account.
import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '@pitlane/api/contract';
import type { App } from '../src/app.ts';
import { SESSION_COOKIE } from '../src/modules/auth/sessions.ts';
import { backends, useApp, useSmtpSink } from './harness.ts';
import { browser, inboxMark, codeAfter, multipart, PASSWORD, person, type Browser } from './browser.ts';

const sink = useSmtpSink();
const NEW_PASSWORD = 'Boxer@356';

/** The session token a browser holds now. */
function tokenOf(b: Browser): string | undefined {
  return b.cookies.get(SESSION_COOKIE)?.value;
}

/** What `token` alone signs in as: the verify call with nothing but that cookie. */
async function verifyWith(app: App, token: string) {
  return app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
}

describe.each(backends)('session tokens on $name', (backend) => {
  const t = useApp(backend, { sink, env: { PUBLIC_URL: 'http://pitlane.test', LOG_LEVEL: 'silent' } });

  it('gives a new token at sign-in: a made-up cookie planted before it is not reused', async () => {
    const maya = await person(t.app, sink, 'maya');
    const victim = browser(t.app);
    const planted = 'chosen-by-the-attacker-000000000000000000000';
    victim.cookies.set(SESSION_COOKIE, { value: planted, path: '/' });

    const login = await victim.post('/api/auth/login', { email: maya.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const token = tokenOf(victim);
    expect(token).toBeDefined();
    expect(token).not.toBe(planted);
    expect((await verifyWith(t.app, planted)).statusCode).toBe(401);
    expect((await verifyWith(t.app, token!)).json().user.username).toBe('maya');
  });

  it("gives a new token at sign-in: an attacker's own session planted in the browser ends, and never becomes the victim's", async () => {
    const [maya, mallory] = [await person(t.app, sink, 'maya'), await person(t.app, sink, 'mallory')];
    const malloryToken = tokenOf(mallory.browser)!;
    const victim = browser(t.app);
    victim.cookies.set(SESSION_COOKIE, { value: malloryToken, path: '/' });

    expect((await victim.post('/api/auth/login', { email: maya.email, password: PASSWORD })).statusCode).toBe(200);
    expect(tokenOf(victim)).not.toBe(malloryToken);
    // Mallory's copy signs in as nobody: not as Maya, and not even as Mallory any more.
    expect((await verifyWith(t.app, malloryToken)).statusCode).toBe(401);
    expect((await victim.get('/api/auth/verify')).json().user.username).toBe('maya');
  });

  it('gives a new token at every sign-in of one browser, and ends the one before', async () => {
    const maya = await person(t.app, sink, 'maya');
    const first = tokenOf(maya.browser)!;
    expect((await maya.browser.post('/api/auth/login', { email: maya.email, password: PASSWORD })).statusCode).toBe(200);
    const second = tokenOf(maya.browser)!;
    expect(second).not.toBe(first);
    expect((await verifyWith(t.app, first)).statusCode).toBe(401);
    expect((await verifyWith(t.app, second)).statusCode).toBe(200);
    const list = await maya.browser.get('/api/sessions');
    expect(list.json()).toHaveLength(1);
  });

  it('changes the password in Edit Profile: this browser goes on with a new token, its old cookie and every other session stop working', async () => {
    const maya = await person(t.app, sink, 'maya');
    const phone = browser(t.app);
    expect((await phone.post('/api/auth/login', { email: maya.email, password: PASSWORD })).statusCode).toBe(200);
    const [before] = (await maya.browser.get('/api/sessions')).json() as Array<{ id: string; device: string; current: boolean }>;
    const old = tokenOf(maya.browser)!;

    const form = await multipart({ id: maya.id, fullName: 'Maya Fischer', username: 'maya', password: NEW_PASSWORD });
    const changed = await maya.browser.request('PUT', '/api/user/update', form);
    expect(changed.statusCode).toBe(200);
    const renewed = tokenOf(maya.browser)!;
    expect(renewed).not.toBe(old);
    expect(changed.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // A copy of the old cookie signs nobody in; the browser itself carries on signed in.
    const replay = await verifyWith(t.app, old);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: REFUSAL_MESSAGES.notSignedIn });
    expect((await maya.browser.get('/api/auth/verify')).json().user.fullName).toBe('Maya Fischer');
    expect((await phone.get('/api/auth/verify')).statusCode).toBe(401);
    // The same session in the list (its name, device and sign-in time), the only one left.
    const after = (await maya.browser.get('/api/sessions')).json() as Array<{ id: string; current: boolean }>;
    expect(after).toEqual([expect.objectContaining({ id: before!.id, device: before!.device, current: true })]);
    expect((await phone.post('/api/auth/login', { email: maya.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('keeps the token when the profile changes without a new password, or when the change is refused', async () => {
    const [maya] = [await person(t.app, sink, 'maya'), await person(t.app, sink, 'kenji')];
    const phone = browser(t.app);
    await phone.post('/api/auth/login', { email: maya.email, password: PASSWORD });
    const token = tokenOf(maya.browser)!;

    const renamed = await maya.browser.request('PUT', '/api/user/update', await multipart({ id: maya.id, fullName: 'Maya F', username: 'maya', password: '' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();

    // A taken username: nothing changes, the new password neither, and nobody is signed out.
    const refused = await maya.browser.request('PUT', '/api/user/update', await multipart({ id: maya.id, fullName: 'Maya F', username: 'kenji', password: NEW_PASSWORD }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: REFUSAL_MESSAGES.usernameTaken });
    expect(refused.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    expect(tokenOf(maya.browser)).toBe(token);
    expect((await verifyWith(t.app, token)).statusCode).toBe(200);
    expect((await phone.get('/api/auth/verify')).statusCode).toBe(200);
    expect((await browser(t.app).post('/api/auth/login', { email: maya.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('ends every session of the account at a password reset, the resetting browser’s own too', async () => {
    const maya = await person(t.app, sink, 'maya');
    const phone = browser(t.app);
    await phone.post('/api/auth/login', { email: maya.email, password: PASSWORD });
    const token = tokenOf(maya.browser)!;

    const mark = inboxMark(sink);
    expect((await maya.browser.post('/api/auth/forgot-password', { email: maya.email })).statusCode).toBe(200);
    const otp = await codeAfter(sink, mark, maya.email);
    const reset = await maya.browser.post('/api/auth/reset-password', { email: maya.email, otp, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(reset.json()).toEqual({ message: SUCCESS_MESSAGES.passwordReset });

    expect(tokenOf(maya.browser)).toBeUndefined();
    expect((await verifyWith(t.app, token)).statusCode).toBe(401);
    expect((await phone.get('/api/auth/verify')).statusCode).toBe(401);
    expect((await maya.browser.post('/api/auth/login', { email: maya.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});
