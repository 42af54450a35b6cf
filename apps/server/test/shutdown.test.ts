// Graceful shutdown of the real server process (issue 20, item 4): on SIGTERM or SIGINT the
// requests in flight (a photo upload whose body is still arriving, a code whose e-mail is slow)
// finish with their normal answer; nothing new gets in; the database is closed cleanly and the
// process exits 0. A request that outlives SHUTDOWN_TIMEOUT_MS is cut and the process exits 1.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '@pitlane/api/contract';
import { openDatabase } from '../src/db/client.ts';
import { pendingRegistrations, posts } from '../src/db/schema.ts';
import { RECONNECT_MS } from '../src/modules/live/routes.ts';
import { RESTARTING_MESSAGE } from '../src/plugins/draining.ts';
import { PASSWORD } from './browser.ts';
import { backends, createPostgresDatabase, useMigratedDataDir, useTempDir, type PostgresTestDatabase } from './harness.ts';
import { startMailServer, type MailServer } from './mail-server.ts';
import { form, image } from './posts.ts';
import { listeningUrl, PROCESS_TEST_MS, startServer, type Server } from './server-process.ts';
import { codeIn, type SmtpSink } from './smtp-sink.ts';

/** Generous: "exits instead of hanging", far below a timeout of the test. */
const PROMPTLY_MS = 10_000;

const details = (handle: string) => ({ fullName: 'Test Driver', username: handle, email: `${handle}@pitlane.test`, password: PASSWORD });

async function post(url: string, body: unknown, cookie = ''): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
}

/** Registers `handle` through the API and signs in; returns the session cookie. */
async function signedIn(url: string, sink: SmtpSink, handle: string): Promise<string> {
  const person = details(handle);
  expect((await post(`${url}/api/auth/send-otp`, person)).status).toBe(200);
  const otp = codeIn(await sink.lastMailTo(person.email));
  expect((await post(`${url}/api/auth/verify-otp`, { email: person.email, otp })).status).toBe(200);
  const login = await post(`${url}/api/auth/login`, { email: person.email, password: PASSWORD });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/**
 * A photo post whose multipart body is sent in two parts: the first now, the rest on `finish()`
 * (a slow phone upload). `answer` resolves with the status and body, or the error of a cut.
 */
async function slowUpload(url: string, cookie: string) {
  const { payload, headers } = await form({ title: 'Night run', content: 'Empty roads after midnight.' }, [await image('jpeg', 320, 240)]);
  const half = Math.floor(payload.length / 2);
  const request = http.request(`${url}/api/posts/create`, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(payload.length), cookie },
  });
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', (error) => resolve({ error: error.message }));
    });
    request.on('error', (error) => resolve({ error: error.message }));
  });
  request.write(payload.subarray(0, half));
  return { answer, finish: () => request.end(payload.subarray(half)) };
}

/** Resolves once the server's log has a line matching `pattern`. */
async function logged(server: Server, pattern: RegExp): Promise<void> {
  await expect.poll(() => pattern.test(server.output()), { timeout: PROMPTLY_MS, interval: 20 }).toBe(true);
}

