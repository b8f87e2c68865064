import { errorMessage, importJobIdParams, type Lang } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import {
  answerForm,
  formError,
  postedFile,
  readForm,
  submitAction,
} from '../../../lib/form-action.server.ts';
import { askToConfirm, confirmError } from '../confirm.server.ts';
import { localizePath } from '../../../lib/lang.ts';
import { requestLang } from '../../../lib/route-lang.ts';

/**
 * The import page's forms: `check` uploads a file for the dry run (then the page shows that
 * job), `start` runs a checked job in the background, `discard` gives a checked job up without
 * importing it, `retry` runs a failed job's file again (then the page shows the new job). Each
 * is the shop's (`bo.content`), through the same import flows as the API's calls.
 */
export async function importAction(request: Request, context: AppLoadContext) {
  const lang: Lang = requestLang(request);
  const content = context.backOffice(lang).content;
  const read = await readForm(request);
  const { values } = read;
  const page = (id: string) => `${localizePath('/dashboard/import', lang)}?job=${id}`;

  if (values.intent === 'start' || values.intent === 'discard' || values.intent === 'retry') {
    // Discarding cannot be undone: it asks first (without JavaScript, on the page itself).
    const ask = values.intent === 'discard' ? askToConfirm(values) : null;
    if (ask) return ask;
    if (!importJobIdParams.safeParse({ id: values.id }).success)
      return confirmError(values, { message: errorMessage('IMPORT_JOB_NOT_FOUND', lang) });
    const change = { start: content.startImport, discard: content.discardImport, retry: content.retryImport }[
      values.intent
    ];
    const result = await submitAction(
      request,
      { schema: importJobIdParams, run: ({ id }) => change(id) },
      read,
    );
    if (!result.ok) return confirmError(values, result.error);
    const job = page(result.answer.job.id);
    return values.intent === 'retry'
      ? answerForm(request, result, { redirectTo: job })
      : answerForm(request, result, { back: job });
  }

  const file = postedFile(read.form, 'file');
  if (!file || file.size === 0)
    return formError({ field: 'file', message: errorMessage('IMPORT_FILE_REQUIRED', lang) });
  const name = file instanceof File ? file.name : '';
  const result = await submitAction(
    request,
    { schema: z.object({}), errorField: 'file', run: () => content.checkImport(file, name) },
    read,
  );
  return answerForm(request, result, result.ok ? { redirectTo: page(result.answer.job.id) } : {});
}
