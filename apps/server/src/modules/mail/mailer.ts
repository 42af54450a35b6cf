import nodemailer from 'nodemailer';

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
  from: string;
  logger: OutboxLogger;
  /**
   * The development outbox prints each message here as plain text, for a person to read in the
   * console (default: standard error). JSON log lines would escape its line breaks.
   */
  print?: (text: string) => void;
}

export function createMailer({ smtpUrl, from, logger, print }: MailerOptions): Mailer {
  if (!smtpUrl) return createDevOutbox(logger, print ?? ((text) => process.stderr.write(text)));
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
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
