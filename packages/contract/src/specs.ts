import { z } from './zod.ts';
import { text } from './text.ts';
import { productSchema } from './catalog.ts';
import { langQuery } from './common.ts';

/*
 * Product specifications (docs/decisions/195-product-specifications.md): each category has an
 * ordered list of attributes, each a number, one of a list of choices, or free text; a product
 * fills values for its category's attributes. A unit is written in both languages; a neutral
 * symbol ("GB", "mAh") is the same text in both.
 */

export const specKinds = ['number', 'choice', 'text'] as const;
export type SpecKind = (typeof specKinds)[number];

/** Attributes one category may have. */
export const MAX_SPEC_ATTRIBUTES = 40;
/** Choices one attribute may offer. */
export const MAX_SPEC_CHOICES = 50;
/** Products one comparison shows side by side. */
export const MAX_COMPARE_PRODUCTS = 4;

// ---- the storefront ----

/**
 * Products of one category side by side: every attribute of the category that at least one of
 * them fills, each with one value (or null) per product, in the products' order.
 */
export const comparisonSchema = z.object({
  categoryId: z.number().int().nullable(),
  categoryName: z.string(),
  products: z.array(productSchema),
  specs: z.array(
    z.object({
      specId: z.number().int(),
      specName: z.string(),
      specUnit: z.string(),
      values: z.array(z.string().nullable()),
    }),
  ),
  /** Ids asked for but not shown: of another category than the first, hidden, or unknown. */
  leftOut: z.array(z.number().int()),
});
export type Comparison = z.infer<typeof comparisonSchema>;

export const compareQuery = z.object({
  ids: z.string().max(200).optional(),
  lang: langQuery,
});

