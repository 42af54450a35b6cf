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
