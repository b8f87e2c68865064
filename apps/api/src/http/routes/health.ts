import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@shop/contract';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { sameSecret } from '../../lib/same-secret.ts';

const up = z.enum(['up', 'down']);

export interface HealthOptions {
  database: Database;
  /** Whether Redis answers; absent when the shop runs without it. */
  redisUp?: () => boolean;
}

/**
 * Health for a proxy or an orchestrator, and the metrics for Prometheus. Liveness says only that
 * the process answers (restart it when it does not); readiness says whether it can serve now
 * (send it traffic): the database answers. Redis away is reported but leaves the process ready:
 * the shop keeps selling with per-process limits, and taking every process out of rotation for
 * it would stop the shop. A process shutting down answers 503 to everything (Fastify's own).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { database, redisUp }) => {
  const readiness = async () => {
    const databaseUp = await database.ping();
    return {
      status: databaseUp ? ('ok' as const) : ('unavailable' as const),
      database: databaseUp ? ('up' as const) : ('down' as const),
      ...(redisUp && { redis: redisUp() ? ('up' as const) : ('down' as const) }),
    };
  };
  const readySchema = z.object({
    status: z.enum(['ok', 'unavailable']),
    database: up,
    redis: up.optional().describe('present when the shop runs with Redis'),
  });

  // The old health path answers what readiness answers, for the monitors that still ask it.
  const readyPaths = [
    [apiPaths.health.pattern, 'Database reachability (the same answer as /api/health/ready)'],
    [
      apiPaths.healthReady.pattern,
      'Readiness: 200 while the database answers (Redis away is reported, not refused)',
    ],
  ] as const;
  for (const [url, summary] of readyPaths)
    app.get(
      url,
      {
        config: { rateLimit: false },
        schema: { tags: ['health'], summary, response: { 200: readySchema, 503: readySchema } },
      },
      async (_request, reply) => {
        const answer = await readiness();
        return reply.status(answer.database === 'up' ? 200 : 503).send(answer);
      },
    );

  app.get(
    apiPaths.healthLive.pattern,
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (the database is not asked)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  const metrics = app.metrics;
  const token = app.config.metricsToken;
  if (!metrics || !token) return;
  app.get(
    apiPaths.metrics.pattern,
    {
      schema: {
        tags: ['health'],
        summary: 'The shop’s figures in Prometheus’s text format (with METRICS_TOKEN as a bearer token)',
        description:
          'Present only when METRICS_TOKEN is set; `Authorization: Bearer <METRICS_TOKEN>`, else 401. ' +
          'Requests by route pattern, page cache, admission gates, database pool, Redis, event loop, ' +
          'memory, mail, and orders, payments and refunds as the database holds them.',
        security: [{ metricsToken: [] }],
      },
    },
    async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) throw new AppError(401, 'METRICS_UNAUTHORIZED');
      const { text, contentType } = await metrics.scrape();
      return reply.type(contentType).header('cache-control', 'no-store').send(text);
    },
  );
};
