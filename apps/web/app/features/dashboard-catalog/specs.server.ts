import { errorMessage, specAttributeInputSchema, specMoveSchema } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { askToConfirm, confirmError } from '../dashboard/confirm.server.ts';
import { requireMember } from '../dashboard/session.server.ts';
import { answerForm, formError, readForm, submitAction } from '../../lib/form-action.server.ts';
import { localizePath } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { CATALOG_INTENT } from './intents.ts';

const idField = z.object({ id: z.string().regex(/^[0-9]{1,9}$/) });

/**
 * A category's specifications page action: add an attribute, edit one, move it up or down,
 * remove it (confirmed first: its products lose their values).
 */
export async function specAction(
  categoryId: number,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  const { bo } = await requireMember({ request, context });
  const lang = requestLang(request);
  const back = localizePath(`/dashboard/categories/${categoryId}/specs`, lang);
  const read = await readForm(request);
  const intent = read.values.intent;
  const invalid = () => formError({ message: errorMessage('VALIDATION_FAILED', lang) });

  if (intent === CATALOG_INTENT.create) {
    const result = await submitAction(
      request,
      { schema: specAttributeInputSchema, run: (input) => bo.catalog.addSpecAttribute(categoryId, input) },
      read,
    );
    return answerForm(request, result, { back });
  }
  const id = idField.safeParse(read.values);
  if (!id.success) return invalid();
  const attributeId = Number(id.data.id);
  if (intent === CATALOG_INTENT.update) {
    const result = await submitAction(
      request,
      { schema: specAttributeInputSchema, run: (input) => bo.catalog.saveSpecAttribute(attributeId, input) },
      read,
    );
    return answerForm(request, result, { back });
  }
  if (intent === CATALOG_INTENT.moveUp || intent === CATALOG_INTENT.moveDown) {
    const result = await submitAction(
      request,
      {
        schema: specMoveSchema,
        input: () => ({ direction: intent === CATALOG_INTENT.moveUp ? 'up' : 'down' }),
        run: (input) => bo.catalog.moveSpecAttribute(attributeId, input),
      },
      read,
    );
    return answerForm(request, result, { back });
  }
  if (intent === CATALOG_INTENT.remove) {
    const ask = askToConfirm(read.values);
    if (ask) return ask;
    const result = await submitAction(
      request,
      { schema: z.object({}), run: () => bo.catalog.removeSpecAttribute(attributeId) },
      read,
    );
    if (!result.ok) return confirmError(read.values, result.error);
    return answerForm(request, result, { back });
  }
  return invalid();
}
