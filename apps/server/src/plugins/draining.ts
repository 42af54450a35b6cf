// Graceful shutdown, the app's part (main.ts closes the app on SIGTERM/SIGINT). Once app.close()
// starts, Fastify stops accepting connections and Node closes the idle ones; the requests in
// flight run to their normal answer. Two things Fastify 5 leaves to us:
//
// - A keep-alive connection that answers one of those requests would stay open afterwards until
//   its keep-alive timeout (72 s), and server.close() waits for every connection: the shutdown
//   would hang until the hard stop. So every answer sent while closing says `Connection: close`,
//   and connections that fall idle are closed at once.
// - A new request on a connection still open answers 503 with a sentence the UI can show
//   (Fastify's own return503OnClosing answers `message: "Service Unavailable"`). Except on a
//   Server-Sent Events path: a browser's EventSource takes any answer but a stream as the end for
//   good, so it gets an empty stream whose `retry:` says when to come back (to this address,
//   served again by then by this instance restarted or by another one).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isHttp2 } from '../tls.ts';

export interface DrainingOptions {
  /** The Server-Sent Events paths (as routed), and the `retry:` each tells its browsers. */
  eventStreams?: ReadonlyArray<{ path: string; retryMs: number }>;
}

export const RESTARTING_MESSAGE = 'Pitlane is restarting. Please try again in a moment.';

/**
 * `Connection: close`, on HTTP/1.1 only: HTTP/2 has no connection headers (Node drops one with a
 * warning); there the session's GOAWAY ends the connection (tls.ts).
 */
function closeConnection(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return isHttp2(request) ? reply : reply.header('connection', 'close');
}

/** Call with `return503OnClosing: false` in the Fastify options, before any other hook. */
export function registerDraining(app: FastifyInstance, { eventStreams = [] }: DrainingOptions = {}): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    const stream = eventStreams.find(({ path }) => path === request.routeOptions.url);
    if (stream) {
      return closeConnection(request, reply)
        .code(200)
        .header('cache-control', 'no-cache, no-transform')
        .type('text/event-stream; charset=utf-8')
        .send(`retry: ${stream.retryMs}\n\n`);
    }
    return closeConnection(request, reply).code(503).send({ message: RESTARTING_MESSAGE });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (closing && !reply.raw.headersSent) closeConnection(request, reply);
    return payload;
  });
  // An answer whose headers went out before the close (a long download) kept its keep-alive.
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
}
