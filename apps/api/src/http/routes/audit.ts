import { adminPaths, auditPageSchema, auditQuery } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage } from '../../views/back-office/audit.ts';
import { ADMIN_TAG, STAFF_COOKIE } from '../openapi.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    adminPaths.auditLog.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: 'The audit log, newest first (owner)',
        description:
          'Filters: `staffId`, `action` (e.g. `staff.invite`), `entityType` and `entityId`, `from` (inclusive) and ' +
          '`to` (exclusive) as ISO date-times or plain dates (midnight in Riyadh); paged by `page` and `pageSize`.',
        security: STAFF_COOKIE,
        querystring: auditQuery,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => auditPage(app.db, request.query),
  );
};
