import type { AdminAgent, AdminInfoPage, AdminSlider, InfoPageKind } from '@shop/contract';
import type { Tx } from '../db/client.ts';
import type { AuditActor } from '../lib/audit-actor.ts';
import type { Shop } from '../lib/shop.ts';
import { recordAudit, type AuditRecord } from '../modules/audit/service.ts';
import {
  deleteAgent,
  deleteSlider,
  insertAgent,
  insertSlider,
  putInfoPage,
  reorderContent,
  updateAgent,
  updateSlider,
  writtenInfoPages,
  type AgentValues,
  type SlideValues,
} from '../modules/content/service.ts';

/*
 * The back office's changes of the home slides, the agents and the info pages: each the content
 * module's write and its audit entry in one transaction; after the commit the storefront's caches
 * are told the content changed. A change of something that is not there answers null.
 */

type ContentDeps = Pick<Shop, 'db' | 'changes'>;
type Entry = Omit<AuditRecord, 'by'>;

async function changeContent<T>(
  deps: ContentDeps,
  by: AuditActor,
  run: (tx: Tx) => Promise<{ value: T; audit: Entry | null }>,
): Promise<T> {
  const value = await deps.db.transaction(async (tx) => {
    const done = await run(tx);
    if (done.audit) await recordAudit(tx, { by, ...done.audit });
    return done.value;
  });
  if (value !== null) await deps.changes.publish({ topic: 'content' });
  return value;
}

const created = <T extends { id: number }>(entityType: string, row: T) => ({
  value: row,
  audit: { action: `${entityType}.create`, entityType, entityId: String(row.id), before: null, after: row },
});

const updated = <T>(entityType: string, id: number, change: { before: T; after: T } | null) => ({
  value: change?.after ?? null,
  audit: change && { action: `${entityType}.update`, entityType, entityId: String(id), ...change },
});

const removed = <T>(entityType: string, id: number, before: T | null) => ({
  value: before ? (true as const) : null,
  audit: before && { action: `${entityType}.remove`, entityType, entityId: String(id), before, after: null },
});

export const createSlide = (deps: ContentDeps, by: AuditActor, values: SlideValues): Promise<AdminSlider> =>
  changeContent(deps, by, async (tx) => created('slider', await insertSlider(tx, values)));

export const changeSlide = (
  deps: ContentDeps,
  by: AuditActor,
  id: number,
  values: Partial<SlideValues>,
): Promise<AdminSlider | null> =>
  changeContent(deps, by, async (tx) => updated('slider', id, await updateSlider(tx, id, values)));

/** Removes a slide; null when there is none. */
export const removeSlide = (deps: ContentDeps, by: AuditActor, id: number): Promise<true | null> =>
  changeContent(deps, by, async (tx) => removed('slider', id, await deleteSlider(tx, id)));

export const createAgent = (deps: ContentDeps, by: AuditActor, values: AgentValues): Promise<AdminAgent> =>
  changeContent(deps, by, async (tx) => created('agent', await insertAgent(tx, values)));

export const changeAgent = (
  deps: ContentDeps,
  by: AuditActor,
  id: number,
  values: Partial<AgentValues>,
): Promise<AdminAgent | null> =>
  changeContent(deps, by, async (tx) => updated('agent', id, await updateAgent(tx, id, values)));

/** Removes an agent; null when there is none. */
export const removeAgent = (deps: ContentDeps, by: AuditActor, id: number): Promise<true | null> =>
  changeContent(deps, by, async (tx) => removed('agent', id, await deleteAgent(tx, id)));

/** Puts every slide or agent in the order of `ids` (each of them once: 400 CONTENT_ORDER_INVALID). */
export const orderContent = (
  deps: ContentDeps,
  by: AuditActor,
  kind: 'slider' | 'agent',
  ids: number[],
): Promise<true> =>
  changeContent(deps, by, async (tx) => {
    const before = await reorderContent(tx, kind, ids);
    const audit = before && {
      action: `${kind}.reorder`,
      entityType: kind,
      entityId: '*',
      before: { ids: before },
      after: { ids },
    };
    return { value: true as const, audit };
  });

/** Saves an info page's Markdown in both languages; saving the text it has changes nothing. */
export const saveInfoPage = (
  deps: ContentDeps,
  by: AuditActor,
  kind: InfoPageKind,
  body: { ar: string; en: string },
): Promise<AdminInfoPage> =>
  changeContent(deps, by, async (tx) => {
    const page: AdminInfoPage = { kind, ar: body.ar, en: body.en, isDefault: false };
    const before = (await writtenInfoPages(tx, [kind])).get(kind) ?? null;
    if (before && before.ar === body.ar && before.en === body.en) return { value: page, audit: null };
    await putInfoPage(tx, kind, body);
    const after = { ar: body.ar, en: body.en };
    return {
      value: page,
      audit: { action: 'info_page.update', entityType: 'info_page', entityId: kind, before, after },
    };
  });
