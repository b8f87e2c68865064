import { adminOrderRefParams, uuidParam, type BackOfficeData } from '@shop/contract';
import { AppError } from '../../lib/errors.ts';
import { orderIdOf } from './orders-read.ts';
import { findOrder } from '../../modules/orders/service.ts';
import type { BackOfficeReadContext } from './staff.ts';
import { readCreditNote, readOrderRefunds } from '../refunds/read.ts';

/** Reads of the refunds area for the back office's pages: any member may look; only owners refund. */
export function refundReads(ctx: BackOfficeReadContext): BackOfficeData['refunds'] {
  /** The order of a page's `:id`: its id or, as the order pages link it, its number. */
  const orderOf = async (ref: string) => {
    const parsed = adminOrderRefParams.safeParse({ ref });
    if (!parsed.success) return null;
    try {
      return await findOrder(ctx.db, await orderIdOf(ctx.db, parsed.data.ref));
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  };
  const provider = ctx.app.config.paymentSandbox ? 'sandbox' : 'moyasar';
  return {
    ofOrder: async (ref) => {
      await ctx.member();
      const order = await orderOf(ref);
      return order && readOrderRefunds(ctx.db, order, provider, ctx.lang);
    },
    creditNote: async (ref, refundId) => {
      await ctx.member();
      const order = await orderOf(ref);
      if (!order || !uuidParam.safeParse(refundId).success) return null;
      return readCreditNote(ctx.db, order, refundId, ctx.lang);
    },
  };
}
