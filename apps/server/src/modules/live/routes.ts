// GET /api/live (LIVE_PATH): the signed-in person's Server-Sent Events stream, and `app.live`,
// which the modules tell what happened after their commit:
//
//   app.live.publish({ kind: 'notifications', userId: post.authorId });
//
// The stream opens with `retry:` (how long the browser waits before reconnecting after a restart
// or a lost connection) and the unread count, then carries `LiveEvent`s as `data:` lines. The
// browser's EventSource reconnects by itself; while it cannot, the app polls (packages/api
// useLiveStream). The stream is hijacked from Fastify (no serializer, no onSend hooks), so its
// headers are written here; the app closing ends every stream first (preClose), or a shutdown
// would wait for them.
import type { FastifyInstance } from 'fastify';
import { LIVE_PATH, type LiveEvent } from '@pitlane/api/contract';
import { HttpError } from '../../plugins/errors.ts';
import { isHttp2 } from '../../tls.ts';
import { requireSession } from '../auth/sessions.ts';
import { localPath } from '../contract-route.ts';
import type { LiveBus, LiveSignal } from './bus.ts';
import { LiveHub, MAX_STREAMS_PER_PERSON, type LiveConnection } from './hub.ts';

/** How long the browser waits before it reconnects (the EventSource `retry` field). */
export const RECONNECT_MS = 3_000;
export const TOO_MANY_STREAMS_MESSAGE = 'Pitlane is open in too many windows. Close a few and reload this page.';

export interface Live {
  /** Tells every instance (after the write committed). */
  publish(signal: LiveSignal): void;
  readonly hub: LiveHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

/** Decorates `app.live` (on the root, so every module sees it) over `bus`. */
export function registerLive(app: FastifyInstance, bus: LiveBus): Live {
  const hub = new LiveHub(bus, { db: app.db, now: () => app.now(), log: app.log });
  const live: Live = {
    publish(signal) {
      bus.publish(signal);
    },
    hub,
  };
  app.decorate('live', live);
  app.addHook('onReady', async () => hub.start());
  app.addHook('preClose', async () => hub.close());
  return live;
}

/** The stream route, in the /api scope (after the session hook). */
export async function liveRoutes(api: FastifyInstance): Promise<void> {
  api.get(localPath(LIVE_PATH), { onRequest: requireSession }, async (request, reply) => {
    const viewer = request.viewer!;
    const { hub } = api.live;
    if (hub.streamsOf(viewer.user.id) >= MAX_STREAMS_PER_PERSON) throw new HttpError(429, TOO_MANY_STREAMS_MESSAGE);
    const first = await hub.unreadEvent(viewer.user.id);

    reply.hijack();
    const raw = reply.raw;
    // What the hooks set so far (a renewed session cookie, security headers), then the stream's own.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: proxies must not compress or hold it; X-Accel-Buffering: nginx must not buffer it.
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      // A stream the server ends (shutdown, session gone) closes its connection too: kept alive,
      // the browser's reconnect could go out on it to a server that no longer takes new streams.
      // HTTP/1.1 only: HTTP/2 has no connection headers; there a shutdown says GOAWAY (tls.ts).
      ...(isHttp2(request) ? {} : { connection: 'close' }),
    });
    raw.write(`retry: ${RECONNECT_MS}\n\n`);

    let open = true;
    const connection: LiveConnection = {
      userId: viewer.user.id,
      sessionTokenHash: viewer.sessionTokenHash,
      send(event: LiveEvent) {
        if (open) raw.write(`data: ${JSON.stringify(event)}\n\n`);
      },
      ping() {
        if (open) raw.write(': ping\n\n');
      },
      end() {
        if (!open) return;
        open = false;
        remove();
        raw.end();
      },
    };
    const remove = hub.add(connection);
    connection.send(first);
    request.raw.on('close', () => connection.end());
  });
}
