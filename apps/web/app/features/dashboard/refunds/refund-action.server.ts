import { refundFormSchema, returnStockFromForm, type BackOfficeRefunds } from '@shop/contract';
import { data } from 'react-router';
import { formDone, readForm, submitAction } from '../../../lib/form-action.server.ts';
import { firstFormError } from '../../../lib/form-errors.ts';
import { localizePath } from '../../../lib/lang.ts';
import { requestLang } from '../../../lib/route-lang.ts';
import { CONFIRM_FIELD, CONFIRM_KEY_FIELD } from '../confirm.ts';
import { REFUND_CONFIRM_KEY, type RefundAnswerData } from './refund-form.ts';

/**
 * The refund page's action. The form posts first without `confirm=1`: its fields are checked
 * (the contract's checks, in the member's language) and the page comes back asking, with the
 * posted values as the refund to confirm (`review`) and the same idempotency key; "yes" posts
 * them again with `confirm=1`, which asks the shop for the refund. With or without JavaScript
 * alike. A refused or failed refund comes back with its error and the same review, so trying
 * again sends the same key and can never refund twice.
 */
export async function refundAction({
  request,
  refunds,
  orderRef,
}: {
  request: Request;
  refunds: BackOfficeRefunds;
  /** The order's number or id, as the page's address gives it. */
  orderRef: string;
}) {
  const lang = requestLang(request);
  const read = await readForm(request);
  const { [CONFIRM_FIELD]: confirm, [CONFIRM_KEY_FIELD]: _key, ...review } = read.values;
  const invalid = firstFormError(refundFormSchema, review, lang);
  if (invalid) return data<RefundAnswerData>({ error: invalid });
  if (confirm !== '1')
    return data<RefundAnswerData>({ confirmStep: true, confirmKey: REFUND_CONFIRM_KEY, review });
  const result = await submitAction(
    request,
    {
      schema: refundFormSchema,
      errorField: 'amount',
      run: (input) =>
        refunds.refund(orderRef, {
          ...input,
          amount: Number(input.amount),
          returnStock: returnStockFromForm(review),
        }),
    },
    read,
  );
  if (!result.ok)
    return data<RefundAnswerData>({ error: result.error, confirmKey: REFUND_CONFIRM_KEY, review });
  return formDone(
    request,
    {
      done: result.answer.message,
      redirectTo: localizePath(`/dashboard/orders/${result.answer.orderId}/refund`, lang),
    },
    { headers: result.headers },
  );
}
