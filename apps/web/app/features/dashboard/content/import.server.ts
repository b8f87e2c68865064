import {
  adminContentPaths,
  errorMessage,
  importJobIdParams,
  importJobOkSchema,
  type Lang,
} from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import { readAnswer, serverApi } from '../../../lib/api.ts';
import { formDone, formError, readForm } from '../../../lib/form-action.server.ts';
import { apiFormError } from '../../../lib/form-errors.ts';
import { askToConfirm, confirmError } from '../confirm.server.ts';
import { localizePath } from '../../../lib/lang.ts';
import { requestLang } from '../../../lib/route-lang.ts';

/**
 * The import page's forms: `check` uploads a file for the dry run (then the page shows that
 * job), `start` runs a checked job in the background, `discard` gives a checked job up without
 * importing it, `retry` runs a failed job's file again (then the page shows the new job). Each
 * is the API's call.
 */
export async function importAction(request: Request, context: AppLoadContext) {
  const lang: Lang = requestLang(request);
  const { form, values } = await readForm(request);
  const page = (id: string) => `${localizePath('/dashboard/import', lang)}?job=${id}`;
  const api = serverApi(context, lang);
  const answer = async (response: Response, field?: string) => {
    try {
      const { job, message } = await readAnswer(response, importJobOkSchema);
      return { ok: true as const, job, message };
    } catch (failure) {
      const error = apiFormError(failure, lang);
      return { ok: false as const, error: { ...error, field: error.field ?? field, refused: true } };
    }
  };

  const jobCalls = {
    start: adminContentPaths.importStart,
    discard: adminContentPaths.importDiscard,
    retry: adminContentPaths.importRetry,
  };
  if (values.intent === 'start' || values.intent === 'discard' || values.intent === 'retry') {
    // Discarding cannot be undone: it asks first (without JavaScript, on the page itself).
    const ask = values.intent === 'discard' ? askToConfirm(values) : null;
    if (ask) return ask;
    if (!importJobIdParams.safeParse({ id: values.id }).success)
      return confirmError(values, { message: errorMessage('IMPORT_JOB_NOT_FOUND', lang) });
    const path = jobCalls[values.intent];
    const result = await answer(await api.raw('POST', path.build({ id: values.id! })));
    if (!result.ok) return confirmError(values, result.error);
    return values.intent === 'retry'
      ? formDone(request, { done: result.message, redirectTo: page(result.job.id) })
      : formDone(request, { done: result.message }, { back: page(result.job.id) });
  }

  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0)
    return formError({ field: 'file', message: errorMessage('IMPORT_FILE_REQUIRED', lang) });
  const body = new FormData();
  body.set('file', file, file.name);
  const result = await answer(
    await api.raw('POST', adminContentPaths.importJobs.build({}), { body }),
    'file',
  );
  if (!result.ok) return formError(result.error);
  return formDone(request, { done: result.message, redirectTo: page(result.job.id) });
}
