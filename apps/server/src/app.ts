// Builds the Fastify application: plugins, error handling, API modules and (in production)
// the web app. No listening here, so tests drive it with `app.inject()`.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { LIVE_PATH } from '@pitlane/api/contract';
import type { Config } from './config.ts';
import { openDatabase, type Database, type DatabaseKind, type Db } from './db/client.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { activeSessionsRoutes } from './modules/auth/active-sessions.ts';
import { exportRoutes } from './modules/export/routes.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { oidcRoutes } from './modules/auth/oidc.ts';
import { registerSessions } from './modules/auth/sessions.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerMedia } from './modules/media/routes.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { suggestionsRoutes } from './modules/suggestions/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { commentsRoutes } from './modules/comments/routes.ts';
import { communitiesRoutes } from './modules/communities/routes.ts';
import { docsRoutes } from './modules/docs/routes.ts';
import { garageRoutes } from './modules/garage/routes.ts';
import { LocalLiveBus, type LiveBus } from './modules/live/bus.ts';
import { RedisLiveBus } from './modules/live/redis-bus.ts';
import { liveRoutes, RECONNECT_MS, registerLive } from './modules/live/routes.ts';
import { JOBS_CLOSE_MS, openJobQueue, type JobQueue } from './modules/jobs/queue.ts';
import { registerFanOut } from './modules/posts/fanout.ts';
import { registerSecurityNotices } from './modules/mail/notices.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { meetsRoutes } from './modules/meets/routes.ts';
import { registerMeetReminders } from './modules/meets/service.ts';
import { postsRoutes } from './modules/posts/routes.ts';
import { safetyRoutes } from './modules/safety/routes.ts';
import { moderationRoutes } from './modules/moderation/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { tagsRoutes } from './modules/tags/routes.ts';
import { connectRedis, type SharedRedis } from './redis/client.ts';
import { registerDraining } from './plugins/draining.ts';
import { registerErrorHandling, registerNotFound } from './plugins/errors.ts';
import { registerInputGuards } from './plugins/input-guards.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { isPageRequest, registerWebApp } from './plugins/web-app.ts';
import { trackTlsConnections, tlsServerOptions } from './tls.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** drizzle over PGlite or PostgreSQL; the same API either way. */
    db: Db;
    databaseKind: DatabaseKind;
    /** The current time; tests inject a clock to expire codes and sessions without waiting. */
    now(): Date;
    /** Where the product's e-mail goes (SMTP, or the development outbox). */
    mailer: Mailer;
    /** The Redis shared by every instance (REDIS_URL), or null: the rate limits stay in this process. */
    redis: SharedRedis | null;
    /** The job queue (pg-boss on the same database): feed fan-outs. */
    jobs: JobQueue;
  }
}

export interface AppDependencies {
  /**
   * An open, migrated database. The caller owns it and closes it after the app. Without one,
   * buildApp opens (but does not migrate) the database the config names and closes it with the app.
   */
  database?: Database;
  /** Where log lines go (default stdout). Tests pass a stream to read what was logged. */
  logStream?: { write(line: string): void };
  /** Extra routes registered under /api before the app is ready (tests, one-off tools). */
  extraApiRoutes?: FastifyPluginAsyncZod;
  /** The clock (default: the system's). */
  clock?: () => Date;
  /** Instead of the mailer the config names (tools; tests use a real SMTP sink through SMTP_URL). */
  mailer?: Mailer;
  /** Where live signals travel (modules/live); default: in this process (or Redis when configured). */
  liveBus?: LiveBus;
  /**
   * What every Redis key of this app starts with (default `pitlane:`): tests give each test its
   * own, so test files running at once on one Redis do not count against each other.
   */
  redisKeyPrefix?: string;
}

export type App = FastifyInstance;

/** The sender of the product's e-mail: no-reply at the public host. */
function mailFrom(config: Config): string {
  return `Pitlane <no-reply@${new URL(config.publicUrl).hostname}>`;
}

/**
 * Config's trustProxy as Fastify takes it. A hop count becomes proxy-addr's own hop rule as a
 * function: Fastify 5.12 turns a bare number into "trust nothing" (it cannot tell whether the
 * nearest peer is a proxy at all), so `TRUST_PROXY=1` would silently change nothing. Counting
 * hops is right only where clients cannot reach the server but through the proxies, which
 * README.md says next to the setting (list the proxies' addresses otherwise).
 */
function fastifyTrustProxy(trustProxy: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return (_address, hop) => hop < hops;
}

