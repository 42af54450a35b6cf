// Two-factor sign-in (issue 19) on both engines, on a clock the tests move (never the real one):
// setting it up with a code from the app, signing in with password + code or a recovery code,
// the challenge's lifetime, tries and single use, no replay of a code, one step of drift either
// way, the per-account limit, turning it off and new recovery codes, and what a reply never holds.
import { generate } from 'otplib';
import { beforeEach, describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES, SUCCESS_MESSAGES, TWO_FACTOR, type RecoveryCodes, type TwoFactorSetup } from '@pitlane/api/contract';
import type { LightMyRequestResponse } from 'fastify';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import { browser, PASSWORD, person, type Browser, type Person } from '../../../test/browser.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';

const START = Date.parse('2027-03-01T10:00:05Z');
const STEP_MS = TWO_FACTOR.periodSeconds * 1000;
const MINUTE = 60 * 1000;

const sink = useSmtpSink();
let now = START;
beforeEach(() => {
  now = START;
});

/** The app's code at `at` (default: now on the test clock). */
const codeAt = (secret: string, at = now) => generate({ secret, epoch: Math.floor(at / 1000) });

describe.each(backends)('two-factor sign-in on $name', (backend) => {
  const t = useApp(backend, { sink, clock: () => new Date(now) });

  const post = (b: Browser, url: string, payload: unknown = {}) => b.post(url, payload);
  const status = async (b: Browser) => (await b.get('/api/two-factor')).json<{ enabled: boolean; recoveryCodesLeft: number }>();
  const signedIn = async (b: Browser) => (await b.get('/api/auth/verify')).statusCode === 200;
  const refusal = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.json<unknown>() });

  /** `who` turns two-factor sign-in on; answers the secret and the recovery codes. */
  async function turnOn(who: Person): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await post(who.browser, '/api/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<TwoFactorSetup>();
    const enable = await post(who.browser, '/api/two-factor/enable', { code: await codeAt(secret) });
    expect(enable.statusCode).toBe(200);
    // The code just used cannot sign in again: the next one comes a step later.
    now += STEP_MS;
    return { secret, recoveryCodes: enable.json<RecoveryCodes>().recoveryCodes };
  }

  /** Password step on a new browser: answers the browser and the challenge. */
  async function passwordStep(who: Person): Promise<{ b: Browser; challenge: string }> {
    const b = browser(t.app);
    const login = await post(b, '/api/auth/login', { email: who.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const body = login.json<{ twoFactorRequired: true; challenge: string }>();
    expect(body.twoFactorRequired).toBe(true);
    return { b, challenge: body.challenge };
  }

  it('sets up with a QR code and a code from the app, then asks for a code after the password, and signs in with it', async () => {
    const maya = await person(t.app, sink, 'maya', 'Maya Fischer');
    expect(await status(maya.browser)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const setup = await post(maya.browser, '/api/two-factor/setup');
    const { secret, otpauthUri, qrSvg } = setup.json<TwoFactorSetup>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(`otpauth://totp/Pitlane:maya%40pitlane.test?secret=${secret}&issuer=Pitlane`);
    expect(qrSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>\s*$/s);
    // Nothing is on until a code confirms the app has the secret.
    expect(await status(maya.browser)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await post(browser(t.app), '/api/auth/login', { email: maya.email, password: PASSWORD })).json()).toHaveProperty('user');

    const wrong = await post(maya.browser, '/api/two-factor/enable', { code: (Number(await codeAt(secret)) ^ 1).toString().padStart(6, '0') });
    expect(refusal(wrong)).toEqual({ status: 400, body: { message: REFUSAL_MESSAGES.twoFactorCodeWrong } });
    const enable = await post(maya.browser, '/api/two-factor/enable', { code: await codeAt(secret) });
    expect(enable.statusCode).toBe(200);
    const { recoveryCodes } = enable.json<RecoveryCodes>();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await status(maya.browser)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // The browser that turned it on stays signed in.
    expect(await signedIn(maya.browser)).toBe(true);

    now += STEP_MS;
    const { b, challenge } = await passwordStep(maya);
    // The right password alone signs nobody in.
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await signedIn(b)).toBe(false);
    const second = await post(b, '/api/auth/login/two-factor', { challenge, code: await codeAt(secret) });
    expect(second.statusCode).toBe(200);
    expect(second.json<{ user: { id: string } }>().user.id).toBe(maya.id);
    expect(await signedIn(b)).toBe(true);
  });

  it('signs in with a recovery code once (any case, with or without the hyphen); it is used up', async () => {
    const maya = await person(t.app, sink, 'maya');
    const { recoveryCodes } = await turnOn(maya);
    const first = await passwordStep(maya);
    const typed = recoveryCodes[3]!.toUpperCase().replace('-', '');
    expect((await post(first.b, '/api/auth/login/two-factor', { challenge: first.challenge, recoveryCode: typed })).statusCode).toBe(200);
    expect(await signedIn(first.b)).toBe(true);
    expect(await status(maya.browser)).toEqual({ enabled: true, recoveryCodesLeft: 9 });

    const again = await passwordStep(maya);
    const reused = await post(again.b, '/api/auth/login/two-factor', { challenge: again.challenge, recoveryCode: recoveryCodes[3] });
    expect(refusal(reused)).toEqual({ status: 400, body: { message: REFUSAL_MESSAGES.recoveryCodeWrong } });
    expect(await signedIn(again.b)).toBe(false);
    expect((await post(again.b, '/api/auth/login/two-factor', { challenge: again.challenge, recoveryCode: recoveryCodes[4] })).statusCode).toBe(200);
  });

  it('accepts a code once: the same code again is refused, the next one is not', async () => {
    const maya = await person(t.app, sink, 'maya');
    const { secret } = await turnOn(maya);
    const code = await codeAt(secret);
    const first = await passwordStep(maya);
    expect((await post(first.b, '/api/auth/login/two-factor', { challenge: first.challenge, code })).statusCode).toBe(200);
    const second = await passwordStep(maya);
    expect(refusal(await post(second.b, '/api/auth/login/two-factor', { challenge: second.challenge, code }))).toEqual({ status: 400, body: { message: REFUSAL_MESSAGES.twoFactorCodeWrong } });
    now += STEP_MS;
    expect((await post(second.b, '/api/auth/login/two-factor', { challenge: second.challenge, code: await codeAt(secret) })).statusCode).toBe(200);
  });

  it('allows one step of clock drift either way, not two', async () => {
    const maya = await person(t.app, sink, 'maya');
    const { secret } = await turnOn(maya);
    now += 10 * STEP_MS;
    const tryCode = async (at: number) => {
      const { b, challenge } = await passwordStep(maya);
      return (await post(b, '/api/auth/login/two-factor', { challenge, code: await codeAt(secret, at) })).statusCode;
    };
    // Two steps off first (they must not move the last accepted step), then one behind, then one ahead.
    expect(await tryCode(now - 2 * STEP_MS)).toBe(400);
    expect(await tryCode(now + 2 * STEP_MS)).toBe(400);
    expect(await tryCode(now - STEP_MS)).toBe(200);
    expect(await tryCode(now + STEP_MS)).toBe(200);
  });

  it('lets a challenge expire after 5 minutes, and uses it once', async () => {
    const maya = await person(t.app, sink, 'maya');
    const { secret } = await turnOn(maya);
    const late = await passwordStep(maya);
    now += TWO_FACTOR.challengeMinutes * MINUTE + 1;
    expect(refusal(await post(late.b, '/api/auth/login/two-factor', { challenge: late.challenge, code: await codeAt(secret) }))).toEqual({
      status: 400,
      body: { message: REFUSAL_MESSAGES.twoFactorChallengeExpired },
    });

    const { b, challenge } = await passwordStep(maya);
    now += TWO_FACTOR.challengeMinutes * MINUTE - 1_000;
    expect((await post(b, '/api/auth/login/two-factor', { challenge, code: await codeAt(secret) })).statusCode).toBe(200);
    now += STEP_MS;
    const replay = await post(browser(t.app), '/api/auth/login/two-factor', { challenge, code: await codeAt(secret) });
    expect(refusal(replay)).toEqual({ status: 400, body: { message: REFUSAL_MESSAGES.twoFactorChallengeExpired } });
  });

  it('allows 5 codes per challenge: after 5 wrong ones even the right one is refused', async () => {
    const maya = await person(t.app, sink, 'maya');
    const { secret } = await turnOn(maya);
    const { b, challenge } = await passwordStep(maya);
    for (let i = 0; i < TWO_FACTOR.challengeAttempts; i++) {
      expect((await post(b, '/api/auth/login/two-factor', { challenge, code: '000000' })).statusCode).toBe(400);
    }
    expect(refusal(await post(b, '/api/auth/login/two-factor', { challenge, code: await codeAt(secret) }))).toEqual({
      status: 400,
      body: { message: REFUSAL_MESSAGES.twoFactorChallengeExpired },
    });
    expect(await signedIn(b)).toBe(false);
    // A new sign-in gets new tries.
    const fresh = await passwordStep(maya);
    expect((await post(fresh.b, '/api/auth/login/two-factor', { challenge: fresh.challenge, code: await codeAt(secret) })).statusCode).toBe(200);
  });

  it('limits wrong codes per account (429) over many challenges and clients, for 15 minutes', async () => {
    const maya = await person(t.app, sink, 'maya');
    const { secret } = await turnOn(maya);
    for (let i = 0; i < TWO_FACTOR.accountFailures; i++) {
      const { b, challenge } = await passwordStep(maya);
      expect((await post(b, '/api/auth/login/two-factor', { challenge, code: '000000' })).statusCode).toBe(400);
    }
    const { b, challenge } = await passwordStep(maya);
    const limited = await post(b, '/api/auth/login/two-factor', { challenge, code: await codeAt(secret) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/^Too many attempts/);
    // Turning it off with a right code is limited as well.
    expect((await post(maya.browser, '/api/two-factor/disable', { code: await codeAt(secret) })).statusCode).toBe(429);
    now += 15 * MINUTE;
    const later = await passwordStep(maya);
    expect((await post(later.b, '/api/auth/login/two-factor', { challenge: later.challenge, code: await codeAt(secret) })).statusCode).toBe(200);
  });

  it('turns off only with a right code or recovery code; then the password alone signs in again', async () => {
    const maya = await person(t.app, sink, 'maya');
    const { secret, recoveryCodes } = await turnOn(maya);
    const pending = await passwordStep(maya);
    expect(refusal(await post(maya.browser, '/api/two-factor/disable', { code: '000000' }))).toEqual({ status: 400, body: { message: REFUSAL_MESSAGES.twoFactorCodeWrong } });
    expect(refusal(await post(maya.browser, '/api/two-factor/disable', { recoveryCode: 'aaaaa-aaaaa' }))).toEqual({ status: 400, body: { message: REFUSAL_MESSAGES.recoveryCodeWrong } });
    expect(await status(maya.browser)).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    expect((await post(maya.browser, '/api/two-factor/disable', { recoveryCode: recoveryCodes[0] })).json()).toEqual({ message: SUCCESS_MESSAGES.twoFactorOff });
    expect(await status(maya.browser)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    // A sign-in waiting for its code when it was turned off has nothing left to finish.
    expect(refusal(await post(pending.b, '/api/auth/login/two-factor', { challenge: pending.challenge, code: await codeAt(secret) }))).toEqual({
      status: 400,
      body: { message: REFUSAL_MESSAGES.twoFactorChallengeExpired },
    });
    const login = await post(browser(t.app), '/api/auth/login', { email: maya.email, password: PASSWORD });
    expect(login.json<{ user: { id: string } }>().user.id).toBe(maya.id);
    expect(refusal(await post(maya.browser, '/api/two-factor/disable', { code: await codeAt(secret) }))).toEqual({ status: 400, body: { message: REFUSAL_MESSAGES.twoFactorNotOn } });
  });

  it('gives new recovery codes for a code from the app; the old ones stop working', async () => {
    const maya = await person(t.app, sink, 'maya');
    const { secret, recoveryCodes: old } = await turnOn(maya);
    const renewed = await post(maya.browser, '/api/two-factor/recovery-codes', { code: await codeAt(secret) });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<RecoveryCodes>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    const { b, challenge } = await passwordStep(maya);
    expect((await post(b, '/api/auth/login/two-factor', { challenge, recoveryCode: old[0] })).statusCode).toBe(400);
    expect((await post(b, '/api/auth/login/two-factor', { challenge, recoveryCode: fresh[0] })).statusCode).toBe(200);
  });

  it('refuses a second setup while on (409), and never sends the secret or a recovery code again', async () => {
    const maya = await person(t.app, sink, 'maya');
    const { secret, recoveryCodes } = await turnOn(maya);
    const again = await post(maya.browser, '/api/two-factor/setup');
    expect(refusal(again)).toEqual({ status: 409, body: { message: REFUSAL_MESSAGES.twoFactorAlreadyOn } });
    expect(refusal(await post(maya.browser, '/api/two-factor/enable', { code: await codeAt(secret) }))).toEqual({ status: 409, body: { message: REFUSAL_MESSAGES.twoFactorAlreadyOn } });
    const { b, challenge } = await passwordStep(maya);
    const replies = [
      await b.post('/api/auth/login/two-factor', { challenge, code: await codeAt(secret) }),
      await maya.browser.get('/api/two-factor'),
      await maya.browser.get('/api/auth/verify'),
      await maya.browser.get(`/api/user/${maya.username}`),
    ];
    for (const reply of replies) {
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain(secret);
      for (const code of recoveryCodes) expect(reply.body).not.toContain(code);
    }
  });

  it('refuses malformed input with a sentence and changes nothing', async () => {
    const maya = await person(t.app, sink, 'maya');
    const { secret } = await turnOn(maya);
    const { b, challenge } = await passwordStep(maya);
    const code = await codeAt(secret);
    const cases: Array<[string, unknown, string]> = [
      ['/api/auth/login/two-factor', { challenge, code: '12345' }, REFUSAL_MESSAGES.twoFactorCodeRequired],
      ['/api/auth/login/two-factor', { challenge, code: '12a456' }, REFUSAL_MESSAGES.twoFactorCodeRequired],
      ['/api/auth/login/two-factor', { challenge }, REFUSAL_MESSAGES.twoFactorCodeOrRecoveryCode],
      ['/api/auth/login/two-factor', { challenge, code, recoveryCode: 'aaaaa-aaaaa' }, REFUSAL_MESSAGES.twoFactorCodeOrRecoveryCode],
      ['/api/auth/login/two-factor', { challenge: 'made-up', code }, REFUSAL_MESSAGES.twoFactorChallengeExpired],
      ['/api/two-factor/enable', { code: 'abcdef' }, REFUSAL_MESSAGES.twoFactorCodeRequired],
      ['/api/two-factor/disable', {}, REFUSAL_MESSAGES.twoFactorCodeOrRecoveryCode],
      ['/api/two-factor/recovery-codes', { code: 7 }, REFUSAL_MESSAGES.twoFactorCodeRequired],
    ];
    for (const [url, body, message] of cases) {
      const client = url.startsWith('/api/auth') ? b : maya.browser;
      expect(refusal(await post(client, url, body)), url).toEqual({ status: 400, body: { message } });
    }
    // None of them used a try or the code.
    expect((await post(b, '/api/auth/login/two-factor', { challenge, code })).statusCode).toBe(200);
  });

  it('answers 401 to a signed-out visitor on the settings calls', async () => {
    const visitor = browser(t.app);
    const calls = [
      await visitor.get('/api/two-factor'),
      await post(visitor, '/api/two-factor/setup'),
      await post(visitor, '/api/two-factor/enable', { code: '123456' }),
      await post(visitor, '/api/two-factor/disable', { code: '123456' }),
      await post(visitor, '/api/two-factor/recovery-codes', { code: '123456' }),
    ];
    for (const response of calls) expect(refusal(response)).toEqual({ status: 401, body: { message: REFUSAL_MESSAGES.notSignedIn } });
  });
});
