// HTTPS with HTTP/2 when TLS_CERT and TLS_KEY name a certificate (src/tls.ts, issue 22): browsers
// get HTTP/2 (ALPN), other clients HTTP/1.1 over TLS, both the page and /api; a shutdown lets
// the requests in flight finish and does not wait for idle HTTP/2 connections.
// The certificate is a self-signed one made by `openssl` for localhost and 127.0.0.1, trusted by
// the test's clients as their only CA (no `rejectUnauthorized: false`).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';
import { LIVE_PATH } from '@pitlane/api/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { cutConnections } from '../src/tls.ts';
import { person } from './browser.ts';
import { backends, testConfig, useApp, useMigratedDataDir, useSmtpSink, useTempDir } from './harness.ts';
import { listeningUrl, PROCESS_TEST_MS, startServer } from './server-process.ts';

const INDEX_HTML = '<!doctype html><html><head><title>Pitlane</title></head><body><div id="root"></div></body></html>';

interface Files {
  cert: string;
  key: string;
  dist: string;
}

/** A self-signed certificate for localhost and 127.0.0.1, and a web build of one page, in `dir`. */
function writeFiles(dir: string): Files {
  const files = { cert: path.join(dir, 'cert.pem'), key: path.join(dir, 'key.pem'), dist: path.join(dir, 'dist') };
  if (!fs.existsSync(files.cert)) {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost',
        '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', files.key, '-out', files.cert],
      { stdio: 'ignore' },
    );
    fs.mkdirSync(files.dist);
    fs.writeFileSync(path.join(files.dist, 'index.html'), INDEX_HTML);
  }
  return files;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One GET on an HTTP/2 session. */
function h2Get(session: http2.ClientHttp2Session, pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': pathname, 'accept-encoding': 'identity' });
    let headers: http2.IncomingHttpHeaders = {};
    let body = '';
    stream.setEncoding('utf8');
    stream.on('response', (received) => (headers = received));
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
    stream.on('error', reject);
  });
}

function h2Connect(origin: string, ca: Buffer): Promise<http2.ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { ca });
    session.once('connect', () => resolve(session));
    session.once('error', reject);
  });
}

/** One GET over HTTP/1.1 with TLS (the client offers only http/1.1, as curl --http1.1 does). */
function h1Get(origin: string, pathname: string, ca: Buffer): Promise<Answer & { httpVersion: string; alpn: string | false | null }> {
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions & tls.ConnectionOptions = { ca, ALPNProtocols: ['http/1.1'], agent: false };
    const request = https.get(new URL(pathname, origin), options, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          httpVersion: response.httpVersion,
          alpn: (response.socket as tls.TLSSocket).alpnProtocol,
        }),
      );
    });
    request.on('error', reject);
  });
}

/** What ALPN settles on for a client offering both, as browsers do. */
function negotiated(port: number, ca: Buffer): Promise<string | false | null> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', ca, ALPNProtocols: ['h2', 'http/1.1'] }, () => {
      resolve(socket.alpnProtocol);
      socket.end();
    });
    socket.on('error', reject);
  });
}

/** A promise and its resolve function (Promise.withResolvers, which the server's ES lib lacks). */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A request the test finishes when it likes: one in flight during a shutdown. */
function slowRoute() {
  let arrived = deferred();
  let release = deferred();
  const routes: FastifyPluginAsyncZod = async (api) => {
    api.get('/test/slow', async () => {
      arrived.resolve();
      await release.promise;
      return { finished: true };
    });
  };
  return {
    routes,
    /** Resolves once the next slow request has reached its handler. */
    started: () => arrived.promise,
    finish() {
      release.resolve();
      arrived = deferred();
      release = deferred();
    },
  };
}

const sink = useSmtpSink();

