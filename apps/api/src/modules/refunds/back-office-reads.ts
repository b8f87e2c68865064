import { uuidParam, type BackOfficeData } from '@shop/contract';
import { findOrder } from '../orders/service.ts';
import type { BackOfficeReadContext } from '../staff/back-office-reads.ts';
import { readCreditNote, readOrderRefunds } from './read.ts';

/** Reads of the refunds area for the back office's pages: any member may look; only owners refund. */
export function refundReads(ctx: BackOfficeReadContext): BackOfficeData['refunds'] {
  const orderOf = async (id: string) => (uuidParam.safeParse(id).success ? findOrder(ctx.db, id) : null);
  const provider = ctx.app.config.paymentSandbox ? 'sandbox' : 'moyasar';
  return {
    ofOrder: async (orderId) => {
      await ctx.member();
      const order = await orderOf(orderId);
      return order && readOrderRefunds(ctx.db, order, provider, ctx.lang);
    },
    creditNote: async (orderId, refundId) => {
      await ctx.member();
      const order = await orderOf(orderId);
      if (!order || !uuidParam.safeParse(refundId).success) return null;
      return readCreditNote(ctx.db, order, refundId, ctx.lang);
    },
  };
}
