import type { MailMessage } from './mailer.ts';

export type CodePurpose = 'register' | 'reset-password' | 'delete-account';

const subjects: Record<CodePurpose, string> = {
  register: 'Your Pitlane verification code',
  'reset-password': 'Your Pitlane password reset code',
  'delete-account': 'Confirm deleting your Pitlane account',
};

const intros: Record<CodePurpose, string> = {
  register: 'Welcome to Pitlane! Enter this code to verify your e-mail address:',
  'reset-password': 'Someone asked to reset the password of your Pitlane account. Enter this code to choose a new one:',
  'delete-account': 'You asked to delete your Pitlane account. Enter this code to confirm. This is permanent:',
};

/** A one-time-code e-mail: plain text and HTML, the code on a line of its own in both. */
export function codeMessage(to: string, purpose: CodePurpose, code: string, validMinutes: number): MailMessage {
  const outro = `The code expires in ${validMinutes} minutes. If you did not ask for it, ignore this e-mail.`;
  const text = `${intros[purpose]}\n\n${code}\n\n${outro}\n`;
  const html = `<!doctype html>
<html><body style="font-family:Inter,Arial,sans-serif;color:#111315">
<p>${escapeHtml(intros[purpose])}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-variant-numeric:tabular-nums">${escapeHtml(code)}</p>
<p style="color:#5b616b">${escapeHtml(outro)}</p>
</body></html>`;
  return { to, subject: subjects[purpose], text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a security notice (notices.ts) tells the account's owner happened. */
export type SecurityNotice = 'password-changed' | 'two-factor-on' | 'two-factor-off';

const noticeSubjects: Record<SecurityNotice, string> = {
  'password-changed': 'Your Pitlane password was changed',
  'two-factor-on': 'Two-factor sign-in is on for your Pitlane account',
  'two-factor-off': 'Two-factor sign-in is off for your Pitlane account',
};

const noticeWhat: Record<SecurityNotice, string> = {
  'password-changed': 'The password of your Pitlane account was changed',
  'two-factor-on': 'Two-factor sign-in was turned on for your Pitlane account',
  'two-factor-off': 'Two-factor sign-in was turned off for your Pitlane account',
};

/** Day and minute in UTC, said so: the server does not know the reader's zone. */
const noticeTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/**
 * A security notice: what changed and when, and what to do if it was not the owner (reset the
 * password by e-mail, which ends every session). No link to sign in: a notice never asks for a
 * password, so a phishing copy of it stands out.
 */
export function noticeMessage(to: string, kind: SecurityNotice, at: Date, resetUrl: string): MailMessage {
  const what = `${noticeWhat[kind]} on ${noticeTime.format(at)} UTC.`;
  const ifNot = `If this was you, there is nothing to do. If it was not, reset your password now at ${resetUrl}: that signs everyone else out.`;
  const text = `${what}\n\n${ifNot}\n`;
  const html = `<!doctype html>
<html><body style="font-family:Inter,Arial,sans-serif;color:#111315">
<p>${escapeHtml(what)}</p>
<p style="color:#5b616b">${escapeHtml(ifNot)}</p>
</body></html>`;
  return { to, subject: noticeSubjects[kind], text, html };
}