/** `?ids=1,2,3`: at most four distinct product ids, in the order given (others are ignored). */
export function parseCompareIds(raw: string | null | undefined): number[] {
  const ids: number[] = [];
  for (const part of (raw ?? '').split(',')) {
    const t = part.trim();
    if (!/^[0-9]{1,9}$/.test(t)) continue;
    const id = Number(t);
    if (id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

// ---- the back office ----

export const adminSpecChoiceSchema = z.object({
  id: z.number().int(),
  valueAr: z.string(),
  valueEn: z.string(),
});

export const adminSpecAttributeSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  nameAr: z.string(),
  nameEn: z.string(),
  unitAr: z.string(),
  unitEn: z.string(),
  kind: z.enum(specKinds),
  choices: z.array(adminSpecChoiceSchema),
  /** Products that fill it. */
  productCount: z.number().int(),
});
export type AdminSpecAttribute = z.infer<typeof adminSpecAttributeSchema>;
export const adminSpecAttributeListSchema = z.object({ items: z.array(adminSpecAttributeSchema) });

/** A product's value of one attribute as its editor shows it (null: not filled). */
export const adminProductSpecSchema = z.object({
  attributeId: z.number().int(),
  number: z.number().nullable(),
  choiceId: z.number().int().nullable(),
  textAr: z.string().nullable(),
  textEn: z.string().nullable(),
});
export type AdminProductSpec = z.infer<typeof adminProductSpecSchema>;

const specName = text().trim().min(1, 'SPEC_NAME_REQUIRED').max(100, 'SPEC_NAME_TOO_LONG');
const specUnit = text().trim().max(30, 'SPEC_UNIT_TOO_LONG').optional().default('');
const choiceValue = text().trim().min(1, 'SPEC_CHOICE_INVALID').max(100, 'SPEC_CHOICE_INVALID');

/**
 * One choice per line, `English | العربية` (the form's text area); a JSON client may send the
 * list of `{ valueEn, valueAr }` instead.
 */
const choicesField = z
  .union([text({ multiline: true }), z.array(z.object({ valueEn: choiceValue, valueAr: choiceValue }))])
  .optional()
  .transform((v) => {
    if (v === undefined) return { list: [], bad: false };
    if (Array.isArray(v)) return { list: v, bad: false };
    const list: { valueEn: string; valueAr: string }[] = [];
    let bad = false;
    for (const line of v.split(/\r?\n/)) {
      if (line.trim() === '') continue;
      const parts = line.split('|').map((p) => p.trim());
      if (parts.length !== 2 || !parts[0] || !parts[1] || parts[0].length > 100 || parts[1].length > 100)
        bad = true;
      else list.push({ valueEn: parts[0], valueAr: parts[1] });
    }
    return { list, bad };
  });

export const specAttributeInputSchema = z
  .object({
    nameAr: specName,
    nameEn: specName,
    unitAr: specUnit,
    unitEn: specUnit,
    kind: z.enum(specKinds, { message: 'SPEC_KIND_INVALID' }),
    choices: choicesField,
  })
  .superRefine((a, ctx) => {
    // Choices matter only to a choice: what the form's box holds for another kind is ignored.
    if (a.kind !== 'choice') return;
    const choices = a.choices.list;
    if (a.choices.bad) ctx.addIssue({ code: 'custom', message: 'SPEC_CHOICE_INVALID', path: ['choices'] });
    else if (choices.length === 0)
      ctx.addIssue({ code: 'custom', message: 'SPEC_CHOICES_REQUIRED', path: ['choices'] });
    else if (choices.length > MAX_SPEC_CHOICES)
      ctx.addIssue({ code: 'custom', message: 'SPEC_CHOICES_TOO_MANY', path: ['choices'] });
    else if (new Set(choices.map((c) => c.valueEn.toLowerCase())).size !== choices.length)
      ctx.addIssue({ code: 'custom', message: 'SPEC_CHOICE_TWICE', path: ['choices'] });
  })
  .transform((a) => ({ ...a, choices: a.kind === 'choice' ? a.choices.list : [] }));
export type SpecAttributeInput = z.output<typeof specAttributeInputSchema>;

export const specMoveSchema = z.object({ direction: z.enum(['up', 'down']) });
export type SpecMove = z.output<typeof specMoveSchema>;

/** A value as sent: text (a number, a choice's id, or the same text in both languages) or `{ ar, en }`. */
const specValueInput = z.union([
  text().trim().max(200, 'SPEC_TEXT_TOO_LONG'),
  z.number(),
  z.object({
    ar: text().trim().max(200, 'SPEC_TEXT_TOO_LONG'),
    en: text().trim().max(200, 'SPEC_TEXT_TOO_LONG'),
  }),
]);
export type SpecValueInput = z.output<typeof specValueInput>;

/**
 * A product's values, from the version its editor showed: `values` by attribute id (JSON), or
 * the form's fields `spec_<id>` (a number or a choice's id) and `spec_<id>_ar` / `spec_<id>_en`
 * (text). An empty value clears the attribute; one left out stays as it is.
 */
export const productSpecsInputSchema = z
  .object({
    version: z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
      const n = typeof v === 'number' ? v : /^[0-9]{1,9}$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: 'PRODUCT_VERSION_CONFLICT' });
        return z.NEVER;
      }
      return n;
    }),
    values: z.record(z.string().regex(/^[0-9]{1,9}$/), specValueInput).optional(),
  })
  .catchall(z.unknown())
  .transform((input, ctx) => {
    const values = new Map<number, SpecValueInput>();
    for (const [id, v] of Object.entries(input.values ?? {})) values.set(Number(id), v);
    const texts = new Map<number, { ar?: string; en?: string }>();
    for (const [key, raw] of Object.entries(input)) {
      const m = /^spec_([0-9]{1,9})(_ar|_en)?$/.exec(key);
      if (!m) continue;
      const parsed = specValueInput.safeParse(raw);
      if (!parsed.success || typeof parsed.data !== 'string') {
        ctx.addIssue({ code: 'custom', message: 'SPEC_TEXT_TOO_LONG', path: [key] });
        return z.NEVER;
      }
      const id = Number(m[1]);
      if (!m[2]) values.set(id, parsed.data);
      else texts.set(id, { ...texts.get(id), [m[2] === '_ar' ? 'ar' : 'en']: parsed.data });
    }
    for (const [id, t] of texts) values.set(id, { ar: t.ar ?? '', en: t.en ?? '' });
    return { version: input.version, values };
  });
export type ProductSpecsInput = z.output<typeof productSpecsInputSchema>;

/** A product's specification form as the back office shows it: its category's attributes and its values. */
export const adminProductSpecsSchema = z.object({
  attributes: z.array(adminSpecAttributeSchema),
  values: z.array(adminProductSpecSchema),
});
export type AdminProductSpecs = z.infer<typeof adminProductSpecsSchema>;
