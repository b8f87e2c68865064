import { adminOrderRefParams, adminOrdersQuery, errorMessage, type BackOfficeData } from '@shop/contract';
import { AppError } from '../../lib/errors.ts';
import { getSettings } from '../../modules/settings/service.ts';
import type { BackOfficeReadContext } from './staff.ts';
import { presentAdminOrder, presentAdminSummary } from './order-present.ts';
import { adminOrderDetails, listAdminOrders } from './orders-read.ts';

/** The back office's reads of orders (staff and owners), as `GET /api/admin/orders…` answers them. */
export function orderReads(ctx: BackOfficeReadContext): BackOfficeData['orders'] {
  return {
    page: async (filter) => {
      await ctx.member();
      const query = adminOrdersQuery.safeParse(filter);
      if (!query.success) {
        const code = query.error.issues.some((issue) => issue.message === 'DATE_RANGE_INVALID')
          ? 'DATE_RANGE_INVALID'
          : 'VALIDATION_FAILED';
        throw Response.json(errorMessage(code, ctx.lang), { status: 400 });
      }
      const { rows, total } = await listAdminOrders(ctx.db, query.data);
      return {
        items: rows.map(presentAdminSummary),
        page: query.data.page,
        pageSize: query.data.pageSize,
        total,
      };
    },
    one: async (ref) => {
      await ctx.member();
      const parsed = adminOrderRefParams.safeParse({ ref });
      if (!parsed.success) return null;
      try {
        const details = await adminOrderDetails(ctx.db, parsed.data.ref);
        return await presentAdminOrder(details, ctx.lang, await getSettings(ctx.db));
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
