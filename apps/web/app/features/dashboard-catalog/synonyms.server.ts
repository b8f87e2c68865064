import { synonymGroupInputSchema } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { askToConfirm, confirmError } from '../dashboard/confirm.server.ts';
import { answerForm, submitAction } from '../../lib/form-action.server.ts';
import { catalogForm, idField } from './groups.server.ts';
import { CATALOG_INTENT } from './intents.ts';

/** The search synonyms page's action: add a group, edit one's words, remove one (confirmed first). */
export async function synonymAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const { bo, read, intent, back, invalid } = await catalogForm(
    { request, context },
    '/dashboard/search-synonyms',
  );
  if (intent === CATALOG_INTENT.create) {
    const result = await submitAction(
      request,
      { schema: synonymGroupInputSchema, run: (input) => bo.catalog.createSynonymGroup(input) },
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
        schema: synonymGroupInputSchema,
        run: (input) => bo.catalog.saveSynonymGroup(Number(id.data.id), input),
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
      { schema: z.object({}), run: () => bo.catalog.removeSynonymGroup(Number(id.data.id)) },
      read,
    );
    if (!result.ok) return confirmError(read.values, result.error);
    return answerForm(request, result, { back });
  }
  return invalid();
}
