import {
  returnApproveSchema,
  returnRefundSchema,
  returnRejectSchema,
  type BackOfficeData,
} from '@shop/contract';
import { z } from 'zod';
import { submitAction } from '../../../lib/form-action.server.ts';

/** The intents of a return request's forms on the order's page. */
export const RETURN_INTENTS = ['returnApprove', 'returnReject', 'returnReceive', 'returnRefund'] as const;
export type ReturnIntent = (typeof RETURN_INTENTS)[number];

export const isReturnIntent = (intent: string | undefined): intent is ReturnIntent =>
  (RETURN_INTENTS as readonly (string | undefined)[]).includes(intent);

/**
 * A return request's step, posted from the order's page (confirmed first): checked with the
 * schema the API's call checks, made by the shop for this member (refunds: owners).
 */
export function returnStep(
  request: Request,
  bo: BackOfficeData,
  intent: ReturnIntent,
  read: { form: FormData; values: Record<string, string> },
) {
  const id = read.values.returnId ?? '';
  switch (intent) {
    case 'returnApprove':
      return submitAction(
        request,
        { schema: returnApproveSchema, run: (input) => bo.returns.approve(id, input) },
        read,
      );
    case 'returnReject':
      return submitAction(
        request,
        { schema: returnRejectSchema, run: (input) => bo.returns.reject(id, input) },
        read,
      );
    case 'returnReceive':
      return submitAction(request, { schema: z.object({}), run: () => bo.returns.receive(id) }, read);
    case 'returnRefund':
      return submitAction(
        request,
        {
          schema: returnRefundSchema,
          input: (values) => ({ returnStock: values.returnStock === '1' }),
          run: (input) => bo.returns.refund(id, input),
        },
        read,
      );
  }
}
