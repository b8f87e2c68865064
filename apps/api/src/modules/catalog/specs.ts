import {
  MAX_SPEC_ATTRIBUTES,
  type AdminProductSpec,
  type AdminSpecAttribute,
  type Lang,
  type ProductSpec,
  type SpecAttributeInput,
  type SpecKind,
  type SpecValueInput,
} from '@shop/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { categories, productSpecs, products, specAttributes, specChoices } from './schema.ts';

/*
 * Product specifications (docs/decisions/195-product-specifications.md): a category's ordered
 * attributes (a number, one of its choices, or text in both languages) and each product's
 * values. Only values of the product's own category are shown, and a change of category drops
 * the others. Whenever values change, the product's `spec_search` is written again from them,
 * and the search trigger of migration 0017 puts it into `search_doc` (and its words into
 * `search_terms`), so a product is found by "6.1", "A17" or the Arabic name of a choice.
 */

export type SpecAttributeRow = typeof specAttributes.$inferSelect;
type ChoiceRow = typeof specChoices.$inferSelect;
type ValueRow = typeof productSpecs.$inferSelect;

/** A text in the language, the other language's when it is empty. */
export const pick = (lang: Lang, ar: string, en: string) => (lang === 'en' ? en || ar : ar || en);

/** A number as shown and searched: Latin digits, no grouping, no trailing zeros ("6.1", "5000"). */
export const formatSpecNumber = (n: number) => String(Number(n.toPrecision(12)));

/** The largest number a specification holds (and the smallest, negated). */
const MAX_SPEC_NUMBER = 1e12;

/** A value as the shop shows it in one language; null when the row holds nothing showable. */
function displayValue(kind: SpecKind, v: ValueRow, choice: ChoiceRow | undefined, lang: Lang): string | null {
  if (kind === 'number') return v.numberValue === null ? null : formatSpecNumber(v.numberValue);
  if (kind === 'choice') return choice ? pick(lang, choice.valueAr, choice.valueEn) : null;
  return v.textAr === null || v.textEn === null ? null : pick(lang, v.textAr, v.textEn);
}

// ---- reads ----

/**
 * Values with their attribute and choice, of the product's own category only: a value left from
 * another category is never read.
 */
export function selectOwnValues(db: Db | Tx) {
  return db
    .select({ v: productSpecs, a: specAttributes, c: specChoices })
    .from(productSpecs)
    .innerJoin(specAttributes, eq(specAttributes.id, productSpecs.attributeId))
    .innerJoin(
      products,
      and(eq(products.id, productSpecs.productId), eq(products.categoryId, specAttributes.categoryId)),
    )
    .leftJoin(specChoices, eq(specChoices.id, productSpecs.choiceId));
}

/** A category's attributes in order, with their choices and how many products fill each. */
export async function listSpecAttributes(db: Db | Tx, categoryId: number): Promise<AdminSpecAttribute[]> {
  const attributes = await db
    .select()
    .from(specAttributes)
    .where(eq(specAttributes.categoryId, categoryId))
    .orderBy(asc(specAttributes.sort), asc(specAttributes.id));
  if (attributes.length === 0) return [];
  const ids = attributes.map((a) => a.id);
  const [choices, filled] = await Promise.all([
    db
      .select()
      .from(specChoices)
      .where(inArray(specChoices.attributeId, ids))
      .orderBy(asc(specChoices.sort), asc(specChoices.id)),
    db
      .select({ id: productSpecs.attributeId, n: count() })
      .from(productSpecs)
      .where(inArray(productSpecs.attributeId, ids))
      .groupBy(productSpecs.attributeId),
  ]);
  const counts = new Map(filled.map((f) => [f.id, f.n]));
  return attributes.map((a) => ({
    id: a.id,
    categoryId: a.categoryId,
    nameAr: a.nameAr,
    nameEn: a.nameEn,
    unitAr: a.unitAr,
    unitEn: a.unitEn,
    kind: a.kind,
    choices: choices
      .filter((c) => c.attributeId === a.id)
      .map((c) => ({ id: c.id, valueAr: c.valueAr, valueEn: c.valueEn })),
    productCount: counts.get(a.id) ?? 0,
  }));
}

