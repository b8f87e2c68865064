import { data } from 'react-router';
import { formError } from '../../lib/form-action.server.ts';
import type { FormError } from '../../lib/form-errors.ts';
import { CONFIRM_FIELD, CONFIRM_KEY_FIELD, type ConfirmAnswer } from './confirm.ts';

/**
 * The confirmation step of a destructive action, on the server: null when the post says yes
 * (`confirm=1`), else the answer that makes the page ask (a page posted without JavaScript
 * shows the question in place of the button; see `ConfirmAction`). Call it first in the action:
 *
 * ```ts
 * const read = await readForm(request);
 * const ask = askToConfirm(read.values);
 * if (ask) return ask;
 * ```
 */
export function askToConfirm(values: Record<string, string>) {
  if (values[CONFIRM_FIELD] === '1') return null;
  const { [CONFIRM_FIELD]: _confirm, [CONFIRM_KEY_FIELD]: key = '', ...posted } = values;
  return data<ConfirmAnswer>({ confirmStep: true, confirmKey: key, posted });
}

/**
 * A failed confirmed action, addressed to the `ConfirmAction` that posted it, so a page
 * posted without JavaScript shows the error next to that button only.
 */
export function confirmError(values: Record<string, string>, error: FormError) {
  const key = values[CONFIRM_KEY_FIELD];
  return key === undefined ? formError(error) : data<ConfirmAnswer>({ error, confirmKey: key });
}
