import { apiErrorSchema, errorMessage } from '@shop/contract';
import { data, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { ApiRequestError, serverApi } from '../../lib/api.ts';
import { apiFormError, firstFormError, type FormError } from '../../lib/form-errors.ts';
import { requestLang } from '../../lib/route-lang.ts';

/** What a page shows after a form was posted to its action. */
export type FormOutcome = { error: FormError; done?: undefined } | { done: string; error?: undefined };

/**
 * A form posted to the page itself: without JavaScript, or before the page has hydrated on a
 * slow phone. The same checks, in the same order, and the same API call the browser makes;
 * the answer's Set-Cookie (a login) comes back in `cookies` for the redirect.
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
): Promise<{ outcome: FormOutcome; cookies: string[] }> {
  const lang = requestLang(request);
  const values: Record<string, string> = { ...extra };
  const form = await request.formData().catch(() => undefined);
  // Not a form at all (a client sending JSON here): 400 and the error page, not a crash.
  if (!form) throw data(errorMessage('VALIDATION_FAILED', lang), { status: 400 });
  form.forEach((value, key) => {
    if (typeof value === 'string' && !(key in extra)) values[key] = value;
  });
  const invalid = firstFormError(schema, values, lang);
  if (invalid) return { outcome: { error: invalid }, cookies: [] };
  const response = await serverApi(context, lang).raw('POST', path, { body: schema.parse(values) });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    const error = apiFormError(
      new ApiRequestError(response.status, parsed.success ? parsed.data : undefined),
      lang,
    );
    return { outcome: { error: { ...error, field: error.field ?? errorField } }, cookies: [] };
  }
  const message = (body as { message?: unknown } | undefined)?.message;
  return {
    outcome: { done: typeof message === 'string' ? message : '' },
    cookies: response.headers.getSetCookie(),
  };
}
