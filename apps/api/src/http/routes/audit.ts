import { adminPaths, auditPageSchema, auditQuery } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from '../../modules/audit/service.ts';

const staffCookie: Record<string, string[]>[] = [{ staffSession: [] }];

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    adminPaths.auditLog.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first (owner)',
        description:
          'Filters: `staffId`, `action` (e.g. `staff.invite`), `entityType` and `entityId`, `from` (inclusive) and ' +
          '`to` (exclusive) as ISO date-times or plain dates (midnight in Riyadh); paged by `page` and `pageSize`.',
        security: staffCookie,
        querystring: auditQuery,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );
};
