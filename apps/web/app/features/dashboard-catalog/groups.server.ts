import {
  errorMessage,
  groupInputSchema,
  groupOrderSchema,
  type ActionResult,
  type CatalogGroupKind,
} from '@shop/contract';
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
  const page = await catalogForm(
    { request, context },
    kind === 'category' ? '/dashboard/categories' : '/dashboard/brands',
  );
  const { bo, read, intent, back, invalid } = page;

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
  if (intent === CATALOG_INTENT.update) {
    return editRow(request, page, groupInputSchema, (id, input, form) =>
      bo.catalog.saveGroup(kind, id, input, postedFile(form, 'image')),
    );
  }
  if (intent === CATALOG_INTENT.moveUp || intent === CATALOG_INTENT.moveDown) {
    const id = idField.safeParse(read.values);
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
    return removeRow(request, page, (id) => bo.catalog.removeGroup(kind, id));
  }
  return invalid();
}

type CatalogForm = Awaited<ReturnType<typeof catalogForm>>;

/** A row's edit form: the posted `id` and fields checked by `schema`, then `run`, answered as the page answers. */
export async function editRow<S extends z.ZodType>(
  request: Request,
  page: CatalogForm,
  schema: S,
  run: (id: number, input: z.output<S>, form: FormData) => Promise<ActionResult>,
) {
  const id = idField.safeParse(page.read.values);
  if (!id.success) return page.invalid();
  const result = await submitAction(
    request,
    { schema, run: (input, form) => run(Number(id.data.id), input, form) },
    page.read,
  );
  return answerForm(request, result, { back: page.back });
}

/** A row's removal: asked first (without JavaScript too), then `remove` of the posted `id`. */
export async function removeRow(
  request: Request,
  page: CatalogForm,
  remove: (id: number) => Promise<ActionResult>,
) {
  const ask = askToConfirm(page.read.values);
  if (ask) return ask;
  const id = idField.safeParse(page.read.values);
  if (!id.success) return page.invalid();
  const result = await submitAction(
    request,
    { schema: z.object({}), run: () => remove(Number(id.data.id)) },
    page.read,
  );
  if (!result.ok) return confirmError(page.read.values, result.error);
  return answerForm(request, result, { back: page.back });
}