/** A product's values of its own category's attributes, as its editor fills them in. */
export async function productSpecValues(db: Db | Tx, productId: number): Promise<AdminProductSpec[]> {
  const rows = await selectOwnValues(db).where(eq(productSpecs.productId, productId));
  return rows.map(({ v }) => ({
    attributeId: v.attributeId,
    number: v.numberValue,
    choiceId: v.choiceId,
    textAr: v.textAr,
    textEn: v.textEn,
  }));
}

/** One attribute's filled value of one product, in a language. */
export interface ShownSpec extends ProductSpec {
  productId: number;
}

/**
 * The filled values of the products' own categories' attributes, in each category's order, in
 * one language: what the product page and the comparison show.
 */
export async function shownSpecs(db: Db | Tx, productIds: number[], lang: Lang): Promise<ShownSpec[]> {
  if (productIds.length === 0) return [];
  const rows = await selectOwnValues(db)
    .where(inArray(productSpecs.productId, productIds))
    .orderBy(asc(specAttributes.sort), asc(specAttributes.id));
  return rows.flatMap(({ v, a, c }) => {
    const value = displayValue(a.kind, v, c ?? undefined, lang);
    if (value === null || value === '') return [];
    return [
      {
        productId: v.productId,
        specId: a.id,
        specName: pick(lang, a.nameAr, a.nameEn),
        specValue: value,
        specUnit: pick(lang, a.unitAr, a.unitEn),
      },
    ];
  });
}

/** The attributes of a category in order, in one language (the comparison's rows). */
export async function categorySpecNames(
  db: Db | Tx,
  categoryId: number,
  lang: Lang,
): Promise<{ specId: number; specName: string; specUnit: string }[]> {
  const rows = await db
    .select()
    .from(specAttributes)
    .where(eq(specAttributes.categoryId, categoryId))
    .orderBy(asc(specAttributes.sort), asc(specAttributes.id));
  return rows.map((a) => ({
    specId: a.id,
    specName: pick(lang, a.nameAr, a.nameEn),
    specUnit: pick(lang, a.unitAr, a.unitEn),
  }));
}

// ---- the search text ----

/**
 * Writes again the `spec_search` of these products from their values of their own category's
 * attributes: each value with its unit in both languages, a number also glued to its English
 * unit ("5000mah"), so either way of typing it finds the product. Writes their `spec_facets`
 * too: "s<attribute>:<choice id or number>" for each choice and number value (facets.ts).
 * Rows whose text and keys are unchanged are left alone.
 */
