import { errorMessage, type ActionResult, type Lang } from '@shop/contract';
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { firstFormError, type FieldOf, type FormError } from './form-errors.ts';
import type { FormAnswer } from './form-answer.ts';
import { noticeCookie } from './notice.server.ts';
import { requestLang } from './route-lang.ts';

/**
 * True when the browser itself posted the form (no JavaScript yet, or none at all) and shows
 * the answer as a new page; false for the hydrated page's fetch. Browsers say which in the
 * Fetch Metadata header `Sec-Fetch-Dest`; a client that sends none is treated as a document,
 * which only costs the hydrated page its timed redirect (it follows the redirect at once).
 */
export function isDocumentRequest(request: Request): boolean {
  const dest = request.headers.get('sec-fetch-dest');
  return dest === null || dest === 'document' || dest === 'iframe';
}

/**
 * The posted form's text fields, keyed by name; files stay in `form`. Something that is not a
 * form (a client posting JSON here) is a 400 with the error page, not a crash.
 */
export async function readForm(
  request: Request,
): Promise<{ form: FormData; values: Record<string, string> }> {
  const form = await request.formData().catch(() => undefined);
  if (!form) throw data(errorMessage('VALIDATION_FAILED', requestLang(request)), { status: 400 });
  const values: Record<string, string> = {};
  form.forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return { form, values };
}

/** The file a form posted as `name`, or null when it posted none (a text value is not a file). */
export function postedFile(form: FormData, name: string): Blob | null {
  const value = form.get(name);
  return value === null || typeof value === 'string' ? null : value;
}

/**
 * A failed form: the one error it shows. Sent as 200, as a page with a message on it: a 4xx
 * would make the hydrated page's fetch a failed request in the browser's console for what is
 * a typo, and it is the page, not the API, that answers here (the API's call said 400).
 */
export function formError(error: FormError) {
  return data<FormAnswer>({ error });
}

/**
 * A form that worked. The hydrated page gets the answer as data: it toasts the message and, with
 * `redirectTo`, goes on after its own delay (so the toast is read first). A document post (no
 * JavaScript yet) is redirected at once, post-redirect-get, so a reload does not post again: to
 * `redirectTo`, or back to `back` (the page the form is on), with the message as a notice.
 */
export function formDone<T extends FormAnswer & { done: string }>(
  request: Request,
  answer: T,
  { headers = new Headers(), back }: { headers?: Headers; back?: string } = {},
) {
  const target = answer.redirectTo ?? back;
  if (target && isDocumentRequest(request)) {
    headers.append('set-cookie', noticeCookie({ kind: 'success', text: answer.done }));
    return redirect(target, { headers });
  }
  return data<T & FormAnswer>(answer, { headers });
}

/**
 * The usual answer to `submitAction`'s result: its error, or the answer's
 * message (with `extra` fields for the page), its Set-Cookie headers, and where the page goes on to.
 */
export function answerForm(
  request: Request,
  result: { ok: true; answer: { message: string }; headers: Headers } | { ok: false; error: FormError },
  {
    redirectTo,
    back,
    extra = {},
  }: { redirectTo?: string; back?: string; extra?: Record<string, unknown> } = {},
) {
  if (!result.ok) return formError(result.error);
  return formDone(
    request,
    { ...extra, done: result.answer.message, redirectTo },
    { headers: result.headers, back },
  );
}

const REQUEST_PARTS = new Set(['body', 'querystring', 'params']);

/** A change the shop refused, as the load context answers it. */
export type Refusal = Extract<ActionResult<unknown>, { ok: false }>;

/** A refusal of the shop as the form shows it: the first failing field's message, else the answer's. */
export function refusalFormError(result: Refusal, fieldOf?: FieldOf): FormError {
  const first = result.error.fields?.[0];
  // `body.amount` names the input `amount`; `returnStock.12` the form's `returnStock` part.
  const path = first?.path.split('.').filter((part) => !REQUEST_PARTS.has(part)) ?? [];
  const field = fieldOf ? fieldOf(path) : path[0];
  return { field: field || undefined, message: first?.message ?? result.error.message };
}

export interface ActionCall<S extends z.ZodType, T> {
  /** The contract schema that checks the posted fields: the first failure is shown. */
  schema: S;
  /** Values that are not form fields (the reset token of the URL, the user id). */
  extra?: Record<string, string>;
  /**
   * What the schema checks, when it is more than the form's text fields (the ticked boxes of a
   * list, an order of images): made from them and the form. Without it, the text fields.
   */
  input?: (values: Record<string, string>, form: FormData) => unknown;
  /** Where a refusal that names no field is shown. */
  errorField?: string;
  /** The form's field for a path of the schema's input, when the form names its inputs otherwise. */
  fieldOf?: FieldOf;
  /** The change, through the load context (a use case of the shop, no HTTP round trip). */
  run: (input: z.output<S>, form: FormData) => Promise<ActionResult<T>>;
  /**
   * How a refusal reads, when the form says so itself (an address 'failed to add', how long to
   * wait after too many attempts); it is given the shop's refusal too.
   */
  failure?: (error: FormError, lang: Lang, refused: Refusal) => FormError | Promise<FormError>;
}

/**
 * One form's change in an action: read the posted fields, check them once with the contract
 * schema, ask the shop for the change through the load context, and return either the error to
 * show (field and message in the page language) or the answer with the cookies it sets.
 */
export async function submitAction<S extends z.ZodType, T>(
  request: Request,
  call: ActionCall<S, T>,
  /** The form when the action has read it already (to see which of its forms was posted). */
  read?: { form: FormData; values: Record<string, string> },
): Promise<
  | { ok: true; answer: T; headers: Headers; values: Record<string, string> }
  | { ok: false; error: FormError; values: Record<string, string> }
> {
  const lang = requestLang(request);
  const { form, values: posted } = read ?? (await readForm(request));
  const values = { ...posted, ...call.extra };
  const input = call.input ? call.input(values, form) : values;
  const invalid = firstFormError(call.schema, input, lang, call.fieldOf);
  if (invalid) return { ok: false, error: invalid, values };
  const result = await call.run(call.schema.parse(input), form);
  if (!result.ok) {
    let error = refusalFormError(result, call.fieldOf);
    if (call.failure) error = await call.failure(error, lang, result);
    return { ok: false, error: { ...error, field: error.field ?? call.errorField, refused: true }, values };
  }
  const headers = new Headers();
  for (const cookie of result.cookies ?? []) headers.append('set-cookie', cookie);
  return { ok: true, answer: result.value, headers, values };
}
