// GET /api/health: is the server up, and can it reach its database?
// Used by the start-up test, container health checks and load balancers: 503 with Retry-After
// and the same message as any request while the database is unavailable.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDatabaseUnavailable } from '../../plugins/errors.ts';

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: healthResponse,
          503: z.object({ message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        // Whatever failed, the database cannot answer `select 1`: the server is not healthy.
        return sendDatabaseUnavailable(request, reply, error);
      }
      return { status: 'ok' as const, database: app.databaseKind };
    },
  );
};
