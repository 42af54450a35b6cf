import { describe, expect, it } from 'vitest';
import { createMailer, MailNotSentError } from './mailer.ts';
import { codeMessage } from './messages.ts';
import { useSmtpSink } from '../../../test/harness.ts';
import { codeIn } from '../../../test/smtp-sink.ts';
import { startMailServer } from '../../../test/mail-server.ts';

describe('mail', () => {
  const sink = useSmtpSink();

  it('delivers a code message over real SMTP with plain-text and HTML bodies', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, timeoutMs: 5_000, from: 'Pitlane <no-reply@pitlane.test>', logger: { info() {} } });
    await mailer.send(codeMessage('maya@example.com', 'register', '482913', 10));
    mailer.close();

    const mail = await sink.lastMailTo('maya@example.com');
    expect(mail.subject).toBe('Your Pitlane verification code');
    expect(mail.from?.text).toContain('no-reply@pitlane.test');
    expect(codeIn(mail)).toBe('482913');
    expect(mail.html).toContain('482913');
    expect(mail.text).toContain('expires in 10 minutes');
  });

  it.each(['down', 'silent', 'stalled'] as const)('fails with MailNotSentError within its bound when the server is %s', async (state) => {
    const server = await startMailServer();
    try {
      await server.set(state);
      const mailer = createMailer({ smtpUrl: server.url, timeoutMs: 500, from: 'Pitlane <no-reply@pitlane.test>', logger: { info() {} } });
      const started = performance.now();
      const error = await mailer.send(codeMessage('maya@example.com', 'register', '482913', 10)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailNotSentError);
      expect(performance.now() - started).toBeLessThan(5_000); // the bound, not nodemailer's minutes
    } finally {
      await server.close();
    }
  });

  it('without SMTP prints the whole message for a person, the code on its own line, and keeps it out of the log', async () => {
    const lines: string[] = [];
    const printed: string[] = [];
    const mailer = createMailer({
      timeoutMs: 5_000,
      from: 'Pitlane <no-reply@pitlane.test>',
      logger: { info: (obj, msg) => lines.push(`${JSON.stringify(obj)} ${msg}`) },
      print: (text) => printed.push(text),
    });
    await mailer.send(codeMessage('lee@example.com', 'reset-password', '000731', 10));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('To: lee@example.com');
    expect(printed[0]).toContain('Subject: Your Pitlane password reset code');
    expect(printed[0]).toMatch(/^000731$/m);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('lee@example.com');
    expect(lines[0]).not.toContain('000731');
  });

  it('escapes HTML in what it puts into the HTML body', () => {
    const message = codeMessage('x@example.com', 'register', '<b>1</b>', 10);
    expect(message.html).not.toContain('<b>1</b>');
    expect(message.html).toContain('&#60;b&#62;1&#60;/b&#62;');
  });
});
