import { Writable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { FORM_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, type UseAppOptions } from '../../../test/harness.ts';
import { codeIn } from '../../../test/smtp-sink.ts';
import { browser, inboxMark, codeAfter, mailAfter, mailsAfter, withCode, PASSWORD, person } from '../../../test/browser.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { SESSION_COOKIE } from './sessions.ts';

const sink = useSmtpSink();
let clockOffsetMs = 0;
const DAY = 24 * 60 * 60 * 1000;
const logLines: string[] = [];
const options: UseAppOptions = {
  sink,
  env: { PUBLIC_URL: 'http://pitlane.test', LOG_LEVEL: 'info' },
  clock: () => new Date(Date.now() + clockOffsetMs),
  logStream: new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  }),
};
beforeEach(() => {
  clockOffsetMs = 0;
});

describe.each(backends)('sessions on $name', (backend) => {
  const t = useApp(backend, options);

  it('logs in with an httpOnly SameSite=Lax cookie; verify answers the user; logout ends only that session', async () => {
    const maya = await person(t.app, sink, 'maya', 'Maya Fischer');
    const phone = browser(t.app);
    const login = await phone.post('/api/auth/login', { email: maya.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 60 * 60 });
    expect(cookie?.secure).toBeFalsy();

    const verify = await phone.get('/api/auth/verify');
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user).toEqual(login.json().user);

    const logout = await maya.browser.post('/api/auth/logout');
    expect(logout.json()).toEqual({ message: SUCCESS_MESSAGES.loggedOut });
    expect(maya.browser.cookies.has(SESSION_COOKIE)).toBe(false);
    const after = await maya.browser.get('/api/auth/verify');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: REFUSAL_MESSAGES.notSignedIn });
    expect((await phone.get('/api/auth/verify')).statusCode).toBe(200);
  });

  it('ends a session on the server: a copied cookie stops working after logout', async () => {
    const maya = await person(t.app, sink, 'maya');
    const token = maya.browser.cookies.get(SESSION_COOKIE)!.value;
    await maya.browser.post('/api/auth/logout');
    const replay = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(replay.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/suggestions', headers: { cookie: `${SESSION_COOKIE}=made-up` } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: REFUSAL_MESSAGES.notSignedIn });
  });

  it('refuses wrong passwords and unknown addresses alike, and empty fields with a sentence', async () => {
    const maya = await person(t.app, sink, 'maya');
    const b = browser(t.app);
    for (const body of [{ email: maya.email, password: 'Wrong@2024' }, { email: 'nobody@pitlane.test', password: PASSWORD }]) {
      const response = await b.post('/api/auth/login', body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: REFUSAL_MESSAGES.wrongCredentials });
      expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    }
    const empty = await b.post('/api/auth/login', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: REFUSAL_MESSAGES.emailAndPasswordRequired });
    expect((await b.post('/api/auth/login', 'not json', { headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
  });

  it('keeps a session alive for 30 days of inactivity, sliding with use', async () => {
    const maya = await person(t.app, sink, 'maya');
    clockOffsetMs = 29 * DAY;
    expect((await maya.browser.get('/api/auth/verify')).statusCode).toBe(200);
    // Used on day 29: good until day 59.
    clockOffsetMs = 58 * DAY;
    expect((await maya.browser.get('/api/auth/verify')).statusCode).toBe(200);
    clockOffsetMs = 58 * DAY + 31 * DAY;
    const expired = await maya.browser.get('/api/auth/verify');
    expect(expired.statusCode).toBe(401);
  });

  it('limits failed logins on one address (429) even from many clients, and logins per client', async () => {
    const maya = await person(t.app, sink, 'maya');
    for (let i = 0; i < 10; i++) {
      const response = await browser(t.app, { remoteAddress: `10.2.0.${i + 1}` }).post('/api/auth/login', { email: maya.email, password: 'Wrong@2024' });
      expect(response.statusCode).toBe(401);
    }
    const refused = await browser(t.app, { remoteAddress: '10.2.0.50' }).post('/api/auth/login', { email: maya.email, password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });

    const client = browser(t.app, { remoteAddress: '10.3.0.1' });
    for (let i = 0; i < 50; i++) await client.post('/api/auth/login', { email: '', password: '' });
    expect((await client.post('/api/auth/login', { email: 'x@pitlane.test', password: 'x' })).statusCode).toBe(429);
  });

  it('refuses a state-changing call from another site (403) and changes nothing', async () => {
    const [maya, kenji] = [await person(t.app, sink, 'maya'), await person(t.app, sink, 'kenji')];
    const foreign = await maya.browser.patch(`/api/user/${kenji.id}/follow`, {}, { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: AUTH_MESSAGES.crossSite });
    const byReferer = await maya.browser.post('/api/auth/logout', {}, { headers: { referer: 'https://evil.example/page' } });
    expect(byReferer.statusCode).toBe(403);
    const nullOrigin = await browser(t.app).post('/api/auth/login', { email: maya.email, password: PASSWORD }, { headers: { origin: 'null' } });
    expect(nullOrigin.statusCode).toBe(403);
    expect((await maya.browser.get(`/api/user/${kenji.id}/followers`)).json()).toEqual([]);
    expect((await maya.browser.get('/api/auth/verify')).statusCode).toBe(200);

    // The product's own origin, and reading from anywhere, are fine.
    const own = await maya.browser.patch(`/api/user/${kenji.id}/follow`, {}, { headers: { origin: 'http://pitlane.test' } });
    expect(own.statusCode).toBe(200);
    const read = await maya.browser.get('/api/auth/verify', { headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    await person(t.app, sink, 'maya');
    const { buildApp } = await import('../../app.ts');
    const { testConfig } = await import('../../../test/harness.ts');
    const secureApp = await buildApp(testConfig({ SMTP_URL: sink.url, PUBLIC_URL: 'https://pitlane.example' }), { database: t.database });
    try {
      const login = await browser(secureApp).post('/api/auth/login', { email: 'maya@pitlane.test', password: PASSWORD });
      expect(login.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    } finally {
      await secureApp.close();
    }
  });

  it('keeps passwords, codes and session ids out of the log', async () => {
    logLines.length = 0;
    const maya = await person(t.app, sink, 'maya');
    const token = maya.browser.cookies.get(SESSION_COOKIE)!.value;
    const mark = inboxMark(sink);
    await browser(t.app).post('/api/auth/forgot-password', { email: maya.email });
    const code = await codeAfter(sink, mark, maya.email);
    const log = logLines.join('\n');
    expect(log).toContain('/api/auth/login');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(token);
    expect(log).not.toContain(code);
  });
});

describe.each(backends)('password reset on $name', (backend) => {
  const t = useApp(backend, options);

  async function resetCode(email: string): Promise<string> {
    const mark = inboxMark(sink);
    const response = await browser(t.app).post('/api/auth/forgot-password', { email });
    expect(response.json()).toEqual({ message: SUCCESS_MESSAGES.resetOtpSent });
    const mail = await mailAfter(sink, mark, email, withCode);
    expect(mail.subject).toBe('Your Pitlane password reset code');
    return codeIn(mail);
  }

  it('resets a password with the e-mailed code and ends every session of the account', async () => {
    const maya = await person(t.app, sink, 'maya');
    const otp = await resetCode(maya.email);
    const b = browser(t.app);
    const reset = { email: maya.email, otp, newPassword: 'Boxer@356', confirmPassword: 'Boxer@356' };

    const mismatch = await b.post('/api/auth/reset-password', { ...reset, confirmPassword: 'Boxer@357' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ message: FORM_MESSAGES.passwordsDoNotMatch });
    const weak = await b.post('/api/auth/reset-password', { ...reset, newPassword: 'boxer', confirmPassword: 'boxer' });
    expect(weak.json()).toEqual({ message: REFUSAL_MESSAGES.weakPassword });
    expect((await maya.browser.get('/api/auth/verify')).statusCode).toBe(200);

    const done = await b.post('/api/auth/reset-password', reset);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: SUCCESS_MESSAGES.passwordReset });
    expect((await maya.browser.get('/api/auth/verify')).statusCode).toBe(401);
    expect((await b.post('/api/auth/reset-password', reset)).json()).toEqual({ message: REFUSAL_MESSAGES.invalidOtp });
    expect((await b.post('/api/auth/login', { email: maya.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await b.post('/api/auth/login', { email: maya.email, password: 'Boxer@356' })).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and mails nothing', async () => {
    const mark = inboxMark(sink);
    const response = await browser(t.app).post('/api/auth/forgot-password', { email: 'nobody@pitlane.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SUCCESS_MESSAGES.resetOtpSent });
    const reset = await browser(t.app).post('/api/auth/reset-password', { email: 'nobody@pitlane.test', otp: '123456', newPassword: 'Boxer@356', confirmPassword: 'Boxer@356' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ message: REFUSAL_MESSAGES.invalidOtp });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsAfter(sink, mark, 'nobody@pitlane.test')).toEqual([]);
    const bad = await browser(t.app).post('/api/auth/forgot-password', { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: REFUSAL_MESSAGES.invalidEmail });
  });

  it('refuses an expired reset code, and one after 5 wrong attempts', async () => {
    const maya = await person(t.app, sink, 'maya');
    const reset = (otp: string) => ({ email: maya.email, otp, newPassword: 'Boxer@356', confirmPassword: 'Boxer@356' });
    const otp = await resetCode(maya.email);
    clockOffsetMs = 11 * 60 * 1000;
    expect((await browser(t.app).post('/api/auth/reset-password', reset(otp))).json()).toEqual({ message: REFUSAL_MESSAGES.invalidOtp });
    clockOffsetMs = 0;
    const fresh = await resetCode(maya.email);
    for (let i = 0; i < 5; i++) await browser(t.app).post('/api/auth/reset-password', reset(fresh === '000000' ? '111111' : '000000'));
    expect((await browser(t.app).post('/api/auth/reset-password', reset(fresh))).statusCode).toBe(400);
    expect((await browser(t.app).post('/api/auth/login', { email: maya.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('limits reset codes mailed to one address (429)', async () => {
    const maya = await person(t.app, sink, 'maya');
    for (let i = 0; i < 5; i++) {
      expect((await browser(t.app, { remoteAddress: `10.4.0.${i + 1}` }).post('/api/auth/forgot-password', { email: maya.email })).statusCode).toBe(200);
    }
    const refused = await browser(t.app).post('/api/auth/forgot-password', { email: maya.email.toUpperCase() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
  });
});
