import { errorMessage, groupInputSchema, groupOrderSchema, type CatalogGroupKind } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { askToConfirm, confirmError } from '../dashboard/confirm.server.ts';
import { requireMember } from '../dashboard/session.server.ts';
import { answerForm, formError, postedFile, readForm, submitAction } from '../../lib/form-action.server.ts';
import { localizePath } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { CATALOG_INTENT, moved } from './intents.ts';

const idField = z.object({ id: z.string().regex(/^[0-9]{1,9}$/) });

/**
 * The categories' and brands' page action: create, edit, move up or down, remove (confirmed
 * first; refused with how many products use it).
 */
export async function groupAction(
  kind: CatalogGroupKind,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  const { bo } = await requireMember({ request, context });
  const lang = requestLang(request);
  const back = localizePath(kind === 'category' ? '/dashboard/categories' : '/dashboard/brands', lang);
  const read = await readForm(request);
  const intent = read.values.intent;
  const invalid = () => formError({ message: errorMessage('VALIDATION_FAILED', lang) });

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
