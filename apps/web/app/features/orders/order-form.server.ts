import { data } from 'react-router';
import { answerForm } from '../../lib/form-action.server.ts';
import type { FormError } from '../../lib/form-errors.ts';
import { localizePath } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import type { KeptFormAnswer } from './order-form.ts';

/**
 * The answer of a form about one of the shopper's orders (a return, a review): refused, the
 * form comes back with its error and what was typed; done, on to the order's page with the
 * shop's message.
 */
export function answerOrderForm(
  request: Request,
  result:
    | { ok: true; answer: { message: string }; headers: Headers }
    | { ok: false; error: FormError; values: Record<string, string> },
  orderId: string,
) {
  if (!result.ok) return data<KeptFormAnswer>({ error: result.error, values: result.values });
  const lang = requestLang(request);
  return answerForm(request, result, { redirectTo: localizePath(`/order/details/${orderId}`, lang) });
}
