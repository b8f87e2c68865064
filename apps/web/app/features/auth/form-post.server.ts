import { errorMessage, okSchema } from '@shop/contract';
import { data, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { readAnswer, serverApi } from '../../lib/api.ts';
import { apiFormError, firstFormError, type FormError } from '../../lib/form-errors.ts';
import { requestLang } from '../../lib/route-lang.ts';

/** What a page shows after a form was posted to its action. */
export type FormOutcome = { error: FormError; done?: undefined } | { done: string; error?: undefined };

/**
 * A form posted to the page itself: without JavaScript, or before the page has hydrated on a
 * slow phone. The same checks, in the same order, and the same API call the browser makes;
 * the answer's Set-Cookie (a login) comes back in `headers` for the redirect.
 */
export async function postForm(
  request: Request,
  context: AppLoadContext,
  {
    schema,
    path,
    extra = {},
    errorField,
  }: {
    schema: z.ZodType;
    path: string;
    /** Values that are not form fields (the reset token of the URL). */
    extra?: Record<string, string>;
    /** Where an error that names no field is shown. */
    errorField?: string;
  },
): Promise<{ outcome: FormOutcome; headers: Headers }> {
  const lang = requestLang(request);
  const values: Record<string, string> = { ...extra };
  const form = await request.formData().catch(() => undefined);
  // Not a form at all (a client sending JSON here): 400 and the error page, not a crash.
  if (!form) throw data(errorMessage('VALIDATION_FAILED', lang), { status: 400 });
  form.forEach((value, key) => {
    if (typeof value === 'string' && !(key in extra)) values[key] = value;
  });
  const invalid = firstFormError(schema, values, lang);
  if (invalid) return { outcome: { error: invalid }, headers: new Headers() };
  const response = await serverApi(context, lang).raw('POST', path, { body: schema.parse(values) });
  try {
    const answer = await readAnswer(response, okSchema);
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
    return { outcome: { done: answer.message }, headers };
  } catch (failure) {
    const error = apiFormError(failure, lang);
    return { outcome: { error: { ...error, field: error.field ?? errorField } }, headers: new Headers() };
  }
}
