// A mail server at a fixed address (one SMTP_URL for the app) whose behaviour the test switches,
// to see what the product does when mail is down or slow, and when it comes back:
//
//   'down'    nothing listens: the connection is refused at once;
//   'silent'  accepts the connection and never greets (a hung or overloaded server);
//   'stalled' talks SMTP, takes the whole message and never confirms it (stuck mid-DATA);
//   'up'      the real sink (smtp-sink.ts): mail arrives and the test reads it;
//   'slow'    the same, but confirms each message only SLOW_CONFIRM_MS after taking it.
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

export type MailServerState = 'down' | 'silent' | 'stalled' | 'up' | 'slow';

export const SLOW_CONFIRM_MS = 1_500;

export interface MailServer {
  url: string;
  /** Switches to `state`; with 'up' or 'slow', resolves with the sink the mail goes to. */
  set(state: 'up' | 'slow'): Promise<SmtpSink>;
  set(state: MailServerState): Promise<SmtpSink | null>;
  close(): Promise<void>;
}

/** A free loopback port: listened on once, then released. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Listens on `port`, keeping every connection open and silent until closed. */
async function startSilent(port: number): Promise<() => Promise<void>> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
}

/** A real SMTP server on `port` that reads every message and never answers its DATA. */
async function startStalled(port: number): Promise<() => Promise<void>> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream) {
      stream.resume(); // read it all, confirm nothing
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Starts in state 'down' on a free port. */
export async function startMailServer(): Promise<MailServer> {
  const port = await freePort();
  let stop: (() => Promise<void>) | null = null;
  const close = async () => {
    await stop?.();
    stop = null;
  };
  const set = async (state: MailServerState): Promise<SmtpSink | null> => {
    await close();
    if (state === 'silent') stop = await startSilent(port);
    if (state === 'stalled') stop = await startStalled(port);
    if (state === 'up' || state === 'slow') {
      const sink = await startSmtpSink({ port, ...(state === 'slow' ? { confirmAfterMs: SLOW_CONFIRM_MS } : {}) });
      stop = sink.close;
      return sink;
    }
    return null;
  };
  return { url: `smtp://127.0.0.1:${port}`, set: set as MailServer['set'], close };
}
