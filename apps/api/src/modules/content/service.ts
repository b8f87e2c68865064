import type {
  AdminAgent,
  AdminContent,
  AdminInfoPage,
  AdminSlider,
  Agent,
  InfoPageContent,
  InfoPageKind,
  Lang,
  Slider,
} from '@shop/contract';
import { infoPageKinds, slideHref } from '@shop/contract';
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { agents, infoPages, sliders } from './schema.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { renderMarkdown } from './markdown.ts';
import { defaultPrivacyPolicy } from '../settings/privacy.ts';
import { getSettings } from '../settings/service.ts';

export { infoPageKinds, type InfoPageKind };

const pick = (lang: Lang, ar: string, en: string) => (lang === 'en' ? en : ar);

/** The home slides in their order, each with its image and link in `lang`. */
export async function listSliders(db: Db, lang: Lang): Promise<Slider[]> {
  const rows = await db.select().from(sliders).orderBy(asc(sliders.sort), asc(sliders.id));
  return rows.map((s) => {
    // A row saved before links were checked is answered without its link.
    const link = slideHref(pick(lang, s.linkAr, s.linkEn));
    return {
      sliderId: s.id,
      sliderImage: pick(lang, s.imageAr, s.imageEn),
      ...(link && { sliderLink: link }),
    };
  });
}

export async function listAgents(db: Db, lang: Lang): Promise<Agent[]> {
  const rows = await db.select().from(agents).orderBy(asc(agents.sort), asc(agents.id));
  return rows.map((a) => ({
    agentId: a.id,
    agentName: pick(lang, a.nameAr, a.nameEn),
    agentCompany: pick(lang, a.companyAr, a.companyEn),
    agentPhone: a.phone,
    agentImage: a.image,
  }));
}

/**
 * An info page's Markdown in the request language; empty until the shop writes it, except the
 * privacy policy, which has a default text naming the shop's contact details.
 */
export async function infoPageText(db: Db, kind: InfoPageKind, lang: Lang): Promise<string> {
  const [row] = await db.select().from(infoPages).where(eq(infoPages.kind, kind));
  if (row) return pick(lang, row.bodyAr, row.bodyEn);
  return kind === 'privacy' ? defaultPrivacyPolicy(await getSettings(db), lang) : '';
}

/** An info page as the storefront shows it: the Markdown and its sanitized HTML. */
export async function infoPageContent(db: Db, kind: InfoPageKind, lang: Lang): Promise<InfoPageContent> {
  const markdown = await infoPageText(db, kind, lang);
  return { markdown, html: renderMarkdown(markdown) };
}

// ---- the back office ----

const presentSlider = (s: typeof sliders.$inferSelect): AdminSlider => ({
  id: s.id,
  imageAr: s.imageAr,
  imageEn: s.imageEn,
  linkAr: s.linkAr,
  linkEn: s.linkEn,
  sort: s.sort,
});

const presentAgent = (a: typeof agents.$inferSelect): AdminAgent => ({
  id: a.id,
  nameAr: a.nameAr,
  nameEn: a.nameEn,
  companyAr: a.companyAr,
  companyEn: a.companyEn,
  phone: a.phone,
  image: a.image,
  sort: a.sort,
});

export async function adminInfoPages(db: Db | Tx): Promise<AdminInfoPage[]> {
  const rows = await db.select().from(infoPages);
  const settings = await getSettings(db);
  return infoPageKinds.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    if (row) return { kind, ar: row.bodyAr, en: row.bodyEn, isDefault: false };
    const ar = kind === 'privacy' ? defaultPrivacyPolicy(settings, 'ar') : '';
    const en = kind === 'privacy' ? defaultPrivacyPolicy(settings, 'en') : '';
    return { kind, ar, en, isDefault: true };
  });
}

/** Everything the content page edits. */
export async function adminContent(db: Db): Promise<AdminContent> {
  const [slideRows, agentRows, pages] = await Promise.all([
    db.select().from(sliders).orderBy(asc(sliders.sort), asc(sliders.id)),
    db.select().from(agents).orderBy(asc(agents.sort), asc(agents.id)),
    adminInfoPages(db),
  ]);
  return { sliders: slideRows.map(presentSlider), agents: agentRows.map(presentAgent), infoPages: pages };
}

async function nextSort(tx: Tx, table: typeof sliders | typeof agents): Promise<number> {
  const [row] = await tx.select({ max: sql<number | null>`max(${table.sort})` }).from(table);
  return (row?.max ?? -1) + 1;
}

export interface SlideValues {
  imageAr: string;
  imageEn: string;
  linkAr: string;
  linkEn: string;
}

export async function createSlider(db: Db, by: AuditActor, values: SlideValues): Promise<AdminSlider> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sliders)
      .values({ ...values, sort: await nextSort(tx, sliders) })
      .returning();
    const slider = presentSlider(row!);
    await recordAudit(tx, {
      by,
      action: 'slider.create',
      entityType: 'slider',
      entityId: String(slider.id),
      before: null,
      after: slider,
    });
    return slider;
  });
}

