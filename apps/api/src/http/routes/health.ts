import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@shop/contract';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    apiPaths.health.pattern,
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({ status: z.literal('unavailable'), database: z.literal('down') }),
        },
      },
    },
    async (_request, reply) => {
      if (await database.ping()) return { status: 'ok' as const, database: 'up' as const };
      return reply.status(503).send({ status: 'unavailable' as const, database: 'down' as const });
    },
  );
};
