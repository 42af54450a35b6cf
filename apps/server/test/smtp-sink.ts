import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

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

interface PendingConnection {
  init(): void;
  _setListeners(ready: () => void): void;
  connectionReady(): void;
}

/**
 * smtp-server holds every new connection 100 ms before its greeting, to catch clients that talk
 * too soon (smtp-connection.js `init`, no option turns it off). The product sends each mail on a
 * connection of its own, so every mail a test waits for (a registration code: two or three per
 * test, thousands per run) cost those 100 ms: 106 ms a send against ~6 without them. The sink
 * greets as soon as the connection's listeners are set; the rest of the conversation is the
 * library's own. Should smtp-server rename what this reaches for, the sink fails at its first
 * connection, loudly, rather than going slow again.
 */
function greetAtOnce(server: SMTPServer) {
  const connections = (server as unknown as { connections: Set<PendingConnection> }).connections;
  const add = connections.add.bind(connections);
  connections.add = (connection) => {
    if (typeof connection._setListeners !== 'function' || typeof connection.connectionReady !== 'function') {
      throw new Error('smtp-server changed: the test sink cannot skip its greeting delay (smtp-sink.ts greetAtOnce)');
    }
    connection.init = () => connection._setListeners(() => connection.connectionReady());
    return add(connection);
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
