import {
  adminReturnsQuery,
  okMessage,
  returnApproveSchema,
  returnRefundSchema,
  returnRejectSchema,
  uuidParam,
  type BackOfficeReturns,
} from '@shop/contract';
import { notFound } from '../../../lib/errors.ts';
import { decideReturn, receiveReturn, refundReturn } from '../../../use-cases/returns.ts';
import { adminReturnsPage } from '../../../views/returns/present.ts';
import { parseAs } from '../../form.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** A return's id of a page's form; 404 RETURN_NOT_FOUND when it cannot name one. */
function returnIdOr404(id: string): string {
  if (!uuidParam.safeParse(id).success) throw notFound('RETURN_NOT_FOUND');
  return id;
}

/** The returns pages: the queue and each step (any member), the refund (owners, as every refund). */
export function returnPages({ app, lang, read, act }: BackOfficePageContext): BackOfficeReturns {
  const shop = app.shop;
  return {
    page: (filter) =>
      read({}, () => adminReturnsPage(shop.db, parseAs(adminReturnsQuery, filter, 'querystring'), lang)),
    approve: (id, input) =>
      act({}, async (by) => {
        const { note } = parseAs(returnApproveSchema, input, 'body');
        await decideReturn(shop, returnIdOr404(id), 'approved', note, by);
        return okMessage('RETURN_APPROVED', lang);
      }),
    reject: (id, input) =>
      act({}, async (by) => {
        const { note } = parseAs(returnRejectSchema, input, 'body');
        await decideReturn(shop, returnIdOr404(id), 'rejected', note, by);
        return okMessage('RETURN_REJECTED', lang);
      }),
    receive: (id) =>
      act({}, async (by) => {
        await receiveReturn(shop, returnIdOr404(id), by);
        return okMessage('RETURN_RECEIVED', lang);
      }),
    refund: (id, input) =>
      act({ role: 'owner' }, async (by) => {
        const { returnStock } = parseAs(returnRefundSchema, input, 'body');
        await refundReturn(
          { ...shop, provider: app.payments, tabby: app.tabby, tamara: app.tamara },
          returnIdOr404(id),
          { returnStock },
          by,
        );
        return okMessage('RETURN_REFUNDED', lang);
      }),
  };
}