export async function updateSlider(
  db: Db,
  by: AuditActor,
  id: number,
  values: Partial<SlideValues>,
): Promise<AdminSlider> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(sliders).where(eq(sliders.id, id)).for('update');
    if (!before) throw new AppError(404, 'SLIDER_NOT_FOUND');
    const [row] = await tx
      .update(sliders)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(sliders.id, id))
      .returning();
    const slider = presentSlider(row!);
    await recordAudit(tx, {
      by,
      action: 'slider.update',
      entityType: 'slider',
      entityId: String(id),
      before: presentSlider(before),
      after: slider,
    });
    return slider;
  });
}

export async function removeSlider(db: Db, by: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(sliders).where(eq(sliders.id, id)).returning();
    if (!before) throw new AppError(404, 'SLIDER_NOT_FOUND');
    await recordAudit(tx, {
      by,
      action: 'slider.remove',
      entityType: 'slider',
      entityId: String(id),
      before: presentSlider(before),
      after: null,
    });
  });
}

/** Puts every row of the table in the order of `ids` (which must name each row once). */
async function reorder(
  db: Db,
  by: AuditActor,
  table: typeof sliders | typeof agents,
  entityType: 'slider' | 'agent',
  ids: number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .orderBy(asc(table.sort), asc(table.id))
      .for('update');
    const before = rows.map((r) => r.id);
    const same = new Set(ids);
    if (same.size !== ids.length || ids.length !== before.length || !before.every((id) => same.has(id)))
      throw new AppError(400, 'CONTENT_ORDER_INVALID');
    if (before.every((id, i) => ids[i] === id)) return;
    for (const [sort, id] of ids.entries())
      await tx.update(table).set({ sort, updatedAt: new Date() }).where(eq(table.id, id));
    await recordAudit(tx, {
      by,
      action: `${entityType}.reorder`,
      entityType,
      entityId: '*',
      before: { ids: before },
      after: { ids },
    });
  });
}

export const reorderSliders = (db: Db, by: AuditActor, ids: number[]) =>
  reorder(db, by, sliders, 'slider', ids);
export const reorderAgents = (db: Db, by: AuditActor, ids: number[]) => reorder(db, by, agents, 'agent', ids);

export interface AgentValues {
  nameAr: string;
  nameEn: string;
  companyAr: string;
  companyEn: string;
  phone: string;
  image: string;
}

export async function createAgent(db: Db, by: AuditActor, values: AgentValues): Promise<AdminAgent> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agents)
      // The importer matches agents by slug; one made here gets a key of its own.
      .values({ ...values, slug: `agent-${randomUUID().slice(0, 8)}`, sort: await nextSort(tx, agents) })
      .returning();
    const agent = presentAgent(row!);
    await recordAudit(tx, {
      by,
      action: 'agent.create',
      entityType: 'agent',
      entityId: String(agent.id),
      before: null,
      after: agent,
    });
    return agent;
  });
}

export async function updateAgent(
  db: Db,
  by: AuditActor,
  id: number,
  values: Partial<AgentValues>,
): Promise<AdminAgent> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(agents).where(eq(agents.id, id)).for('update');
    if (!before) throw new AppError(404, 'AGENT_NOT_FOUND');
    const [row] = await tx
      .update(agents)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(agents.id, id))
      .returning();
    const agent = presentAgent(row!);
    await recordAudit(tx, {
      by,
      action: 'agent.update',
      entityType: 'agent',
      entityId: String(id),
      before: presentAgent(before),
      after: agent,
    });
    return agent;
  });
}

export async function removeAgent(db: Db, by: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(agents).where(eq(agents.id, id)).returning();
    if (!before) throw new AppError(404, 'AGENT_NOT_FOUND');
    await recordAudit(tx, {
      by,
      action: 'agent.remove',
      entityType: 'agent',
      entityId: String(id),
      before: presentAgent(before),
      after: null,
    });
  });
}

/** Saves an info page's Markdown in both languages (stored as written, rendered when shown). */
export async function saveInfoPage(
  db: Db,
  by: AuditActor,
  kind: InfoPageKind,
  body: { ar: string; en: string },
): Promise<AdminInfoPage> {
  return db.transaction(async (tx) => {
    const before = (await adminInfoPages(tx)).find((p) => p.kind === kind)!;
    const page: AdminInfoPage = { kind, ar: body.ar, en: body.en, isDefault: false };
    if (!before.isDefault && before.ar === body.ar && before.en === body.en) return page;
    await tx
      .insert(infoPages)
      .values({ kind, bodyAr: body.ar, bodyEn: body.en })
      .onConflictDoUpdate({
        target: infoPages.kind,
        set: { bodyAr: body.ar, bodyEn: body.en, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      by,
      action: 'info_page.update',
      entityType: 'info_page',
      entityId: kind,
      before: before.isDefault ? null : { ar: before.ar, en: before.en },
      after: { ar: body.ar, en: body.en },
    });
    return page;
  });
}
