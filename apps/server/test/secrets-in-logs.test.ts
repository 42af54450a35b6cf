// No secret reaches the log: at the most verbose level (trace), a person registers with an
// e-mailed code, signs in, mistypes the password, resets it with a code, changes it in Edit
// Profile and ends sessions; every line the app logged is then read, and none may hold a
// password, a code, a session token (the cookie's value) or the SHA-256 the database keeps of one.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { hashToken, SESSION_COOKIE } from '../src/modules/auth/sessions.ts';
import { backends, useApp, useSmtpSink } from './harness.ts';
import { browser, inboxMark, codeAfter, multipart, sendRegistrationCode, type Browser } from './browser.ts';

const sink = useSmtpSink();
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter((line) => line !== ''));
    done();
  },
});

/**
 * Whether `line` holds `secret`; a code only as a number of its own, not as six digits inside
 * a longer one (a timestamp, a duration), which would fail the test by chance.
 */
function contains(line: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return line.includes(secret);
  return new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(line);
}

const PASSWORDS = { registered: 'Apex@2024', wrong: 'Apex@2025', reset: 'Boxer@356', changed: 'Carrera@911' };

describe.each(backends)('secrets in the log on $name', (backend) => {
  const t = useApp(backend, { sink, logStream, env: { PUBLIC_URL: 'http://pitlane.test', LOG_LEVEL: 'trace' } });

  it('logs no password, code, session token or token hash through sign-up, sign-in, reset, change and sign-out', async () => {
    logLines.length = 0;
    const secrets = new Set<string>(Object.values(PASSWORDS));
    /** A browser whose every session cookie counts as a secret. */
    const watched = (): Browser => {
      const b = browser(t.app);
      const request: Browser['request'] = async (method, url, options) => {
        const response = await b.request(method, url, options);
        for (const cookie of response.cookies as Array<{ value: string }>) if (cookie.value !== '') secrets.add(cookie.value);
        return response;
      };
      return {
        request,
        get: (url, options) => request('GET', url, options),
        post: (url, payload = {}, options = {}) => request('POST', url, { ...options, payload }),
        patch: (url, payload = {}, options = {}) => request('PATCH', url, { ...options, payload }),
        cookies: b.cookies,
      };
    };
    const email = 'maya@pitlane.test';
    const laptop = watched();
    const phone = watched();

    // Sign-up: the password travels with the details, the code by e-mail; a wrong code first.
    const registration = await sendRegistrationCode(laptop, sink, { fullName: 'Maya Fischer', username: 'maya', email, password: PASSWORDS.registered });
    secrets.add(registration);
    expect((await laptop.post('/api/auth/verify-otp', { email, otp: registration === '000000' ? '111111' : '000000' })).statusCode).toBe(400);
    expect((await laptop.post('/api/auth/verify-otp', { email, otp: registration })).statusCode).toBe(200);

    // Sign-in, a wrong password, a refused weak one, and a second browser.
    expect((await laptop.post('/api/auth/login', { email, password: PASSWORDS.wrong })).statusCode).toBe(401);
    const login = await laptop.post('/api/auth/login', { email, password: PASSWORDS.registered });
    expect(login.statusCode).toBe(200);
    const id = (login.json() as { user: { id: string } }).user.id;
    expect((await phone.post('/api/auth/login', { email, password: PASSWORDS.registered })).statusCode).toBe(200);

    // Reset with an e-mailed code (a wrong one first), then sign in again on both.
    const mark = inboxMark(sink);
    await laptop.post('/api/auth/forgot-password', { email });
    const resetCode = await codeAfter(sink, mark, email);
    secrets.add(resetCode);
    const reset = { email, newPassword: PASSWORDS.reset, confirmPassword: PASSWORDS.reset };
    expect((await laptop.post('/api/auth/reset-password', { ...reset, otp: resetCode === '000000' ? '111111' : '000000' })).statusCode).toBe(400);
    expect((await laptop.post('/api/auth/reset-password', { ...reset, otp: resetCode })).json()).toEqual({ message: SUCCESS_MESSAGES.passwordReset });
    expect((await laptop.post('/api/auth/login', { email, password: PASSWORDS.reset })).statusCode).toBe(200);
    expect((await phone.post('/api/auth/login', { email, password: PASSWORDS.reset })).statusCode).toBe(200);

    // The password change in Edit Profile (a weak one refused first): the laptop's token rotates.
    const weak = await multipart({ id, fullName: 'Maya Fischer', username: 'maya', password: 'weakling' });
    expect((await laptop.request('PUT', '/api/user/update', weak)).statusCode).toBe(400);
    secrets.add('weakling');
    const change = await multipart({ id, fullName: 'Maya Fischer', username: 'maya', password: PASSWORDS.changed });
    expect((await laptop.request('PUT', '/api/user/update', change)).statusCode).toBe(200);

    // Session ends: another browser's by id from the list, then logging out.
    expect((await phone.post('/api/auth/login', { email, password: PASSWORDS.changed })).statusCode).toBe(200);
    const sessions = (await laptop.get('/api/sessions')).json() as Array<{ id: string; current: boolean }>;
    const other = sessions.find((session) => !session.current)!;
    expect((await laptop.request('DELETE', `/api/sessions/${other.id}`)).statusCode).toBe(200);
    const ended = laptop.cookies.get(SESSION_COOKIE)!.value;
    expect((await laptop.post('/api/auth/logout')).statusCode).toBe(200);
    // The ended cookie sent again: refused and cleared, and logged as a request like any other.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie: `${SESSION_COOKIE}=${ended}` } })).statusCode).toBe(401);

    // Every session token of the run, and the hash the database keeps of each.
    const tokens = [...secrets].filter((secret) => secret.length >= 40);
    expect(tokens.length).toBeGreaterThanOrEqual(6);
    for (const token of tokens) secrets.add(hashToken(token));

    // The log was written (at trace level: routing, requests, answers), and holds none of them.
    expect(logLines.length).toBeGreaterThanOrEqual(40);
    expect(logLines.some((line) => line.startsWith('{"level":10,'))).toBe(true);
    expect(logLines.some((line) => line.includes('/api/auth/login'))).toBe(true);
    const leaks = logLines.flatMap((line) => [...secrets].filter((secret) => contains(line, secret)).map((secret) => ({ secret, line })));
    expect(leaks).toEqual([]);
  });
});