/** `port` as /proc/net/tcp writes 127.0.0.1:port (hex, the address little-endian). */
const loopback = (port: number) => `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Resolves once the server process has read everything sent on the connection from `clientPort`:
 * the server's end of it shows an empty receive queue in /proc/net/tcp. Until then the server may
 * not even have accepted it, and a connection the server has read nothing from is idle: the
 * shutdown closes it at once, as it should (HTTP's keep-alive race), which is not what is tested.
 */
async function serverHasRead(serverPort: number, clientPort: number): Promise<void> {
  const local = loopback(serverPort);
  const remote = loopback(clientPort);
  const receiveQueue = () => {
    for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
      const [, localAddress, remoteAddress, , queues] = line.trim().split(/\s+/);
      if (localAddress === local && remoteAddress === remote) return parseInt(queues!.split(':')[1]!, 16);
    }
    return -1;
  };
  await expect.poll(receiveQueue, { timeout: PROMPTLY_MS, interval: 10 }).toBe(0);
}

/** A connection with a request begun (headers not finished): it is busy, not idle, at the signal. */
async function begunRequest(url: string, target = '/api/health') {
  const port = Number(new URL(url).port);
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`GET ${target} HTTP/1.1\r\nHo`);
  await serverHasRead(port, socket.localPort!);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  socket.on('error', () => {});
  return { finish: () => socket.write('st: pitlane.test\r\n\r\n'), closed };
}

/** What a new connection gets: refused, or (in the instant before the port closes) a 503. */
async function newConnection(url: string): Promise<string> {
  try {
    const response = await fetch(`${url}/api/health`);
    return `${response.status} ${await response.text()}`;
  } catch (error) {
    return String((error as { cause?: { code?: string } }).cause?.code);
  }
}

describe.each(backends)('shutting down the server process on $name', (backend) => {
  // One DATA_DIR for the block: a start after the first finds the database migrated (faster).
  // On PGlite the database is there already (the run's migrated one): what is tested is the
  // shutdown, not a first start's initdb and migrations (~8 s on a loaded machine).
  const tmp = backend.kind === 'pglite' ? useMigratedDataDir('pitlane-shutdown-', { per: 'suite' }) : useTempDir('pitlane-shutdown-', { per: 'suite' });
  let postgres: PostgresTestDatabase | null = null;
  let mail: MailServer;
  beforeAll(async () => {
    if (backend.kind === 'postgres') postgres = await createPostgresDatabase();
    mail = await startMailServer();
  });
  afterAll(async () => {
    await mail.close();
    await postgres?.drop();
  });
  afterEach(() => mail.set('down'));

  const dataDir = () => tmp.path;
  const start = (env: Record<string, string> = {}) =>
    startServer({
      DATA_DIR: dataDir(),
      WEB_DIST_DIR: path.join(tmp.path, 'no-build'),
      SMTP_URL: mail.url,
      RATE_LIMIT_ALLOW_LIST: '127.0.0.1',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...env,
    });
  /** The database the process used, opened again after it exited. */
  const reopen = () => openDatabase({ dataDir: dataDir(), databaseUrl: postgres?.url ?? null });

  it.each(['SIGTERM', 'SIGINT'] as const)('on %s finishes an upload and a slow code mail in flight, lets nothing new in, closes the database, exits 0', async (signal) => {
    const server = start();
    const url = await listeningUrl(server);
    const maya = `maya${signal.toLowerCase()}`;
    const lena = `lena${signal.toLowerCase()}`;
    const cookie = await signedIn(url, await mail.set('up'), maya);

    const upload = await slowUpload(url, cookie);
    await logged(server, /"url":"\/api\/posts\/create"/);
    const slowMail = await mail.set('slow');
    const codeSent = post(`${url}/api/auth/send-otp`, details(lena));
    await slowMail.lastMailTo(details(lena).email); // the mail is in, its confirmation pending
    const waiting = await begunRequest(url);
    const reconnecting = await begunRequest(url, LIVE_PATH);

    const signalled = performance.now();
    server.child.kill(signal);
    await logged(server, new RegExp(`${signal} received`));
    waiting.finish();
    reconnecting.finish();
    expect(await waiting.closed).toMatch(new RegExp(`^HTTP/1.1 503 .*"message":"${RESTARTING_MESSAGE}"`, 's'));
    // A browser's EventSource would give up for good on a 503: it is told when to come back.
    expect(await reconnecting.closed).toMatch(new RegExp(`^HTTP/1.1 200 .*content-type: text/event-stream.*\r\n\r\nretry: ${RECONNECT_MS}\n\n$`, 'is'));
    expect(await newConnection(url)).toMatch(/^ECONNREFUSED$|^503 .*restarting/);
    upload.finish();

    const uploaded = await upload.answer;
    expect(uploaded).toMatchObject({ status: 201 });
    const sent = await codeSent;
    expect(sent.status).toBe(200);
    expect(await server.exited).toBe(0);
    const exitedAfterMs = performance.now() - signalled;
    expect(exitedAfterMs).toBeLessThan(PROMPTLY_MS);
    expect(server.output()).toContain('shut down cleanly');
    if (backend.kind === 'pglite') expect(fs.existsSync(path.join(dataDir(), 'db.lock'))).toBe(false);

    // Both answers were committed before the database closed; it opens again as it was.
    const database = await reopen();
    try {
      const { _id } = JSON.parse((uploaded as { body: string }).body) as { _id: string };
      expect(await database.db.select({ title: posts.title }).from(posts).where(eq(posts.id, _id))).toEqual([{ title: 'Night run' }]);
      const pending = await database.db.select({ username: pendingRegistrations.username }).from(pendingRegistrations);
      expect(pending).toContainEqual({ username: lena });
    } finally {
      await database.close();
    }
  }, PROCESS_TEST_MS);

  it('cuts a request that outlives SHUTDOWN_TIMEOUT_MS, says so, and still exits (1), the database closed', async () => {
    const server = start({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const url = await listeningUrl(server);
    const cookie = await signedIn(url, await mail.set('up'), 'sam');
    const upload = await slowUpload(url, cookie); // never finished
    await logged(server, /"url":"\/api\/posts\/create"/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('requests were still running 1 s after the shutdown signal (SHUTDOWN_TIMEOUT_MS); cutting them off');
    expect(await upload.answer).toHaveProperty('error');
    if (backend.kind === 'pglite') expect(fs.existsSync(path.join(dataDir(), 'db.lock'))).toBe(false);
    const database = await reopen();
    await database.close();
  }, PROCESS_TEST_MS);
});
