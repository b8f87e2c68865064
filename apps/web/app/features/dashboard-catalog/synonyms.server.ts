import { synonymGroupInputSchema } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import { answerForm, submitAction } from '../../lib/form-action.server.ts';
import { catalogForm, editRow, removeRow } from './groups.server.ts';
import { CATALOG_INTENT } from './intents.ts';

/** The search synonyms page's action: add a group, edit one's words, remove one (asked first). */
export async function synonymAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const page = await catalogForm({ request, context }, '/dashboard/search-synonyms');
  const { bo, intent } = page;
  if (intent === CATALOG_INTENT.create) {
    const result = await submitAction(
      request,
      { schema: synonymGroupInputSchema, run: (input) => bo.catalog.createSynonymGroup(input) },
      page.read,
    );
    return answerForm(request, result, { back: page.back });
  }
  if (intent === CATALOG_INTENT.update)
    return editRow(request, page, synonymGroupInputSchema, (id, input) =>
      bo.catalog.saveSynonymGroup(id, input),
    );
  if (intent === CATALOG_INTENT.remove)
    return removeRow(request, page, (id) => bo.catalog.removeSynonymGroup(id));
  return page.invalid();
}
