import { auditQuery, errorMessage, type BackOfficeData } from '@shop/contract';
import type { BackOfficeReadContext } from './staff.ts';
import { listAudit } from '../../modules/audit/service.ts';

/** Reads of the audit log (owner only), with the filters `GET /api/admin/audit` takes. */
export function auditReads(ctx: BackOfficeReadContext): BackOfficeData['audit'] {
  return {
    page: async (filter) => {
      await ctx.member('owner');
      const query = auditQuery.safeParse(filter);
      if (!query.success) {
        const code = query.error.issues.some((issue) => issue.message === 'DATE_RANGE_INVALID')
          ? 'DATE_RANGE_INVALID'
          : 'VALIDATION_FAILED';
        throw Response.json(errorMessage(code, ctx.lang), { status: 400 });
      }
      return listAudit(ctx.db, query.data);
    },
  };
}
