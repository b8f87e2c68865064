import { adminProductsQuery, errorMessage, type BackOfficeData } from '@shop/contract';
import { AppError } from '../../lib/errors.ts';
import type { BackOfficeReadContext } from './staff.ts';
import { adminProduct, listAdminProducts, listGroups } from '../../modules/catalog/admin.ts';

/** Reads of the catalog area (every member), as `GET /api/admin/products…` answers them. */
export function catalogReads(ctx: BackOfficeReadContext): BackOfficeData['catalog'] {
  return {
    products: async (input) => {
      await ctx.member();
      const query = adminProductsQuery.safeParse(input);
      if (!query.success) throw Response.json(errorMessage('VALIDATION_FAILED', ctx.lang), { status: 400 });
      return listAdminProducts(ctx.db, query.data, ctx.lang);
    },
    product: async (id) => {
      await ctx.member();
      try {
        return await adminProduct(ctx.db, id);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    },
    categories: async () => {
      await ctx.member();
      return listGroups(ctx.db, 'category');
    },
    brands: async () => {
      await ctx.member();
      return listGroups(ctx.db, 'brand');
    },
  };
}