describe.each(backends)('HTTPS with HTTP/2 on $name', (backend) => {
  const tmp = useTempDir('pitlane-tls-', { per: 'suite' });
  const slow = slowRoute();
  let files: Files;
  const t = useApp(backend, {
    sink,
    extraApiRoutes: slow.routes,
    // A getter: it runs per test, once the temporary folder exists.
    get env() {
      files = writeFiles(tmp.path);
      return { NODE_ENV: 'production', LOG_LEVEL: 'silent', TLS_CERT: files.cert, TLS_KEY: files.key, WEB_DIST_DIR: files.dist };
    },
  });

  async function listen() {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    return { port, origin: `https://localhost:${port}`, ca: fs.readFileSync(files.cert) };
  }

  it('answers the page and /api over HTTP/2, which ALPN picks for a client offering both', async () => {
    const { port, origin, ca } = await listen();
    expect(await negotiated(port, ca)).toBe('h2');

    const session = await h2Connect(origin, ca);
    try {
      expect(session.alpnProtocol).toBe('h2');
      const page = await h2Get(session, '/feeds');
      expect(page.status).toBe(200);
      expect(page.body).toBe(INDEX_HTML);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      // Served over TLS, the public URL defaults to https: HSTS goes out, and the CSP upgrades.
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');

      const health = await h2Get(session, '/api/health');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ status: 'ok', database: backend.kind });
      const missing = await h2Get(session, '/api/nothing-here');
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.body)).toEqual({ message: 'Not found.' });
    } finally {
      session.close();
    }
  });

  it('answers the page and /api over HTTP/1.1 with TLS to a client without HTTP/2', async () => {
    const { origin, ca } = await listen();
    const page = await h1Get(origin, '/login', ca);
    expect(page).toMatchObject({ status: 200, body: INDEX_HTML, httpVersion: '1.1', alpn: 'http/1.1' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const health = await h1Get(origin, '/api/health', ca);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', database: backend.kind });
  });

  it('shuts down with HTTP/2 connections open: the request in flight gets its answer, idle sessions are told GOAWAY', async () => {
    const { origin, ca } = await listen();
    const busy = await h2Connect(origin, ca);
    const idle = await h2Connect(origin, ca);
    expect((await h2Get(idle, '/api/health')).status).toBe(200);
    const idleClosed = new Promise((resolve) => idle.once('close', resolve));
    const idleGoaway = new Promise((resolve) => idle.once('goaway', resolve));

    const inFlight = h2Get(busy, '/api/test/slow');
    await slow.started();
    const closed = t.app.close();
    await idleGoaway;
    slow.finish();

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ finished: true });
    // Node's server.close() tells the idle session GOAWAY: close() does not wait for its timeout (72 s).
    await closed;
    await idleClosed;
    busy.close();
  });

  it('streams live updates over HTTP/2 without connection headers, and a shutdown ends the stream', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const { origin, ca } = await listen();
      const maya = await person(t.app, sink, 'maya');
      // Served over TLS, the session cookie is Secure (PUBLIC_URL defaults to https).
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: maya.email, password: maya.password } });
      expect(login.statusCode).toBe(200);
      expect(String(login.headers['set-cookie'])).toMatch(/; Secure/);
      const cookie = [...maya.browser.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
      const session = await h2Connect(origin, ca);
      const stream = session.request({ ':path': LIVE_PATH, cookie, accept: 'text/event-stream' });
      const ended = new Promise((resolve) => stream.once('close', resolve));
      const headers = await new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once('response', resolve));
      expect(headers[':status']).toBe(200);
      expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
      let received = '';
      stream.setEncoding('utf8');
      await new Promise<void>((resolve) => {
        stream.on('data', (chunk: string) => {
          received += chunk;
          if (/^data: .*\n\n/m.test(received)) resolve();
        });
      });
      expect(received).toMatch(/^retry: \d+\n\n/);

      await t.app.close();
      await ended;
      session.close();
      // Node drops a `Connection` header on HTTP/2 with an UnsupportedWarning: none was set.
      expect(warnings.map((warning) => warning.message)).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it("cuts every connection at once for the shutdown's hard stop, a request in flight included", async () => {
    const { origin, ca } = await listen();
    const session = await h2Connect(origin, ca);
    session.on('error', () => {});
    const sessionClosed = new Promise((resolve) => session.once('close', resolve));
    // A stream cut with its connection ends without an answer (or errs).
    const inFlight = h2Get(session, '/api/test/slow').then(
      (answer) => (answer.status === 200 ? 'answered' : 'cut'),
      () => 'cut',
    );
    await slow.started();
    cutConnections(t.app); // an HTTP/2 server has no closeAllConnections(): this must not throw
    await sessionClosed;
    expect(await inFlight).toBe('cut');
    slow.finish();
  });
});

describe('TLS settings', () => {
  const tmp = useTempDir('pitlane-tls-settings-', { per: 'suite' });

  it('takes TLS_CERT and TLS_KEY together, as absolute paths, and defaults the public URL to https', () => {
    const config = loadConfig({ TLS_CERT: 'certs/fullchain.pem', TLS_KEY: 'certs/privkey.pem', PORT: '8443' });
    expect(config.tls).toEqual({ certFile: path.resolve('certs/fullchain.pem'), keyFile: path.resolve('certs/privkey.pem') });
    expect(config.publicUrl).toBe('https://localhost:8443');
    expect(loadConfig({}).tls).toBeNull();
    expect(() => loadConfig({ TLS_CERT: 'certs/fullchain.pem' })).toThrow('TLS_CERT and TLS_KEY must be set together');
  });

  it('refuses to start, naming the setting, when a file cannot be read', async () => {
    const files = writeFiles(tmp.path);
    const config = testConfig({ TLS_CERT: files.cert, TLS_KEY: path.join(tmp.path, 'missing.pem') });
    const built = buildApp(config);
    await expect(built).rejects.toThrow(ConfigError);
    await expect(built).rejects.toThrow(`TLS_KEY cannot be read: ${path.join(tmp.path, 'missing.pem')} (ENOENT)`);
  });
});

describe('the server process with TLS_CERT and TLS_KEY', () => {
  // The database there already (the run's migrated one): TLS is tested, not a first start.
  const tmp = useMigratedDataDir('pitlane-tls-process-');

  it('listens on https, answers over HTTP/2, and exits 0 on SIGTERM with a browser-like connection still open', async () => {
    const files = writeFiles(tmp.path);
    const server = startServer({ DATA_DIR: tmp.path, WEB_DIST_DIR: files.dist, TLS_CERT: files.cert, TLS_KEY: files.key });
    const url = await listeningUrl(server);
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);

    const session = await h2Connect(url.replace('127.0.0.1', 'localhost'), fs.readFileSync(files.cert));
    expect((await h2Get(session, '/api/health')).status).toBe(200);
    expect((await h2Get(session, '/')).body).toBe(INDEX_HTML);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
    session.close();
  }, PROCESS_TEST_MS);
});
