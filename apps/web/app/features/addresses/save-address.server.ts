import { addressInputSchema, errorMessage } from '@shop/contract';
import { redirect, type AppLoadContext } from 'react-router';
import { formDone, formError, isDocumentRequest, submitAction } from '../../lib/form-action.server.ts';
import { noticeCookie } from '../../lib/notice.server.ts';
import { dialogHref } from '../../lib/dialog-link.ts';
import { localizePath } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { STAY_FIELD } from './stay-field.ts';

/**
 * The one action of the address form, for adding (`id` undefined) and for editing: the
 * contract's checks, then the change through the load context. A refusal reads 'failure of
 * the add operation' (or of the edit), unless it is about one field, which is then shown at
 * that field. Saved, the shopper goes to the address book after a second, unless the form
 * asked to stay (the cart's checkout dialog, which a post without JavaScript comes back to);
 * the answer carries the saved address either way.
 */
export async function saveAddress(request: Request, context: AppLoadContext, id?: string) {
  const lang = requestLang(request);
  const store = context.storeData(lang);
  const result = await submitAction(request, {
    schema: addressInputSchema,
    run: (input) => (id ? store.updateAddress(id, input) : store.addAddress(input)),
    failure: (error) =>
      error.field ? error : { message: errorMessage(id ? 'EDIT_FAILED' : 'ADD_FAILED', lang) },
  });
  const stay = Boolean(result.values[STAY_FIELD]);
  // Posted by the browser itself (no JavaScript), the form that stays is shown again where it
  // was: the cart's checkout dialog, listing the new address, or saying why it was not saved.
  const back = stay
    ? dialogHref({ pathname: localizePath('/cart', lang), search: '' }, 'checkout')
    : undefined;
  if (!result.ok) {
    if (back && isDocumentRequest(request)) {
      const headers = { 'set-cookie': noticeCookie({ kind: 'error', text: result.error.message }) };
      return redirect(back, { headers });
    }
    return formError(result.error);
  }
  const { message, ...address } = result.answer;
  return formDone(
    request,
    { done: message, address, redirectTo: stay ? undefined : localizePath('/user/addresses', lang) },
    { back },
  );
}
