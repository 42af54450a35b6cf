import { beforeEach, describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { users } from '../../db/schema.ts';
import { backends, useApp, useSmtpSink, type UseAppOptions } from '../../../test/harness.ts';
import { codeIn } from '../../../test/smtp-sink.ts';
import { browser, inboxMark, mailAfter, mailsAfter, PASSWORD, person, sendRegistrationCode } from '../../../test/browser.ts';
import { AUTH_MESSAGES } from './messages.ts';

const sink = useSmtpSink();
let clockOffsetMs = 0;
const options: UseAppOptions = { sink, clock: () => new Date(Date.now() + clockOffsetMs) };
beforeEach(() => {
  clockOffsetMs = 0;
});

const details = { fullName: 'Maya Fischer', username: 'maya.drives', email: 'maya@pitlane.test', password: PASSWORD };
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe.each(backends)('registration on $name', (backend) => {
  const t = useApp(backend, options);
  const accounts = async () => t.db.select().from(users);

  it('registers with an e-mailed code: send-otp → mail → verify-otp → login', async () => {
    const b = browser(t.app);
    expect((await b.post('/api/auth/check-username', { username: 'maya.drives' })).json()).toEqual({ available: true });
    expect((await b.post('/api/auth/check-email', { email: 'maya@pitlane.test' })).json()).toEqual({ available: true });

    const mark = inboxMark(sink);
    const sent = await b.post('/api/auth/send-otp', details);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: SUCCESS_MESSAGES.otpSent });
    const mail = await mailAfter(sink, mark, details.email);
    expect(mail.subject).toBe('Your Pitlane verification code');
    expect(mail.html).toContain(codeIn(mail));
    expect(await accounts()).toEqual([]);

    const verified = await b.post('/api/auth/verify-otp', { email: details.email, otp: codeIn(mail) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: SUCCESS_MESSAGES.registered });

    const login = await b.post('/api/auth/login', { email: 'MAYA@pitlane.test', password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toEqual({
      id: expect.any(String),
      fullName: 'Maya Fischer',
      username: 'maya.drives',
      email: 'maya@pitlane.test',
      profilePictureUrl: '',
      followers: [],
      following: [],
      communities: [],
      requirePhotoDescriptions: false,
    });
    // The password is stored as an argon2id hash, never as given.
    const [account] = await accounts();
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);

    expect((await b.post('/api/auth/check-username', { username: 'Maya.Drives!' })).json()).toEqual({ available: false });
    expect((await b.post('/api/auth/check-email', { email: 'Maya@Pitlane.test' })).json()).toEqual({ available: false });
  });

  it('refuses each invalid field with the contract’s sentence and stores and sends nothing', async () => {
    const b = browser(t.app);
    const mark = inboxMark(sink);
    const cases: Array<[Partial<typeof details>, string]> = [
      [{ password: 'apex2024' }, REFUSAL_MESSAGES.weakPassword],
      [{ password: 'Apex@2024#' }, REFUSAL_MESSAGES.weakPassword],
      [{ fullName: 'M' }, REFUSAL_MESSAGES.invalidFullName],
      [{ fullName: 'Maya 911' }, REFUSAL_MESSAGES.invalidFullName],
      [{ username: 'Maya Drives' }, REFUSAL_MESSAGES.invalidUsername],
      [{ username: '' }, REFUSAL_MESSAGES.invalidUsername],
      [{ email: 'maya@pitlane' }, REFUSAL_MESSAGES.invalidEmail],
    ];
    for (const [change, message] of cases) {
      const response = await b.post('/api/auth/send-otp', { ...details, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const missing = await b.post('/api/auth/send-otp', { email: details.email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toEqual(expect.any(String));
    expect(mailsAfter(sink, mark, details.email)).toEqual([]);
    expect((await b.post('/api/auth/verify-otp', { email: details.email, otp: '123456' })).statusCode).toBe(400);
  });

  it('refuses a username or an address that is already registered (409), in any case', async () => {
    const maya = await person(t.app, sink, 'maya');
    const b = browser(t.app);
    const takenName = await b.post('/api/auth/send-otp', { ...details, username: maya.username });
    expect(takenName.statusCode).toBe(409);
    expect(takenName.json()).toEqual({ message: REFUSAL_MESSAGES.usernameTaken });
    const takenEmail = await b.post('/api/auth/send-otp', { ...details, email: maya.email.toUpperCase() });
    expect(takenEmail.statusCode).toBe(409);
    expect(takenEmail.json()).toEqual({ message: REFUSAL_MESSAGES.emailRegistered });
  });

  it('check-username and check-email refuse what is not a username or an address', async () => {
    const b = browser(t.app);
    expect((await b.post('/api/auth/check-username', { username: '!!!' })).json()).toEqual({ available: false });
    const badEmail = await b.post('/api/auth/check-email', { email: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ message: REFUSAL_MESSAGES.invalidEmail });
    expect((await b.post('/api/auth/check-username', {})).statusCode).toBe(400);
    expect((await b.post('/api/auth/check-email', { email: 42 })).statusCode).toBe(400);
  });

  it('refuses a wrong code and creates no account; the right one still works', async () => {
    const b = browser(t.app);
    const otp = await sendRegistrationCode(b, sink, details);
    const wrong = await b.post('/api/auth/verify-otp', { email: details.email, otp: wrongCode(otp) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: REFUSAL_MESSAGES.invalidOtp });
    expect(await accounts()).toEqual([]);
    expect((await b.post('/api/auth/login', { email: details.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await b.post('/api/auth/verify-otp', { email: details.email, otp: '' })).json()).toEqual({ message: REFUSAL_MESSAGES.otpRequired });
    expect((await b.post('/api/auth/verify-otp', { email: details.email, otp })).statusCode).toBe(200);
    // A code works once.
    expect((await b.post('/api/auth/verify-otp', { email: details.email, otp })).statusCode).toBe(400);
    expect(await accounts()).toHaveLength(1);
  });

  it('allows at most 5 wrong attempts per code: after them even the right code is refused', async () => {
    const b = browser(t.app);
    const otp = await sendRegistrationCode(b, sink, details);
    for (let i = 0; i < 5; i++) {
      expect((await b.post('/api/auth/verify-otp', { email: details.email, otp: wrongCode(otp) })).statusCode).toBe(400);
    }
    const right = await b.post('/api/auth/verify-otp', { email: details.email, otp });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: REFUSAL_MESSAGES.invalidOtp });
    expect(await accounts()).toEqual([]);
  });

  it('accepts the right code after 4 wrong attempts', async () => {
    const b = browser(t.app);
    const otp = await sendRegistrationCode(b, sink, details);
    for (let i = 0; i < 4; i++) await b.post('/api/auth/verify-otp', { email: details.email, otp: wrongCode(otp) });
    expect((await b.post('/api/auth/verify-otp', { email: details.email, otp })).statusCode).toBe(200);
  });

  it('lets a code expire after 10 minutes', async () => {
    const b = browser(t.app);
    const otp = await sendRegistrationCode(b, sink, details);
    clockOffsetMs = 10 * 60 * 1000 + 1000;
    const late = await b.post('/api/auth/verify-otp', { email: details.email, otp });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: REFUSAL_MESSAGES.invalidOtp });
    expect(await accounts()).toEqual([]);
  });

  it('still accepts a code just before it expires', async () => {
    const b = browser(t.app);
    const otp = await sendRegistrationCode(b, sink, details);
    clockOffsetMs = 9 * 60 * 1000;
    expect((await b.post('/api/auth/verify-otp', { email: details.email, otp })).statusCode).toBe(200);
  });

  it('replaces the old code (and details) when a new one is sent', async () => {
    const b = browser(t.app);
    const first = await sendRegistrationCode(b, sink, details);
    const second = await sendRegistrationCode(b, sink, { ...details, fullName: 'Maya Berg' });
    if (first !== second) {
      expect((await b.post('/api/auth/verify-otp', { email: details.email, otp: first })).statusCode).toBe(400);
    }
    expect((await b.post('/api/auth/verify-otp', { email: details.email, otp: second })).statusCode).toBe(200);
    const [account] = await accounts();
    expect(account?.fullName).toBe('Maya Berg');
  });

  it('refuses verify-otp when the username was taken in the meantime', async () => {
    const b = browser(t.app);
    const otp = await sendRegistrationCode(b, sink, { ...details, username: 'kenji' });
    await person(t.app, sink, 'kenji');
    const response = await b.post('/api/auth/verify-otp', { email: details.email, otp });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: REFUSAL_MESSAGES.usernameTaken });
  });

  it('limits codes sent to one address (429), whatever the client', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await browser(t.app, { remoteAddress: `10.0.0.${i + 1}` }).post('/api/auth/send-otp', details);
      expect(response.statusCode).toBe(200);
    }
    const mark = inboxMark(sink);
    const refused = await browser(t.app, { remoteAddress: '10.0.0.99' }).post('/api/auth/send-otp', details);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
    // Another address is not affected.
    expect((await browser(t.app).post('/api/auth/send-otp', { ...details, email: 'other@pitlane.test', username: 'other' })).statusCode).toBe(200);
    expect(mailsAfter(sink, mark, details.email)).toEqual([]);
  });

  it('limits availability checks per client (429), not other clients', async () => {
    const busy = browser(t.app, { remoteAddress: '10.1.1.1' });
    for (let i = 0; i < 300; i++) await busy.post('/api/auth/check-username', { username: `name${i}` });
    const refused = await busy.post('/api/auth/check-username', { username: 'one.more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
    expect((await browser(t.app, { remoteAddress: '10.1.1.2' }).post('/api/auth/check-username', { username: 'one.more' })).json()).toEqual({ available: true });
  });
});
