import { customerQuery, errorMessage, type BackOfficeData } from '@shop/contract';
import { z } from 'zod';
import type { BackOfficeReadContext } from './staff.ts';
import { customerDetails, listCustomers } from './customers.ts';
import { overview } from './overview.ts';

/** The overview's figures for the back office's first page (staff and owners). */
export function overviewReads(ctx: BackOfficeReadContext): BackOfficeData['overview'] {
  return {
    get: async () => {
      await ctx.member();
      return overview(ctx.db, ctx.lang);
    },
  };
}

const customerId = z.uuid();

/** The customers list and a customer's details, with the filters `GET /api/admin/customers` takes. */
export function customerReads(ctx: BackOfficeReadContext): BackOfficeData['customers'] {
  return {
    page: async (filter) => {
      await ctx.member();
      const query = customerQuery.safeParse(filter);
      if (!query.success) {
        const code = query.error.issues.some((issue) => issue.message === 'DATE_RANGE_INVALID')
          ? 'DATE_RANGE_INVALID'
          : 'VALIDATION_FAILED';
        throw Response.json(errorMessage(code, ctx.lang), { status: 400 });
      }
      return listCustomers(ctx.db, query.data);
    },
    one: async (id) => {
      await ctx.member();
      if (!customerId.safeParse(id).success) return null;
      return customerDetails(ctx.db, id);
    },
  };
}
