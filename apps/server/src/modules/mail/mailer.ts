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
}

export function createMailer({ smtpUrl, from, logger }: MailerOptions): Mailer {
  if (!smtpUrl) return createDevOutbox(logger);
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP (a fresh `npm start`), messages are written to the server log in full, so a
 * person can register and read their code there.
 */
function createDevOutbox(logger: OutboxLogger): Mailer {
  return {
    async send(message) {
      logger.info({ mail: { to: message.to, subject: message.subject } }, `dev outbox: mail to ${message.to}\n${message.text}`);
    },
    close: () => {},
  };
}
