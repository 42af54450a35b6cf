import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where every e-mail of the product goes: a real SMTP server, or the development outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface OutboxLogger {
  info(obj: object, msg: string): void;
}

export interface MailerOptions {
  /** e.g. `smtp://127.0.0.1:2525`; unset → the development outbox. */
  smtpUrl?: string | undefined;
  /** The most one send may take (SMTP_TIMEOUT_MS); then it fails with MailNotSentError. */
  timeoutMs: number;
  from: string;
  logger: OutboxLogger;
  /**
   * The development outbox prints each message here as plain text, for a person to read in the
   * console (default: standard error). JSON log lines would escape its line breaks.
   */
  print?: (text: string) => void;
}

/**
 * A send that failed: the SMTP server refused the connection, did not answer within the bound,
 * or refused the message. The caller answers 503 (the person can try again); `cause` says why.
 */
export class MailNotSentError extends Error {
  override name = 'MailNotSentError';
}

/**
 * Over SMTP, one bound covers the whole send, because that is what the person waits for (the
 * "Sending OTP..." button). nodemailer's own defaults would wait 2 minutes to connect, 30 s for
 * the greeting and 10 minutes of silence mid-conversation; here every phase gets the same bound
 * (so a dead or black-holed server, or one that accepts and never greets, is given up on in
 * time) and an AbortSignal ends the whole send at the bound, closing the connection, even if a
 * server trickles its answers so that no single phase times out. No pool: each send has its own
 * connection, so one stuck send cannot hold up the next.
 */
export function createMailer({ smtpUrl, timeoutMs, from, logger, print }: MailerOptions): Mailer {
  if (!smtpUrl) return createDevOutbox(logger, print ?? ((text) => process.stderr.write(text)));
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  return {
    async send(message) {
      // `signal` is nodemailer's (sendMail aborts and closes the connection); its types lag.
      const mail: SMTPTransport.MailOptions & { signal: AbortSignal } = { from, ...message, signal: AbortSignal.timeout(timeoutMs) };
      try {
        await transport.sendMail(mail);
      } catch (error) {
        throw new MailNotSentError(`The mail to ${message.to} was not sent.`, { cause: error });
      }
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP (a fresh `npm start`), each message is printed in full as a plain-text block, the
 * code on a line of its own, so a person can register with the code from the console. The log
 * gets one line saying a message went out, without its body (codes stay out of log files).
 */
function createDevOutbox(logger: OutboxLogger, print: (text: string) => void): Mailer {
  return {
    async send(message) {
      logger.info({ mail: { to: message.to, subject: message.subject } }, `dev outbox: mail to ${message.to} printed to the console`);
      const rule = '-'.repeat(72);
      print(`\n${rule}\nDevelopment outbox (SMTP_URL is not set)\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text.trimEnd()}\n${rule}\n\n`);
    },
    close: () => {},
  };
}