export async function refreshSpecSearch(tx: Tx | Db, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    with fresh as (
      select p.id, coalesce((
        select string_agg(concat_ws(' ',
            coalesce(s.number_value::text, c.value_ar || ' ' || c.value_en, s.text_ar || ' ' || s.text_en),
            nullif(a.unit_ar, ''),
            nullif(a.unit_en, ''),
            case when s.number_value is not null and a.unit_en <> ''
              then s.number_value::text || a.unit_en end
          ), ' ' order by a.sort, a.id)
        from ${productSpecs} s
        join ${specAttributes} a on a.id = s.attribute_id and a.category_id = p.category_id
        left join ${specChoices} c on c.id = s.choice_id
        where s.product_id = p.id
      ), '') as doc,
      array(
        select 's' || a.id || ':' || coalesce(s.choice_id::text, s.number_value::text)
        from ${productSpecs} s
        join ${specAttributes} a on a.id = s.attribute_id and a.category_id = p.category_id
        where s.product_id = p.id and s.text_ar is null
        order by a.id
      ) as facets
      from ${products} p
      where p.id = any(${sql.param(productIds)}::int[])
    )
    update ${products} p set spec_search = fresh.doc, spec_facets = fresh.facets
    from fresh
    where p.id = fresh.id
      and (p.spec_search, p.spec_facets) is distinct from (fresh.doc, fresh.facets)`);
}

/** The products that fill any of these attributes. */
async function productsFilling(tx: Tx, attributeIds: number[]): Promise<number[]> {
  if (attributeIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: productSpecs.productId })
    .from(productSpecs)
    .where(inArray(productSpecs.attributeId, attributeIds));
  return rows.map((r) => r.id);
}

// ---- the category's attributes ----

/** What the audit log keeps of an attribute. */
export function specAuditView(a: SpecAttributeRow, choices: { valueAr: string; valueEn: string }[]) {
  return {
    categoryId: a.categoryId,
    nameAr: a.nameAr,
    nameEn: a.nameEn,
    unitAr: a.unitAr,
    unitEn: a.unitEn,
    kind: a.kind,
    sort: a.sort,
    choices: choices.map((c) => `${c.valueEn} | ${c.valueAr}`),
  };
}

async function choicesOf(tx: Tx, attributeId: number): Promise<ChoiceRow[]> {
  return tx
    .select()
    .from(specChoices)
    .where(eq(specChoices.attributeId, attributeId))
    .orderBy(asc(specChoices.sort), asc(specChoices.id));
}

async function nameTaken(tx: Tx, categoryId: number, nameEn: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: specAttributes.id })
    .from(specAttributes)
    .where(
      and(eq(specAttributes.categoryId, categoryId), sql`lower(${specAttributes.nameEn}) = lower(${nameEn})`),
    );
  return row !== undefined && row.id !== exceptId;
}

/**
 * Sets an attribute's choices to `wanted`, in that order: a choice is kept by its English value
 * (products that chose it keep it); one no longer listed goes, with the values that chose it.
 */
export async function syncChoices(
  tx: Tx,
  attributeId: number,
  wanted: { valueAr: string; valueEn: string }[],
): Promise<void> {
  const current = await choicesOf(tx, attributeId);
  const byKey = new Map(current.map((c) => [c.valueEn.toLowerCase(), c]));
  const keep = new Set(wanted.map((w) => w.valueEn.toLowerCase()));
  const gone = current.filter((c) => !keep.has(c.valueEn.toLowerCase())).map((c) => c.id);
  if (gone.length) await tx.delete(specChoices).where(inArray(specChoices.id, gone));
  for (const [sort, w] of wanted.entries()) {
    const existing = byKey.get(w.valueEn.toLowerCase());
    if (existing)
      await tx
        .update(specChoices)
        .set({ valueAr: w.valueAr, valueEn: w.valueEn, sort })
        .where(eq(specChoices.id, existing.id));
    else await tx.insert(specChoices).values({ attributeId, valueAr: w.valueAr, valueEn: w.valueEn, sort });
  }
}

/** An attribute and its choices, before or after a change. */
export interface SpecAttributeState {
  row: SpecAttributeRow;
  choices: ChoiceRow[];
}

/**
 * A new attribute, last in its category's order. Null when the category does not exist; 409
 * SPEC_NAME_TAKEN when the category has one of that English name.
 */
export async function insertSpecAttribute(
  tx: Tx,
  categoryId: number,
  input: SpecAttributeInput,
): Promise<SpecAttributeState | null> {
  // The category locked: two attributes added at once get distinct places in its order.
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .for('update');
  if (!category) return null;
  const [stats] = await tx
    .select({ n: count(), last: sql<number>`coalesce(max(${specAttributes.sort}), -1)::int` })
    .from(specAttributes)
    .where(eq(specAttributes.categoryId, categoryId));
  if ((stats?.n ?? 0) >= MAX_SPEC_ATTRIBUTES) throw new AppError(409, 'SPEC_ATTRIBUTES_FULL');
  if (await nameTaken(tx, categoryId, input.nameEn))
    throw new AppError(409, 'SPEC_NAME_TAKEN', [{ path: 'nameEn', code: 'SPEC_NAME_TAKEN' }]);
  const [row] = await tx
    .insert(specAttributes)
    .values({
      categoryId,
      nameAr: input.nameAr,
      nameEn: input.nameEn,
      unitAr: input.unitAr,
      unitEn: input.unitEn,
      kind: input.kind,
      sort: (stats?.last ?? -1) + 1,
    })
    .returning();
  await syncChoices(tx, row!.id, input.choices);
  return { row: row!, choices: await choicesOf(tx, row!.id) };
}

async function lockAttribute(tx: Tx, id: number): Promise<SpecAttributeRow | null> {
  const [row] = await tx.select().from(specAttributes).where(eq(specAttributes.id, id)).for('update');
  return row ?? null;
}

/**
 * Edits an attribute. A new kind drops every product's value of it (a number is no choice);
 * choices are kept by their English value. Null when there is no such attribute.
 */
export async function updateSpecAttribute(
  tx: Tx,
  id: number,
  input: SpecAttributeInput,
): Promise<{ before: SpecAttributeState; after: SpecAttributeState } | null> {
  const row = await lockAttribute(tx, id);
  if (!row) return null;
  const before = { row, choices: await choicesOf(tx, id) };
  if (await nameTaken(tx, row.categoryId, input.nameEn, id))
    throw new AppError(409, 'SPEC_NAME_TAKEN', [{ path: 'nameEn', code: 'SPEC_NAME_TAKEN' }]);
  const touched = await productsFilling(tx, [id]);
  if (input.kind !== row.kind) await tx.delete(productSpecs).where(eq(productSpecs.attributeId, id));
  const [after] = await tx
    .update(specAttributes)
    .set({
      nameAr: input.nameAr,
      nameEn: input.nameEn,
      unitAr: input.unitAr,
      unitEn: input.unitEn,
      kind: input.kind,
      updatedAt: sql`now()`,
    })
    .where(eq(specAttributes.id, id))
    .returning();
  await syncChoices(tx, id, input.choices);
  await refreshSpecSearch(tx, touched);
  return { before, after: { row: after!, choices: await choicesOf(tx, id) } };
}

/** Removes an attribute with every product's value of it; null when there is none. */
export async function deleteSpecAttribute(tx: Tx, id: number): Promise<SpecAttributeState | null> {
  const row = await lockAttribute(tx, id);
  if (!row) return null;
  const before = { row, choices: await choicesOf(tx, id) };
  const touched = await productsFilling(tx, [id]);
  await tx.delete(specAttributes).where(eq(specAttributes.id, id));
  await refreshSpecSearch(tx, touched);
  return before;
}

/**
 * Moves an attribute one place up or down in its category's order. Answers the category's
 * attribute ids before and after (the same at either end); null when there is no such attribute.
 */
export async function moveSpecAttribute(
  tx: Tx,
  id: number,
  direction: 'up' | 'down',
): Promise<{ categoryId: number; before: number[]; after: number[] } | null> {
  const row = await lockAttribute(tx, id);
  if (!row) return null;
  const siblings = await tx
    .select({ id: specAttributes.id })
    .from(specAttributes)
    .where(eq(specAttributes.categoryId, row.categoryId))
    .orderBy(asc(specAttributes.sort), asc(specAttributes.id))
    .for('update');
  const before = siblings.map((s) => s.id);
  const after = [...before];
  const at = after.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (to >= 0 && to < after.length) [after[at], after[to]] = [after[to]!, after[at]!];
  for (const [sort, attributeId] of after.entries())
    await tx.update(specAttributes).set({ sort }).where(eq(specAttributes.id, attributeId));
  if (before.join() !== after.join()) {
    // The search text lists values in the category's order.
    const touched = await productsFilling(tx, after);
    await refreshSpecSearch(tx, touched);
  }
  return { categoryId: row.categoryId, before, after };
}

// ---- a product's values ----

/** A product's values by the attribute's English name, as the audit log keeps them. */
export async function specsAuditView(tx: Tx | Db, productId: number): Promise<Record<string, string>> {
  const rows = await tx
    .select({ v: productSpecs, a: specAttributes, c: specChoices })
    .from(productSpecs)
    .innerJoin(specAttributes, eq(specAttributes.id, productSpecs.attributeId))
    .leftJoin(specChoices, eq(specChoices.id, productSpecs.choiceId))
    .where(eq(productSpecs.productId, productId))
    .orderBy(asc(specAttributes.sort), asc(specAttributes.id));
  const view: Record<string, string> = {};
  for (const { v, a, c } of rows) {
    const en = displayValue(a.kind, v, c ?? undefined, 'en');
    if (en === null) continue;
    view[a.nameEn] = a.kind === 'text' ? `${v.textEn} | ${v.textAr}` : en;
  }
  return view;
}

/** A number as typed: Latin or Arabic-Indic digits, a point or the Arabic decimal separator. */
export function parseSpecNumber(raw: string | number): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && Math.abs(raw) < MAX_SPEC_NUMBER ? raw : null;
  const latin = raw
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u066b,]/g, '.');
  if (!/^-?[0-9]+(\.[0-9]+)?$/.test(latin)) return null;
  const n = Number(latin);
  return Math.abs(n) < MAX_SPEC_NUMBER ? n : null;
}

/** An attribute with its choices, as a product's values are checked against it. */
export interface AttributeForValues {
  row: SpecAttributeRow;
  choices: ChoiceRow[];
}

/** The attributes of a category with their choices. */
export async function attributesOfCategory(tx: Tx | Db, categoryId: number): Promise<AttributeForValues[]> {
  const rows = await tx
    .select()
    .from(specAttributes)
    .where(eq(specAttributes.categoryId, categoryId))
    .orderBy(asc(specAttributes.sort), asc(specAttributes.id));
  if (rows.length === 0) return [];
  const choices = await tx
    .select()
    .from(specChoices)
    .where(
      inArray(
        specChoices.attributeId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((row) => ({ row, choices: choices.filter((c) => c.attributeId === row.id) }));
}

/** A value ready to store, or null to clear the attribute. */
export type StoredSpecValue = Pick<ValueRow, 'numberValue' | 'choiceId' | 'textAr' | 'textEn'>;

/**
 * A value sent for an attribute, checked against its kind: a number, one of its choices (by id,
 * or by its English or Arabic value), or text in both languages (a plain text is both). Empty
 * clears it. `refuse` names what is wrong ('number', 'choice', 'text').
 */
export function specValueOf(
  attribute: Pick<AttributeForValues, 'choices'> & { row: Pick<SpecAttributeRow, 'kind'> },
  value: SpecValueInput,
  { choiceIds = true } = {},
): { ok: true; value: StoredSpecValue | null } | { ok: false; problem: 'number' | 'choice' | 'text' } {
  const none = { numberValue: null, choiceId: null, textAr: null, textEn: null };
  const { row } = attribute;
  if (typeof value === 'string' && value.trim() === '') return { ok: true, value: null };
  if (typeof value === 'object' && value.ar.trim() === '' && value.en.trim() === '')
    return { ok: true, value: null };
  if (row.kind === 'number') {
    const n = typeof value === 'object' ? null : parseSpecNumber(value);
    return n === null ? { ok: false, problem: 'number' } : { ok: true, value: { ...none, numberValue: n } };
  }
  if (row.kind === 'choice') {
    if (typeof value === 'object') return { ok: false, problem: 'choice' };
    const t = String(value).trim();
    const lower = t.toLowerCase();
    const choice = attribute.choices.find(
      (c) => (choiceIds && String(c.id) === t) || c.valueEn.toLowerCase() === lower || c.valueAr === t,
    );
    return choice ? { ok: true, value: { ...none, choiceId: choice.id } } : { ok: false, problem: 'choice' };
  }
  const ar = typeof value === 'object' ? value.ar.trim() : String(value).trim();
  const en = typeof value === 'object' ? value.en.trim() : String(value).trim();
  if (ar === '' || en === '') return { ok: false, problem: 'text' };
  return { ok: true, value: { ...none, textAr: ar, textEn: en } };
}

const PROBLEM_CODES = {
  number: 'SPEC_NUMBER_INVALID',
  choice: 'SPEC_CHOICE_UNKNOWN',
  text: 'SPEC_TEXT_BOTH_LANGUAGES',
} as const;

/** Writes values (null clears) of one product, then its search text. */
export async function writeSpecValues(
  tx: Tx,
  productId: number,
  values: Map<number, StoredSpecValue | null>,
): Promise<void> {
  const cleared = [...values].filter(([, v]) => v === null).map(([id]) => id);
  if (cleared.length)
    await tx
      .delete(productSpecs)
      .where(and(eq(productSpecs.productId, productId), inArray(productSpecs.attributeId, cleared)));
  const set = [...values].flatMap(([attributeId, v]) => (v ? [{ productId, attributeId, ...v }] : []));
  if (set.length)
    await tx
      .insert(productSpecs)
      .values(set)
      .onConflictDoUpdate({
        target: [productSpecs.productId, productSpecs.attributeId],
        set: {
          numberValue: sql`excluded.number_value`,
          choiceId: sql`excluded.choice_id`,
          textAr: sql`excluded.text_ar`,
          textEn: sql`excluded.text_en`,
        },
      });
  await refreshSpecSearch(tx, [productId]);
}

/**
 * Sets some of a product's values (the product locked by the caller): each attribute must be
 * one of its category's (400 SPEC_NOT_OF_CATEGORY), each value fit its kind (400 naming the
 * attribute in the message).
 */
export async function setProductSpecValues(
  tx: Tx,
  product: { id: number; categoryId: number },
  values: Map<number, SpecValueInput>,
  lang: Lang,
): Promise<void> {
  const attributes = new Map((await attributesOfCategory(tx, product.categoryId)).map((a) => [a.row.id, a]));
  const stored = new Map<number, StoredSpecValue | null>();
  for (const [attributeId, value] of values) {
    const attribute = attributes.get(attributeId);
    if (!attribute) throw badRequest('SPEC_NOT_OF_CATEGORY', `spec_${attributeId}`);
    const checked = specValueOf(attribute, value);
    if (!checked.ok) {
      const code = PROBLEM_CODES[checked.problem];
      throw new AppError(400, code, [{ path: `spec_${attributeId}`, code }], undefined, {
        name: pick(lang, attribute.row.nameAr, attribute.row.nameEn),
      });
    }
    stored.set(attributeId, checked.value);
  }
  await writeSpecValues(tx, product.id, stored);
}

/**
 * Deletes the values of these products whose attribute is not of the product's category (after
 * a change of category); answers the products that lost any, whose search text is then stale.
 */
export async function deleteSpecsOutsideCategory(tx: Tx, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const result = await tx.execute(sql`
    delete from ${productSpecs} s
    using ${specAttributes} a, ${products} p
    where s.product_id = any(${sql.param(productIds)}::int[])
      and a.id = s.attribute_id and p.id = s.product_id and a.category_id <> p.category_id
    returning s.product_id`);
  return [
    ...new Set((result as unknown as { rows: { product_id: number }[] }).rows.map((r) => r.product_id)),
  ];
}

/**
 * Drops the values of these products whose attribute is not of the product's category (after a
 * change of category), and writes their search text again.
 */
export async function dropSpecsOutsideCategory(tx: Tx, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await deleteSpecsOutsideCategory(tx, productIds);
  await refreshSpecSearch(tx, productIds);
}
