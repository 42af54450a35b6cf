// Mail down or slow (issue 20, item 3): a code whose e-mail cannot be sent answers 503 with a
// sentence within SMTP_TIMEOUT_MS, leaves nothing half-created, costs no attempt of the
// per-address limit, and the same request works once mail is back. A slow send holds no
// transaction: other people's writes go on meanwhile.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { accountCodes, pendingRegistrations, users } from '../../db/schema.ts';
import { backends, useApp } from '../../../test/harness.ts';
import { browser, inboxMark, codeAfter, PASSWORD, person } from '../../../test/browser.ts';
import { newCommunity } from '../../../test/communities.ts';
import { startMailServer, type MailServer } from '../../../test/mail-server.ts';
import { ADDRESS_LIMITS } from './rate-limits.ts';
import { AUTH_MESSAGES } from './messages.ts';

const SMTP_TIMEOUT_MS = 1_000;
/** "Answers instead of hanging": far above the bound, far below nodemailer's default minutes. */
const PROMPTLY_MS = 10_000;

let mail: MailServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(() => mail.close());
beforeEach(() => mail.set('down'));

const lena = { fullName: 'Lena Park', username: 'lena.drives', email: 'lena@pitlane.test', password: PASSWORD };
const unavailable = { message: AUTH_MESSAGES.mailNotSent };

/** Runs `call`, with how long it took. */
async function timed<T>(call: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await call();
  return [result, performance.now() - started];
}

describe.each(backends)('codes while mail is down or slow, on $name', (backend) => {
  const t = useApp(backend, {
    // A getter: the mail server's address exists only once beforeAll ran.
    get env() {
      return { SMTP_URL: mail.url, SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS) };
    },
  });
  const stored = async () => ({
    pending: await t.db.select().from(pendingRegistrations),
    users: await t.db.select().from(users),
  });

  it('mail down: send-otp answers 503 with a sentence at once, stores nothing, costs no attempt; once mail is back the same request works', async () => {
    const b = browser(t.app);
    // More failures than the per-address limit allows sends: none of them counts.
    for (let i = 0; i <= ADDRESS_LIMITS.sendOtp; i++) {
      const [refused, ms] = await timed(() => b.post('/api/auth/send-otp', lena));
      expect([refused.statusCode, refused.json()]).toEqual([503, unavailable]);
      expect(ms).toBeLessThan(PROMPTLY_MS);
    }
    expect(await stored()).toEqual({ pending: [], users: [] });

    const sink = await mail.set('up');
    const mark = inboxMark(sink);
    const sent = await b.post('/api/auth/send-otp', lena);
    expect([sent.statusCode, sent.json()]).toEqual([200, { message: SUCCESS_MESSAGES.otpSent }]);
    const otp = await codeAfter(sink, mark, lena.email);
    expect((await b.post('/api/auth/verify-otp', { email: lena.email, otp })).statusCode).toBe(200);
    expect((await stored()).users.map((u) => u.username)).toEqual([lena.username]);
  });

  it('a server that never greets: 503 within the bound, nothing stored', async () => {
    await mail.set('silent');
    const [refused, ms] = await timed(() => browser(t.app).post('/api/auth/send-otp', lena));
    expect([refused.statusCode, refused.json()]).toEqual([503, unavailable]);
    expect(ms).toBeGreaterThanOrEqual(SMTP_TIMEOUT_MS - 50); // it did wait for the greeting
    expect(ms).toBeLessThan(PROMPTLY_MS);
    expect(await stored()).toEqual({ pending: [], users: [] });
  });

  it('a server stuck mid-DATA: 503 within the bound, and a signed-in write meanwhile is not held up', async () => {
    const maya = await person(t.app, await mail.set('up'), 'maya');
    await mail.set('stalled');
    let settled = false;
    const sending = timed(() => browser(t.app).post('/api/auth/send-otp', lena)).finally(() => (settled = true));

    const community = await newCommunity(maya.browser, 'Night Runners');
    expect(community.name).toBe('Night Runners');
    expect(settled).toBe(false); // the write finished while the mail was still stuck

    const [refused, ms] = await sending;
    expect([refused.statusCode, refused.json()]).toEqual([503, unavailable]);
    expect(ms).toBeLessThan(PROMPTLY_MS);
    expect((await stored()).pending).toEqual([]);
  });

  it('a deletion code whose mail fails: 503, and the code sent before still works', async () => {
    const sink = await mail.set('up');
    const maya = await person(t.app, sink, 'maya');
    const mark = inboxMark(sink);
    expect((await maya.browser.post('/api/user/request-delete-otp')).statusCode).toBe(200);
    const first = await codeAfter(sink, mark, maya.email);
    const codes = (await t.db.select().from(accountCodes)).map((c) => c.codeHash);
    expect(codes).toHaveLength(1);

    await mail.set('down');
    const refused = await maya.browser.post('/api/user/request-delete-otp');
    expect([refused.statusCode, refused.json()]).toEqual([503, unavailable]);
    expect((await t.db.select().from(accountCodes)).map((c) => c.codeHash)).toEqual(codes);

    expect((await maya.browser.post('/api/user/confirm-delete', { otp: first })).statusCode).toBe(200);
    expect(await t.db.select().from(users)).toEqual([]);
  });

  it('forgot-password while mail is down answers as always (nobody learns who is registered), keeps no unsent code; once back, a code arrives', async () => {
    const sink = await mail.set('up');
    const maya = await person(t.app, sink, 'maya');
    await mail.set('down');
    const answered = await browser(t.app).post('/api/auth/forgot-password', { email: maya.email });
    expect([answered.statusCode, answered.json()]).toEqual([200, { message: SUCCESS_MESSAGES.resetOtpSent }]);
    // The mail fails after the answer; its code is taken out again.
    await expect.poll(() => t.db.select().from(accountCodes), { timeout: PROMPTLY_MS }).toEqual([]);

    const back = await mail.set('up');
    const mark = inboxMark(back);
    expect((await browser(t.app).post('/api/auth/forgot-password', { email: maya.email })).statusCode).toBe(200);
    const otp = await codeAfter(back, mark, maya.email);
    const reset = await browser(t.app).post('/api/auth/reset-password', { email: maya.email, otp, newPassword: 'Boxer@246', confirmPassword: 'Boxer@246' });
    expect(reset.statusCode).toBe(200);
  });
});
