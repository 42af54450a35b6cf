// HTTPS with HTTP/2 in this process, when TLS_CERT and TLS_KEY name a certificate (issue 22).
//
// Why: a page's first load is two dozen scripts, a style sheet, fonts and API replies. Over
// HTTP/1.1 a browser opens 6 connections per origin and queues the rest; over HTTP/2 they all go
// at once on one connection. Behind a proxy that ends TLS (deploy/nginx.conf) leave both unset:
// the proxy speaks HTTP/2 to browsers and HTTP/1.1 to us.
//
// - `allowHTTP1`: clients without HTTP/2 (curl --http1.1, old tools, health checks) still get
//   HTTP/1.1 over TLS; ALPN picks h2 for every browser.
// - What HTTP/2 changes for the rest of the server: connection-level headers (`Connection:
//   close`) do not exist there (plugins/draining.ts and the live stream send them on HTTP/1.1
//   only). A graceful shutdown works as on HTTP/1.1: Node 24's server.close() says GOAWAY to
//   every session, whose requests in flight still finish (test/tls.test.ts). The hard stop
//   (main.ts, past SHUTDOWN_TIMEOUT_MS) needs `cutConnections`: an HTTP/2 server has no
//   closeAllConnections().
import fs from 'node:fs';
import type { Http2SecureServer } from 'node:http2';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ConfigError, type Config } from './config.ts';

function readPem(variable: string, file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(`Invalid configuration:\n  ${variable} cannot be read: ${file} (${reason})`);
  }
}

/**
 * Fastify's options for HTTPS with HTTP/2 (and HTTP/1.1 over TLS), or none without TLS. Typed as
 * adding nothing: the app is typed as the HTTP/1.1 server it is otherwise, and every request it
 * handles uses what HTTP/1.1 and HTTP/2 requests share (Node's compatibility API).
 */
export function tlsServerOptions(config: Pick<Config, 'tls'>): object {
  if (!config.tls) return {};
  return {
    http2: true,
    https: { allowHTTP1: true, cert: readPem('TLS_CERT', config.tls.certFile), key: readPem('TLS_KEY', config.tls.keyFile) },
  };
}

/** Whether the request came over HTTP/2 (no connection-level headers there). */
export function isHttp2(request: { raw: { httpVersionMajor: number } }): boolean {
  return request.raw.httpVersionMajor >= 2;
}

/** Per server with TLS: ends every connection it has at once. */
const cutters = new WeakMap<object, () => void>();

/** With TLS: keeps the server's connections, so `cutConnections` can end them. Call right after Fastify(). */
export function trackTlsConnections(app: FastifyInstance, config: Pick<Config, 'tls'>): void {
  if (!config.tls) return;
  const server = app.server as unknown as Http2SecureServer;
  const sockets = new Set<Socket>();
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  cutters.set(app.server, () => {
    for (const socket of sockets) socket.destroy();
  });
}

/** Ends every connection at once, requests in flight with them (the shutdown's hard stop). */
export function cutConnections(app: FastifyInstance): void {
  const cut = cutters.get(app.server);
  if (cut) cut();
  else app.server.closeAllConnections();
}
