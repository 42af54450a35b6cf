import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { greetAtOnce } from '../../../scripts/smtp-greet-at-once.ts';

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * A real SMTP server on loopback for tests: the product sends through nodemailer, the test
 * reads what arrived (parsed by mailparser), e.g. to take the OTP code out of the message.
 * Suites take one with harness.ts `useSmtpSink()`.
 */
export async function startSmtpSink(options: { port?: number; confirmAfterMs?: number } = {}) {
  const inbox: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Closing waits for open connections only this long (smtp-server's default: 30 s).
    closeTimeout: 1_000,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          // A slow server: the message is in, the sender waits for the confirmation.
          if (options.confirmAfterMs) setTimeout(callback, options.confirmAfterMs);
          else callback();
        })
        .catch(callback);
    },
  });
  greetAtOnce(server);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The newest message to `address`, waiting for it to arrive (up to 5 s). */
    async lastMailTo(address: string): Promise<ParsedMail> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const mail = inbox.findLast((m) => addressesOf(m).includes(address.toLowerCase()));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((a) => (a.address ?? '').toLowerCase()));
}

/** The 6-digit code standing on a line of its own in a message's plain text. */
export function codeIn(mail: ParsedMail): string {
  const match = /^(\d{6})$/m.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no code in mail "${mail.subject}"`);
  return match[1];
}