export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // The session cookie and credentials, wherever headers are logged: the request's, and those
      // plugins print at debug and trace (@fastify/multipart logs busboy's options with them).
      redact: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.headers.cookie',
        '*.headers.authorization',
        '*.headers["set-cookie"]',
      ],
      ...(dependencies.logStream ? { stream: dependencies.logStream } : {}),
    },
    // TRUST_PROXY: which X-Forwarded-For (and -Proto, -Host) to believe. Off, the client address
    // is the connection's: behind a load balancer every client would share its address, and one
    // per-client rate-limit budget. On, `request.ip` (what the limits key on) is the client's.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // While closing, new requests answer 503 with our sentence (plugins/draining.ts).
    return503OnClosing: false,
    // Requests the router refuses itself (a malformed or overlong path) answer `{ message }` too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long.' : 'The address is not valid.';
      return reply.code(status).send({ message });
    },
    // TLS_CERT/TLS_KEY: HTTPS with HTTP/2 (HTTP/1.1 over TLS too); nothing without them (tls.ts).
    ...tlsServerOptions(config),
  }).withTypeProvider<ZodTypeProvider>();

  try {
    trackTlsConnections(app, config);
    registerDraining(app, { eventStreams: [{ path: LIVE_PATH, retryMs: RECONNECT_MS }] });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);

    const database =
      dependencies.database ??
      (await openDatabase(config, { onError: (error) => app.log.error({ err: error }, 'database connection error') }));
    // The job queue on that database (modules/jobs), closed before it: running jobs get 2 s to
    // finish; one still running then is retried (by another instance, or this one's next start).
    let jobs: JobQueue | null = null;
    app.addHook('onClose', async () => {
      await jobs?.close(JOBS_CLOSE_MS);
      if (!dependencies.database) await database.close();
    });
    jobs = await openJobQueue(database, app.log);
    app.decorate('jobs', jobs);
    app.decorate('config', config);
    app.decorate('db', database.db);
    app.decorate('databaseKind', database.kind);
    app.decorate('now', dependencies.clock ?? (() => new Date()));
    const mailer = dependencies.mailer ?? createMailer({
        smtpUrl: config.smtpUrl ?? undefined,
        timeoutMs: config.smtpTimeoutMs,
        from: mailFrom(config),
        logger: app.log,
      });
    if (!dependencies.mailer) app.addHook('onClose', async () => mailer.close());
    app.decorate('mailer', mailer);
    if (!config.smtpUrl && !dependencies.mailer) {
      app.log.warn('SMTP_URL is not set: e-mails, with their codes, are printed to this console (development outbox).');
    }

    await registerSecurityHeaders(app, config);

    registerErrorHandling(app);
    await registerMedia(app, config);
    await app.register(fastifyCookie);

    const redis = config.redisUrl
      ? await connectRedis(config.redisUrl, { log: app.log, ...(dependencies.redisKeyPrefix ? { keyPrefix: dependencies.redisKeyPrefix } : {}) })
      : null;
    if (redis) app.addHook('onClose', async () => redis.close());
    app.decorate('redis', redis);
    // Live signals: over Redis pub/sub between instances when configured, else in this process.
    const liveBus = dependencies.liveBus ?? (redis ? await RedisLiveBus.open(redis, app.log) : new LocalLiveBus());
    if (!dependencies.liveBus) app.addHook('onClose', async () => liveBus.close());
    registerLive(app, liveBus);
    // Limits are set per route (modules/auth/rate-limits.ts); nothing is limited globally. With
    // Redis they are counted there, shared by every instance; when it fails at request time the
    // per-client limit is skipped (skipOnError, fail open; the reasons are in rate-limits.ts).
    await app.register(fastifyRateLimit, {
      global: false,
      allowList: config.rateLimitAllowList,
      ...(redis ? { redis: redis.client, nameSpace: `${redis.keyPrefix}rl:client:`, skipOnError: true } : {}),
    });

    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        // Cross-site request refusal and the session of every /api request, then the modules.
        registerSessions(api);
        registerInputGuards(api);
        await api.register(authRoutes);
        await api.register(oidcRoutes);
        await api.register(activeSessionsRoutes);
        await api.register(exportRoutes);
        await api.register(twoFactorRoutes);
        await api.register(usersRoutes);
        await api.register(suggestionsRoutes);
        await api.register(postsRoutes);
        await api.register(commentsRoutes);
        await api.register(communitiesRoutes);
        await api.register(garageRoutes);
        await api.register(meetsRoutes);
        await api.register(safetyRoutes);
        await api.register(moderationRoutes);
        await api.register(searchRoutes);
        await api.register(tagsRoutes);
        await api.register(notificationsRoutes);
        await api.register(liveRoutes);
        await api.register(docsRoutes);
        if (dependencies.extraApiRoutes) await api.register(dependencies.extraApiRoutes);
      },
      { prefix: '/api' },
    );

    const answerPage = config.serveWebApp ? await registerWebApp(app, config) : null;
    registerNotFound(app, answerPage ? { isPageRequest, answer: answerPage } : null);

    await registerFanOut(app);
    await registerMeetReminders(app);
    await registerSecurityNotices(app);
    await app.ready();
    return app;
  } catch (error) {
    // Release what was set up (the database this app opened); report the original failure.
    await app.close().catch(() => {});
    throw error;
  }
}
