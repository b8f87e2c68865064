import { errorMessage, groupInputSchema, groupOrderSchema, type CatalogGroupKind } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { askToConfirm, confirmError } from '../dashboard/confirm.server.ts';
import { requireMember } from '../dashboard/session.server.ts';
import { answerForm, formError, postedFile, readForm, submitAction } from '../../lib/form-action.server.ts';
import { localizePath } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { CATALOG_INTENT, moved } from './intents.ts';

export const idField = z.object({ id: z.string().regex(/^[0-9]{1,9}$/) });

/**
 * What a catalog page's action starts with: the signed-in member's back office, the posted
 * form and which of the page's forms it is, the page to come back to, and the answer to a post
 * that names no form of the page.
 */
export async function catalogForm(
  { request, context }: { request: Request; context: AppLoadContext },
  page: string,
) {
  const { bo } = await requireMember({ request, context });
  const lang = requestLang(request);
  const read = await readForm(request);
  return {
    bo,
    lang,
    read,
    intent: read.values.intent,
    back: localizePath(page, lang),
    invalid: () => formError({ message: errorMessage('VALIDATION_FAILED', lang) }),
  };
}

/**
 * The categories' and brands' page action: create, edit, move up or down, remove (confirmed
 * first; refused with how many products use it).
 */
export async function groupAction(
  kind: CatalogGroupKind,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  const { bo, read, intent, back, invalid } = await catalogForm(
    { request, context },
    kind === 'category' ? '/dashboard/categories' : '/dashboard/brands',
  );

  if (intent === CATALOG_INTENT.create) {
    const result = await submitAction(
      request,
      {
        schema: groupInputSchema,
        errorField: 'image',
        run: (input, form) => bo.catalog.createGroup(kind, input, postedFile(form, 'image')),
      },
      read,
    );
    return answerForm(request, result, { back });
  }
  const id = idField.safeParse(read.values);
  if (intent === CATALOG_INTENT.update) {
    if (!id.success) return invalid();
    const result = await submitAction(
      request,
      {
        schema: groupInputSchema,
        run: (input, form) =>
          bo.catalog.saveGroup(kind, Number(id.data.id), input, postedFile(form, 'image')),
      },
      read,
    );
    return answerForm(request, result, { back });
  }
  if (intent === CATALOG_INTENT.moveUp || intent === CATALOG_INTENT.moveDown) {
    if (!id.success) return invalid();
    const list = kind === 'category' ? await bo.catalog.categories() : await bo.catalog.brands();
    const ids = list.map((g) => g.id);
    const order = moved(ids, ids.indexOf(Number(id.data.id)), intent === CATALOG_INTENT.moveUp ? -1 : 1);
    const result = await submitAction(
      request,
      {
        schema: groupOrderSchema,
        input: () => ({ ids: order }),
        run: (input) => bo.catalog.orderGroups(kind, input.ids),
      },
      read,
    );
    return answerForm(request, result, { back });
  }
  if (intent === CATALOG_INTENT.remove) {
    const ask = askToConfirm(read.values);
    if (ask) return ask;
    if (!id.success) return invalid();
    const result = await submitAction(
      request,
      { schema: z.object({}), run: () => bo.catalog.removeGroup(kind, Number(id.data.id)) },
      read,
    );
    if (!result.ok) return confirmError(read.values, result.error);
    return answerForm(request, result, { back });
  }
  return invalid();
}
