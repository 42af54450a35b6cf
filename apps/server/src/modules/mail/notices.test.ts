// Security notices on both engines: a password change (Edit Profile or a reset by e-mail) and
// two-factor sign-in going on or off each e-mail the account's owner, once, saying when (on the
// app's clock, in UTC) and how to take the account back; a refused change sends nothing.
import { generate } from 'otplib';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES, TWO_FACTOR, type TwoFactorSetup } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import { codeAfter, inboxMark, mailAfter, mailsAfter, multipart, person, type Person } from '../../../test/browser.ts';

const NOW = new Date('2027-03-01T10:00:05Z');
const NEW_PASSWORD = 'Fresh!Tyres2027';

const sink = useSmtpSink();

const notice = (subject: string) => (mail: ParsedMail) => mail.subject === subject;

describe.each(backends)('security notices on $name', (backend) => {
  const t = useApp(backend, { sink, clock: () => NOW });

  /** Waits a moment for a notice that should not come (they go out through the job queue). */
  async function noNoticeAfter(mark: number, who: Person): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailsAfter(sink, mark, who.email).map((mail) => mail.subject)).toEqual([]);
  }

  it('tells the owner their password was changed in Edit Profile, when, and how to take the account back', async () => {
    const maya = await person(t.app, sink, 'maya', 'Maya Fischer');
    const mark = inboxMark(sink);
    const form = await multipart({ id: maya.id, fullName: 'Maya Fischer', username: 'maya', password: NEW_PASSWORD });
    expect((await maya.browser.request('PUT', '/api/user/update', form)).statusCode).toBe(200);

    const mail = await mailAfter(sink, mark, maya.email, notice('Your Pitlane password was changed'));
    expect(mail.text).toBe(
      'The password of your Pitlane account was changed on 1 March 2027 at 10:00 UTC.\n\n' +
        `If this was you, there is nothing to do. If it was not, reset your password now at ${t.app.config.publicUrl}/forgot-password: that signs everyone else out.\n`,
    );
    expect(mail.html).toContain('1 March 2027 at 10:00 UTC');
    expect(mailsAfter(sink, mark, maya.email)).toHaveLength(1);
  });

  it('sends nothing when the profile is saved without a new password, or the change is refused', async () => {
    const [maya] = [await person(t.app, sink, 'maya', 'Maya Fischer'), await person(t.app, sink, 'kenji', 'Kenji Watanabe')];
    const mark = inboxMark(sink);
    expect((await maya.browser.request('PUT', '/api/user/update', await multipart({ id: maya.id, fullName: 'Maya F', username: 'maya', password: '' }))).statusCode).toBe(200);
    const taken = await maya.browser.request('PUT', '/api/user/update', await multipart({ id: maya.id, fullName: 'Maya F', username: 'kenji', password: NEW_PASSWORD }));
    expect(taken.json()).toEqual({ message: REFUSAL_MESSAGES.usernameTaken });
    await noNoticeAfter(mark, maya);
  });

  it('tells the owner after a reset by e-mailed code', async () => {
    const maya = await person(t.app, sink, 'maya', 'Maya Fischer');
    const mark = inboxMark(sink);
    expect((await maya.browser.post('/api/auth/forgot-password', { email: maya.email })).statusCode).toBe(200);
    const otp = await codeAfter(sink, mark, maya.email);
    const reset = await maya.browser.post('/api/auth/reset-password', { email: maya.email, otp, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    const mail = await mailAfter(sink, mark, maya.email, notice('Your Pitlane password was changed'));
    expect(mail.text).toContain('The password of your Pitlane account was changed on 1 March 2027 at 10:00 UTC.');
    // The code mail and the notice, nothing more.
    expect(mailsAfter(sink, mark, maya.email).map((m) => m.subject)).toEqual(['Your Pitlane password reset code', 'Your Pitlane password was changed']);
  });

  it('tells the owner when two-factor sign-in goes on and when it goes off, and nothing for a wrong code', async () => {
    const maya = await person(t.app, sink, 'maya', 'Maya Fischer');
    const mark = inboxMark(sink);
    const { secret } = (await maya.browser.post('/api/two-factor/setup', {})).json<TwoFactorSetup>();
    const code = (at: number) => generate({ secret, epoch: Math.floor(at / 1000) });

    const wrong = await maya.browser.post('/api/two-factor/enable', { code: (Number(await code(NOW.getTime())) ^ 1).toString().padStart(6, '0') });
    expect(wrong.json()).toEqual({ message: REFUSAL_MESSAGES.twoFactorCodeWrong });
    await noNoticeAfter(mark, maya);

    expect((await maya.browser.post('/api/two-factor/enable', { code: await code(NOW.getTime()) })).statusCode).toBe(200);
    const on = await mailAfter(sink, mark, maya.email, notice('Two-factor sign-in is on for your Pitlane account'));
    expect(on.text).toContain('Two-factor sign-in was turned on for your Pitlane account on 1 March 2027 at 10:00 UTC.');

    // The next step's code (the one just used cannot be used again).
    const off = await maya.browser.post('/api/two-factor/disable', { code: await code(NOW.getTime() + TWO_FACTOR.periodSeconds * 1000) });
    expect(off.statusCode).toBe(200);
    const offMail = await mailAfter(sink, mark, maya.email, notice('Two-factor sign-in is off for your Pitlane account'));
    expect(offMail.text).toContain('Two-factor sign-in was turned off for your Pitlane account on 1 March 2027 at 10:00 UTC.');
    expect(mailsAfter(sink, mark, maya.email)).toHaveLength(2);
  });
});
