import type { Lang, ProductSpecsInput, SpecAttributeInput, SpecMove } from '@shop/contract';
import type { AuditActor } from '../../lib/audit-actor.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { updateProductSpecs } from '../../modules/catalog/admin.ts';
import {
  deleteSpecAttribute,
  insertSpecAttribute,
  moveSpecAttribute,
  specAuditView,
  updateSpecAttribute,
  type SpecAttributeState,
} from '../../modules/catalog/specs.ts';
import type { CatalogAdminDeps } from './products.ts';

/**
 * The back office's changes to specifications (decision 195), for the API's routes and the
 * dashboard's pages alike: a category's attributes, and a product's values. Each is the catalog
 * module's change and its audit entry in one transaction; once committed, the caches hear that
 * the catalog changed. Null answers "no such category, attribute or product".
 */

const view = (s: SpecAttributeState) => specAuditView(s.row, s.choices);

/** Adds an attribute to a category, last in its order. */
export async function createSpecAttribute(
  deps: CatalogAdminDeps,
  categoryId: number,
  input: SpecAttributeInput,
  by: AuditActor,
): Promise<SpecAttributeState | null> {
  const created = await deps.db.transaction(async (tx) => {
    const state = await insertSpecAttribute(tx, categoryId, input);
    if (state)
      await recordAudit(tx, {
        by,
        action: 'spec.create',
        entityType: 'spec',
        entityId: String(state.row.id),
        before: null,
        after: view(state),
      });
    return state;
  });
  if (created) await deps.changes.publish({ topic: 'catalog' });
  return created;
}

/** Edits an attribute; a new kind drops the products' values of it. */
export async function saveSpecAttribute(
  deps: CatalogAdminDeps,
  id: number,
  input: SpecAttributeInput,
  by: AuditActor,
): Promise<SpecAttributeState | null> {
  const change = await deps.db.transaction(async (tx) => {
    const change = await updateSpecAttribute(tx, id, input);
    if (change)
      await recordAudit(tx, {
        by,
        action: 'spec.update',
        entityType: 'spec',
        entityId: String(id),
        before: view(change.before),
        after: view(change.after),
      });
    return change;
  });
  if (!change) return null;
  await deps.changes.publish({ topic: 'catalog' });
  return change.after;
}

/** Removes an attribute with every product's value of it. */
export async function removeSpecAttribute(
  deps: CatalogAdminDeps,
  id: number,
  by: AuditActor,
): Promise<SpecAttributeState | null> {
  const removed = await deps.db.transaction(async (tx) => {
    const before = await deleteSpecAttribute(tx, id);
    if (before)
      await recordAudit(tx, {
        by,
        action: 'spec.delete',
        entityType: 'spec',
        entityId: String(id),
        before: view(before),
        after: null,
      });
    return before;
  });
  if (!removed) return null;
  await deps.changes.publish({ topic: 'catalog' });
  return removed;
}

/** Moves an attribute one place up or down; at either end nothing changes and nothing is recorded. */
export async function moveSpec(
  deps: CatalogAdminDeps,
  id: number,
  move: SpecMove,
  by: AuditActor,
): Promise<{ categoryId: number } | null> {
  const moved = await deps.db.transaction(async (tx) => {
    const moved = await moveSpecAttribute(tx, id, move.direction);
    if (moved && moved.before.join() !== moved.after.join())
      await recordAudit(tx, {
        by,
        action: 'spec.reorder',
        entityType: 'category',
        entityId: String(moved.categoryId),
        before: { specIds: moved.before },
        after: { specIds: moved.after },
      });
    return moved;
  });
  if (!moved) return null;
  await deps.changes.publish({ topic: 'catalog' });
  return { categoryId: moved.categoryId };
}

/** Sets a product's specification values from the version its editor showed. */
export async function saveProductSpecs(
  deps: CatalogAdminDeps,
  productId: number,
  input: ProductSpecsInput,
  lang: Lang,
  by: AuditActor,
): Promise<boolean> {
  const change = await deps.db.transaction(async (tx) => {
    const change = await updateProductSpecs(tx, productId, input, lang);
    if (change && JSON.stringify(change.before) !== JSON.stringify(change.after))
      await recordAudit(tx, {
        by,
        action: 'product.specs',
        entityType: 'product',
        entityId: String(productId),
        before: { specs: change.before },
        after: { specs: change.after },
      });
    return change;
  });
  if (!change) return false;
  await deps.changes.publish({ topic: 'catalog', productIds: [productId] });
  return true;
}
