// Builds the Fastify application: plugins, error handling, API modules and (in production)
// the web app. No listening here, so tests drive it with `app.inject()`.
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database, type DatabaseKind, type Db } from './db/client.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerErrorHandling, registerNotFound } from './plugins/errors.ts';
import { isPageRequest, registerWebApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** drizzle over PGlite or PostgreSQL; the same API either way. */
    db: Db;
    databaseKind: DatabaseKind;
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
}

export type App = FastifyInstance;

function contentSecurityPolicy(config: Config) {
  const imageSources = ["'self'", 'data:', 'blob:'];
  if (config.s3?.publicUrl) imageSources.push(new URL(config.s3.publicUrl).origin);
  else if (config.s3?.endpoint) imageSources.push(new URL(config.s3.endpoint).origin);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // 'unsafe-inline' for styles only: Radix dialogs (react-remove-scroll) inject <style> tags.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // data: for inline SVG/placeholder images, blob: for previews of photos being uploaded.
      imgSrc: imageSources,
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      // Only when the public origin is https: on plain http it would break every asset.
      ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...(dependencies.logStream ? { stream: dependencies.logStream } : {}),
    },
    // Behind a proxy in production the client address comes from X-Forwarded-For; the
    // identity and rate-limit work decides whether to trust it.
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();

  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);

    const database =
      dependencies.database ??
      (await openDatabase(config, { onError: (error) => app.log.error({ err: error }, 'database connection error') }));
    if (!dependencies.database) app.addHook('onClose', async () => database.close());
    app.decorate('config', config);
    app.decorate('db', database.db);
    app.decorate('databaseKind', database.kind);

    await app.register(fastifyHelmet, {
      contentSecurityPolicy: contentSecurityPolicy(config),
      // The SPA loads avatars and post photos from the media store, possibly another origin.
      crossOriginResourcePolicy: { policy: 'same-site' },
      frameguard: { action: 'deny' },
    });

    registerErrorHandling(app);

    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        if (dependencies.extraApiRoutes) await api.register(dependencies.extraApiRoutes);
      },
      { prefix: '/api' },
    );

    const answerPage = config.serveWebApp ? await registerWebApp(app, config) : null;
    registerNotFound(app, answerPage ? { isPageRequest, answer: answerPage } : null);

    await app.ready();
    return app;
  } catch (error) {
    // Release what was set up (the database this app opened); report the original failure.
    await app.close().catch(() => {});
    throw error;
  }
}
