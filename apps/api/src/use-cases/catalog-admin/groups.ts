import type { GroupInput } from '@shop/contract';
import type { AuditActor } from '../../lib/audit-actor.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import {
  deleteGroup,
  groupAuditView,
  insertGroup,
  reorderGroups,
  updateGroup,
  type GroupKind,
  type GroupRow,
} from '../../modules/catalog/groups.ts';
import type { CatalogAdminDeps } from './products.ts';

/**
 * The back office's changes to categories and brands, for the API's routes and the dashboard's
 * pages alike: each is the catalog module's change and its audit entry in one transaction; once
 * committed, the caches hear that the catalog changed (any product may show a group's name).
 * Null answers "no such category or brand": the caller answers its 404.
 */

async function announce(deps: CatalogAdminDeps): Promise<void> {
  await deps.changes.publish({ topic: 'catalog' });
}

/** Creates a category or brand with its image (already stored), last in the order. */
export async function createGroup(
  deps: CatalogAdminDeps,
  kind: GroupKind,
  input: GroupInput,
  image: string,
  by: AuditActor,
): Promise<GroupRow> {
  const created = await deps.db.transaction(async (tx) => {
    const row = await insertGroup(tx, kind, input, image);
    await recordAudit(tx, {
      by,
      action: `${kind}.create`,
      entityType: kind,
      entityId: String(row.id),
      before: null,
      after: groupAuditView(row),
    });
    return row;
  });
  await announce(deps);
  return created;
}

/** Renames a category or brand, with a new image (already stored) when one is given. */
export async function saveGroup(
  deps: CatalogAdminDeps,
  kind: GroupKind,
  id: number,
  input: GroupInput,
  image: string | undefined,
  by: AuditActor,
): Promise<GroupRow | null> {
  const change = await deps.db.transaction(async (tx) => {
    const change = await updateGroup(tx, kind, id, input, image);
    if (change)
      await recordAudit(tx, {
        by,
        action: `${kind}.update`,
        entityType: kind,
        entityId: String(id),
        before: groupAuditView(change.before),
        after: groupAuditView(change.after),
      });
    return change;
  });
  if (!change) return null;
  await announce(deps);
  return change.after;
}

/** Removes a category or brand no product uses; 409 with how many products use it otherwise. */
export async function removeGroup(
  deps: CatalogAdminDeps,
  kind: GroupKind,
  id: number,
  by: AuditActor,
): Promise<GroupRow | null> {
  const removed = await deps.db.transaction(async (tx) => {
    const before = await deleteGroup(tx, kind, id);
    if (before)
      await recordAudit(tx, {
        by,
        action: `${kind}.delete`,
        entityType: kind,
        entityId: String(id),
        before: groupAuditView(before),
        after: null,
      });
    return before;
  });
  if (!removed) return null;
  await announce(deps);
  return removed;
}

/** Sets the order of every category or brand (`ids` names each once); the same order records nothing. */
export async function orderGroups(
  deps: CatalogAdminDeps,
  kind: GroupKind,
  ids: number[],
  by: AuditActor,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { before, after } = await reorderGroups(tx, kind, ids);
    if (before.join(',') !== after.join(','))
      await recordAudit(tx, {
        by,
        action: `${kind}.reorder`,
        entityType: kind,
        entityId: '*',
        before: { ids: before },
        after: { ids: after },
      });
  });
  await announce(deps);
}
