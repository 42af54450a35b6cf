// GET /api/health: is the server up, and can it reach its database?
// Used by the start-up test, container health checks and load balancers.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ message: 'The database is unavailable.' });
      }
      return { status: 'ok' as const, database: app.databaseKind };
    },
  );
};
