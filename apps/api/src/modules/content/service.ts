import type { AdminAgent, AdminSlider, Agent, InfoPageKind, Lang, Slider } from '@shop/contract';
import { infoPageKinds, slideHref } from '@shop/contract';
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { agents, infoPages, sliders } from './schema.ts';
import { AppError } from '../../lib/errors.ts';

/*
 * The content module: the home slides, the agents and the info pages, and the only code that
 * writes their tables. Each write takes the transaction of the use case that records it
 * (use-cases/content-admin.ts, the catalog import); the screens' reads that need the shop's
 * settings too are views (views/store/content.ts, views/back-office/content.ts).
 */

export { infoPageKinds, type InfoPageKind };

const pick = (lang: Lang, ar: string, en: string) => (lang === 'en' ? en : ar);

const slideRows = (db: Db | Tx) => db.select().from(sliders).orderBy(asc(sliders.sort), asc(sliders.id));
const agentRows = (db: Db | Tx) => db.select().from(agents).orderBy(asc(agents.sort), asc(agents.id));

/** The home slides in their order, each with its image and link in `lang`. */
export async function listSliders(db: Db, lang: Lang): Promise<Slider[]> {
  return (await slideRows(db)).map((s) => {
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
  return (await agentRows(db)).map((a) => ({
    agentId: a.id,
    agentName: pick(lang, a.nameAr, a.nameEn),
    agentCompany: pick(lang, a.companyAr, a.companyEn),
    agentPhone: a.phone,
    agentImage: a.image,
  }));
}

/** The info pages the shop wrote, in both languages (a kind not written yet is absent). */
export async function writtenInfoPages(
  db: Db | Tx,
  kinds?: InfoPageKind[],
): Promise<Map<InfoPageKind, { ar: string; en: string }>> {
  const rows = await db
    .select()
    .from(infoPages)
    .where(kinds ? inArray(infoPages.kind, kinds) : undefined);
  return new Map(rows.map((r) => [r.kind as InfoPageKind, { ar: r.bodyAr, en: r.bodyEn }]));
}

// ---- the back office ----

export const presentSlider = (s: typeof sliders.$inferSelect): AdminSlider => ({
  id: s.id,
  imageAr: s.imageAr,
  imageEn: s.imageEn,
  linkAr: s.linkAr,
  linkEn: s.linkEn,
  sort: s.sort,
});

export const presentAgent = (a: typeof agents.$inferSelect): AdminAgent => ({
  id: a.id,
  nameAr: a.nameAr,
  nameEn: a.nameEn,
  companyAr: a.companyAr,
  companyEn: a.companyEn,
  phone: a.phone,
  image: a.image,
  sort: a.sort,
});

/** Slides and agents as the back office edits them, in their order. */
export async function adminSlidesAndAgents(
  db: Db,
): Promise<{ sliders: AdminSlider[]; agents: AdminAgent[] }> {
  const [slides, people] = await Promise.all([slideRows(db), agentRows(db)]);
  return { sliders: slides.map(presentSlider), agents: people.map(presentAgent) };
}

async function nextSort(tx: Tx, table: typeof sliders | typeof agents): Promise<number> {
  const [row] = await tx.select({ max: sql<number | null>`max(${table.sort})` }).from(table);
  return (row?.max ?? -1) + 1;
}

/** A change of one row: the row as it was and as it is now; null when there is no such row. */
export type RowChange<T> = { before: T; after: T } | null;

export interface SlideValues {
  imageAr: string;
  imageEn: string;
  linkAr: string;
  linkEn: string;
}

/** Adds a slide after the others. */
export async function insertSlider(tx: Tx, values: SlideValues): Promise<AdminSlider> {
  const [row] = await tx
    .insert(sliders)
    .values({ ...values, sort: await nextSort(tx, sliders) })
    .returning();
  return presentSlider(row!);
}

export async function updateSlider(
  tx: Tx,
  id: number,
  values: Partial<SlideValues>,
): Promise<RowChange<AdminSlider>> {
  const [before] = await tx.select().from(sliders).where(eq(sliders.id, id)).for('update');
  if (!before) return null;
  const [row] = await tx
    .update(sliders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sliders.id, id))
    .returning();
  return { before: presentSlider(before), after: presentSlider(row!) };
}

/** Removes a slide; answers it as it was, null when there is none. */
export async function deleteSlider(tx: Tx, id: number): Promise<AdminSlider | null> {
  const [before] = await tx.delete(sliders).where(eq(sliders.id, id)).returning();
  return before ? presentSlider(before) : null;
}

export interface AgentValues {
  nameAr: string;
  nameEn: string;
  companyAr: string;
  companyEn: string;
  phone: string;
  image: string;
}

/** Adds an agent after the others. */
export async function insertAgent(tx: Tx, values: AgentValues): Promise<AdminAgent> {
  const [row] = await tx
    .insert(agents)
    // The importer matches agents by slug; one made here gets a key of its own.
    .values({ ...values, slug: `agent-${randomUUID().slice(0, 8)}`, sort: await nextSort(tx, agents) })
    .returning();
  return presentAgent(row!);
}

export async function updateAgent(
  tx: Tx,
  id: number,
  values: Partial<AgentValues>,
): Promise<RowChange<AdminAgent>> {
  const [before] = await tx.select().from(agents).where(eq(agents.id, id)).for('update');
  if (!before) return null;
  const [row] = await tx
    .update(agents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(agents.id, id))
    .returning();
  return { before: presentAgent(before), after: presentAgent(row!) };
}

/** Removes an agent; answers it as it was, null when there is none. */
export async function deleteAgent(tx: Tx, id: number): Promise<AdminAgent | null> {
  const [before] = await tx.delete(agents).where(eq(agents.id, id)).returning();
  return before ? presentAgent(before) : null;
}

/**
 * Puts every slide or agent in the order of `ids`, which must name each of them once (400
 * CONTENT_ORDER_INVALID otherwise). Answers the order before, or null when it is unchanged.
 */
export async function reorderContent(
  tx: Tx,
  kind: 'slider' | 'agent',
  ids: number[],
): Promise<number[] | null> {
  const table = kind === 'slider' ? sliders : agents;
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .orderBy(asc(table.sort), asc(table.id))
    .for('update');
  const before = rows.map((r) => r.id);
  const same = new Set(ids);
  if (same.size !== ids.length || ids.length !== before.length || !before.every((id) => same.has(id)))
    throw new AppError(400, 'CONTENT_ORDER_INVALID');
  if (before.every((id, i) => ids[i] === id)) return null;
  for (const [sort, id] of ids.entries())
    await tx.update(table).set({ sort, updatedAt: new Date() }).where(eq(table.id, id));
  return before;
}

/** Stores an info page's Markdown in both languages (as written; rendered when shown). */
export async function putInfoPage(
  tx: Tx,
  kind: InfoPageKind,
  body: { ar: string; en: string },
): Promise<void> {
  await tx
    .insert(infoPages)
    .values({ kind, bodyAr: body.ar, bodyEn: body.en })
    .onConflictDoUpdate({
      target: infoPages.kind,
      set: { bodyAr: body.ar, bodyEn: body.en, updatedAt: sql`now()` },
    });
}

// ---- a catalog file's content sections ----

export interface AgentRecord {
  key: string;
  name: { ar: string; en: string };
  company: { ar: string; en: string };
  phone: string;
  /** The stored image's public path. */
  image: string;
}

/** The keys of these agents the shop has already. */
export async function knownAgentKeys(db: Db | Tx, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.select({ slug: agents.slug }).from(agents).where(inArray(agents.slug, keys));
  return new Set(rows.map((r) => r.slug));
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Writes a file's agents by their key, in the file's order. */
export async function upsertAgents(tx: Tx, records: AgentRecord[]): Promise<void> {
  if (!records.length) return;
  await tx
    .insert(agents)
    .values(
      records.map((a, sort) => ({
        slug: a.key,
        nameAr: a.name.ar,
        nameEn: a.name.en,
        companyAr: a.company.ar,
        companyEn: a.company.en,
        phone: a.phone,
        image: a.image,
        sort,
      })),
    )
    .onConflictDoUpdate({
      target: agents.slug,
      set: {
        nameAr: excluded('name_ar'),
        nameEn: excluded('name_en'),
        companyAr: excluded('company_ar'),
        companyEn: excluded('company_en'),
        phone: excluded('phone'),
        image: excluded('image'),
        sort: excluded('sort'),
        updatedAt: sql`now()`,
      },
    });
}

/** Replaces every slide with these, in this order (slides have no key to match them by). */
export async function replaceSliders(tx: Tx, slides: SlideValues[]): Promise<void> {
  await tx.delete(sliders);
  if (slides.length) await tx.insert(sliders).values(slides.map((s, sort) => ({ ...s, sort })));
}
