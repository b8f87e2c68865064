import { adminGroupOkSchema, errorMessage, groupInputSchema, okSchema } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { askToConfirm, confirmError } from '../dashboard/confirm.server.ts';
import { requireMember } from '../dashboard/session.server.ts';
import { answerForm, formError, readForm, submitForm } from '../../lib/form-action.server.ts';
import { localizePath } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { createGroup, deleteGroup, orderGroups, updateGroup, type GroupKind } from './api.ts';
import { CATALOG_INTENT, moved } from './intents.ts';

const idField = z.object({ id: z.string().regex(/^[0-9]{1,9}$/) });

/**
 * The categories' and brands' page action: create, edit, move up or down, remove (confirmed
 * first; refused with how many products use it).
 */
export async function groupAction(
  kind: GroupKind,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  const { bo } = await requireMember({ request, context });
  const lang = requestLang(request);
  const back = localizePath(kind === 'category' ? '/dashboard/categories' : '/dashboard/brands', lang);
  const read = await readForm(request);
  const intent = read.values.intent;

  if (intent === CATALOG_INTENT.create) {
    const result = await submitForm(
      request,
      context,
      {
        schema: groupInputSchema,
        answer: adminGroupOkSchema,
        errorField: 'image',
        send: (api, _i, form) => createGroup(api, kind, form),
      },
      read,
    );
    return answerForm(request, result, { back });
  }
  if (intent === CATALOG_INTENT.update) {
    const id = idField.safeParse(read.values);
    if (!id.success) return formError({ message: errorMessage('VALIDATION_FAILED', lang) });
    const result = await submitForm(
      request,
      context,
      {
        schema: groupInputSchema,
        answer: adminGroupOkSchema,
        send: (api, _i, form) => updateGroup(api, kind, Number(id.data.id), form),
      },
      read,
    );
    return answerForm(request, result, { back });
  }
  if (intent === CATALOG_INTENT.moveUp || intent === CATALOG_INTENT.moveDown) {
    const id = idField.safeParse(read.values);
    if (!id.success) return formError({ message: errorMessage('VALIDATION_FAILED', lang) });
    const list = kind === 'category' ? await bo.catalog.categories() : await bo.catalog.brands();
    const ids = list.map((g) => g.id);
    const order = moved(ids, ids.indexOf(Number(id.data.id)), intent === CATALOG_INTENT.moveUp ? -1 : 1);
    const result = await submitForm(
      request,
      context,
      { schema: z.object({}), answer: okSchema, send: (api) => orderGroups(api, kind, order) },
      read,
    );
    return answerForm(request, result, { back });
  }
  if (intent === CATALOG_INTENT.remove) {
    const ask = askToConfirm(read.values);
    if (ask) return ask;
    const id = idField.safeParse(read.values);
    if (!id.success) return formError({ message: errorMessage('VALIDATION_FAILED', lang) });
    const result = await submitForm(
      request,
      context,
      { schema: z.object({}), send: (api) => deleteGroup(api, kind, Number(id.data.id)) },
      read,
    );
    if (!result.ok) return confirmError(read.values, result.error);
    return answerForm(request, result, { back });
  }
  return formError({ message: errorMessage('VALIDATION_FAILED', lang) });
}
