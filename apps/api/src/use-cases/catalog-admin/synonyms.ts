import type { SynonymGroup, SynonymGroupInput } from '@shop/contract';
import type { AuditActor } from '../../lib/audit-actor.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import {
  deleteSynonymGroup,
  insertSynonymGroup,
  updateSynonymGroup,
} from '../../modules/catalog/synonyms.ts';
import type { CatalogAdminDeps } from './products.ts';

/*
 * The back office's changes to search synonyms, for the API's routes and the dashboard's page
 * alike: each is the catalog module's change and its audit entry in one transaction; once
 * committed, the caches hear that the catalog changed, so no search answer read with the old
 * synonyms is served again. Null answers "no such group": the caller answers its 404.
 */

const ENTITY = 'search_synonyms';
const auditView = (g: SynonymGroup) => ({ words: g.words });

async function announce(deps: CatalogAdminDeps): Promise<void> {
  await deps.changes.publish({ topic: 'catalog' });
}

export async function createSynonymGroup(
  deps: CatalogAdminDeps,
  input: SynonymGroupInput,
  by: AuditActor,
): Promise<SynonymGroup> {
  const created = await deps.db.transaction(async (tx) => {
    const group = await insertSynonymGroup(tx, input.words);
    await recordAudit(tx, {
      by,
      action: 'search_synonyms.create',
      entityType: ENTITY,
      entityId: String(group.id),
      before: null,
      after: auditView(group),
    });
    return group;
  });
  await announce(deps);
  return created;
}

export async function saveSynonymGroup(
  deps: CatalogAdminDeps,
  id: number,
  input: SynonymGroupInput,
  by: AuditActor,
): Promise<SynonymGroup | null> {
  const change = await deps.db.transaction(async (tx) => {
    const change = await updateSynonymGroup(tx, id, input.words);
    if (change)
      await recordAudit(tx, {
        by,
        action: 'search_synonyms.update',
        entityType: ENTITY,
        entityId: String(id),
        before: auditView(change.before),
        after: auditView(change.after),
      });
    return change;
  });
  if (!change) return null;
  await announce(deps);
  return change.after;
}

export async function removeSynonymGroup(
  deps: CatalogAdminDeps,
  id: number,
  by: AuditActor,
): Promise<SynonymGroup | null> {
  const removed = await deps.db.transaction(async (tx) => {
    const before = await deleteSynonymGroup(tx, id);
    if (before)
      await recordAudit(tx, {
        by,
        action: 'search_synonyms.delete',
        entityType: ENTITY,
        entityId: String(id),
        before: auditView(before),
        after: null,
      });
    return before;
  });
  if (!removed) return null;
  await announce(deps);
  return removed;
}
