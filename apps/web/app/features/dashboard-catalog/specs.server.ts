import { specAttributeInputSchema, specMoveSchema } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { askToConfirm, confirmError } from '../dashboard/confirm.server.ts';
import { answerForm, submitAction } from '../../lib/form-action.server.ts';
import { catalogForm, idField } from './groups.server.ts';
import { CATALOG_INTENT } from './intents.ts';

/**
 * A category's specifications page action: add an attribute, edit one, move it up or down,
 * remove it (confirmed first: its products lose their values).
 */
export async function specAction(
  categoryId: number,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  const { bo, read, intent, back, invalid } = await catalogForm(
    { request, context },
    `/dashboard/categories/${categoryId}/specs`,
  );

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
