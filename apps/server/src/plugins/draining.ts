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
import type { FastifyInstance } from 'fastify';

export interface DrainingOptions {
  /** The Server-Sent Events paths (as routed), and the `retry:` each tells its browsers. */
  eventStreams?: ReadonlyArray<{ path: string; retryMs: number }>;
}

export const RESTARTING_MESSAGE = 'Pitlane is restarting. Please try again in a moment.';

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
      return reply
        .code(200)
        .header('connection', 'close')
        .header('cache-control', 'no-cache, no-transform')
        .type('text/event-stream; charset=utf-8')
        .send(`retry: ${stream.retryMs}\n\n`);
    }
    return reply.code(503).header('connection', 'close').send({ message: RESTARTING_MESSAGE });
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
    return payload;
  });
  // An answer whose headers went out before the close (a long download) kept its keep-alive.
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
}
