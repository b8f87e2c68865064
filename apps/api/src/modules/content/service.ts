import type { Agent, Lang, Slider } from '@shop/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, infoPages, sliders } from '../../db/schema.ts';

const pick = (lang: Lang, ar: string, en: string) => (lang === 'en' ? en : ar);

export async function listSliders(db: Db): Promise<Slider[]> {
  const rows = await db.select().from(sliders).orderBy(asc(sliders.sort), asc(sliders.id));
  return rows.map((s) => ({ sliderId: s.id, sliderImage: s.image }));
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

/** The three info pages, by their key in the `info_pages` table. */
export const infoPageKinds = ['about', 'refund', 'terms'] as const;
export type InfoPageKind = (typeof infoPageKinds)[number];

/** An info page's text in the request language; empty until the shop writes it. */
export async function infoPageText(db: Db, kind: InfoPageKind, lang: Lang): Promise<string> {
  const [row] = await db.select().from(infoPages).where(eq(infoPages.kind, kind));
  return row ? pick(lang, row.bodyAr, row.bodyEn) : '';
}
