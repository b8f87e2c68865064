import { isSlideLink, sarToHalalas } from '@shop/contract';
import { z } from 'zod';

/*
 * The catalog file's format (docs/catalog-import.md), one piece for everything that reads or
 * writes it: the importer (the command line, the demo catalog, the back office's uploads) checks
 * a file with it, and the export (views/catalog-export.ts) writes its records. It knows no
 * table: the shop's settings are checked by the settings module's own schemas, handed in.
 */

const MAX_SAR = 1_000_000;
/** The largest catalog file, uploaded or imported from the command line. */
export const MAX_CATALOG_FILE_BYTES = 50 * 1024 * 1024;

const key = z
  .string({ error: 'must be a text key' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'must be 1–100 letters, digits, dots, dashes or underscores');

const text = (what: string) =>
  z
    .string({ error: `must be ${what}` })
    .trim()
    .min(1, `must not be empty`);

const bilingual = z.strictObject(
  { ar: text('Arabic text'), en: text('English text') },
  { error: 'must be an object with "ar" and "en" texts' },
);
const bilingualLong = z.strictObject(
  { ar: z.string({ error: 'must be Arabic text' }), en: z.string({ error: 'must be English text' }) },
  { error: 'must be an object with "ar" and "en" texts' },
);

const imageFile = z.string({ error: 'must be a file path' }).trim().min(1, 'must be a file path');

/** A SAR amount with at most two decimals (halalas). */
const sarAmount = (positive: boolean) =>
  z
    .number({ error: positive ? 'must be a positive amount' : 'must be an amount' })
    .refine(
      (v) => (positive ? v > 0 : v >= 0),
      positive ? 'must be a positive amount' : 'must not be negative',
    )
    .refine((v) => v <= MAX_SAR, `must be at most ${MAX_SAR} SAR`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'must have at most 2 decimals');

/** When an offer starts or ends: ISO 8601 with its offset, so it means one instant everywhere. */
const offerDate = z.iso.datetime({
  offset: true,
  error: 'must be a date and time with its offset, like 2026-03-01T00:00:00+03:00',
});

/** A unit: one text for both languages (a symbol: "GB", "mAh"), or `{ ar, en }`. */
const specUnit = z.union(
  [
    z.string().trim().max(30, 'must be at most 30 characters'),
    z.strictObject({
      ar: z.string().trim().max(30, 'must be at most 30 characters'),
      en: z.string().trim().max(30, 'must be at most 30 characters'),
    }),
  ],
  { error: 'must be a text or an object with "ar" and "en" texts' },
);

/** One specification attribute of a category (decision 195); its English name is its key. */
const specAttributeRecord = z
  .strictObject({
    name: bilingual,
    unit: specUnit.optional(),
    kind: z.enum(['number', 'choice', 'text'], { error: 'must be "number", "choice" or "text"' }),
    choices: z.array(bilingual, { error: 'must be a list of { "ar", "en" } values' }).max(50).optional(),
  })
  .refine((a) => a.kind !== 'choice' || (a.choices?.length ?? 0) > 0, {
    message: 'must list the values of a "choice" specification',
    path: ['choices'],
  })
  .refine((a) => a.kind === 'choice' || !a.choices, {
    message: 'only a "choice" specification has choices',
    path: ['choices'],
  })
  .refine((a) => new Set(a.choices?.map((c) => c.en.toLowerCase())).size === (a.choices?.length ?? 0), {
    message: 'must not list an English value twice',
    path: ['choices'],
  });
export type SpecAttributeRecord = z.output<typeof specAttributeRecord>;

const categoryRecord = z.strictObject({
  key,
  name: bilingual,
  image: imageFile,
  /** When present, the category's attributes are exactly these, in this order. */
  specs: z
    .array(specAttributeRecord, { error: 'must be a list of specifications' })
    .max(40, 'must hold at most 40 specifications')
    .refine((list) => new Set(list.map((a) => a.name.en.toLowerCase())).size === list.length, {
      message: 'must not name a specification twice (by its English name)',
    })
    .optional(),
});
const companyRecord = z.strictObject({ key, name: bilingual, image: imageFile });

/** A product's value of one attribute: a number, a choice (its English or Arabic value), or text. */
const specValue = z.union([z.number(), text('a value'), bilingual], {
  error: 'must be a number, a text, or an object with "ar" and "en" texts',
});
export type SpecValueRecord = z.output<typeof specValue>;

/** At most this many options (storage, colour, RAM) per product. */
export const MAX_OPTIONS = 3;

const wholeStock = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must not be negative');

/** A colour value's swatch: `#rrggbb`, stored in small letters. */
const swatch = z
  .string({ error: 'must be a colour as #rrggbb' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb')
  .transform((v) => v.toLowerCase());

const optionRecord = z.strictObject({
  name: bilingual,
  kind: z.enum(['text', 'colour'], { error: 'must be "text" or "colour"' }).optional(),
  values: z
    .array(z.strictObject({ ar: text('Arabic text'), en: text('English text'), swatch: swatch.optional() }), {
      error: 'must be a list of values',
    })
    .min(1, 'must hold at least one value'),
});

/** One combination of a product's option values, as it is sold. */
const variantRecord = z
  .strictObject({
    sku: key,
    /** Each option's value, both by their English names. */
    options: z.record(z.string(), z.string({ error: 'must be the English name of a value' })).default({}),
    price: sarAmount(true),
    offerPrice: sarAmount(false).nullable().optional(),
    stock: wholeStock,
    barcode: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(50, 'must be at most 50 characters')
      .optional(),
    image: imageFile.optional(),
    hidden: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((v) => v.offerPrice == null || v.offerPrice < v.price, {
    message: 'must be below the price',
    path: ['offerPrice'],
  });

/** The combination of a variant as one text (the options' order), for finding twins. */
const combination = (options: Record<string, string>, names: string[]) =>
  JSON.stringify(names.map((n) => options[n] ?? null));

/**
 * A product's options and variants, checked together: values and option names used once, every
 * variant naming one declared value of each option and nothing else, no combination twice.
 */
function checkVariants(
  p: {
    options?: {
      name: { en: string; ar: string };
      kind?: string;
      values: { en: string; ar: string; swatch?: string }[];
    }[];
    variants?: { sku: string; options: Record<string, string> }[];
  },
  ctx: z.RefinementCtx,
) {
  const options = p.options ?? [];
  if (options.length > MAX_OPTIONS)
    ctx.addIssue({ code: 'custom', message: `must hold at most ${MAX_OPTIONS} options`, path: ['options'] });
  if (options.length && !p.variants)
    ctx.addIssue({ code: 'custom', message: 'must be given with options', path: ['variants'] });
  const names = { en: new Map<string, number>(), ar: new Map<string, number>() };
  options.forEach((o, i) => {
    for (const lang of ['en', 'ar'] as const) {
      const first = names[lang].get(o.name[lang]);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: `used twice (also by options[${first}])`,
          path: ['options', i, 'name', lang],
        });
      else names[lang].set(o.name[lang], i);
    }
    for (const lang of ['en', 'ar'] as const) {
      const seen = new Map<string, number>();
      o.values.forEach((v, j) => {
        const at = seen.get(v[lang]);
        if (at !== undefined)
          ctx.addIssue({
            code: 'custom',
            message: `used twice (also by values[${at}])`,
            path: ['options', i, 'values', j, lang],
          });
        else seen.set(v[lang], j);
      });
    }
    if ((o.kind ?? 'text') !== 'colour')
      o.values.forEach((v, j) => {
        if (v.swatch !== undefined)
          ctx.addIssue({
            code: 'custom',
            message: 'must be left out: only a colour option has swatches',
            path: ['options', i, 'values', j, 'swatch'],
          });
      });
  });
  const optionNames = options.map((o) => o.name.en);
  const combinations = new Map<string, string>();
  p.variants?.forEach((v, k) => {
    let complete = true;
    for (const [name, value] of Object.entries(v.options)) {
      const option = options.find((o) => o.name.en === name);
      if (!option) {
        complete = false;
        ctx.addIssue({
          code: 'custom',
          message: `unknown option ${JSON.stringify(name)}`,
          path: ['variants', k, 'options'],
        });
      } else if (!option.values.some((x) => x.en === value)) {
        complete = false;
        ctx.addIssue({
          code: 'custom',
          message: `unknown value ${JSON.stringify(value)} of option ${JSON.stringify(name)}`,
          path: ['variants', k, 'options', name],
        });
      }
    }
    for (const name of optionNames)
      if (!(name in v.options)) {
        complete = false;
        ctx.addIssue({
          code: 'custom',
          message: `no value for option ${JSON.stringify(name)}`,
          path: ['variants', k, 'options'],
        });
      }
    if (!complete) return;
    const combo = combination(v.options, optionNames);
    const first = combinations.get(combo);
    if (first !== undefined)
      ctx.addIssue({
        code: 'custom',
        message: `the same options as variant ${JSON.stringify(first)}`,
        path: ['variants', k, 'options'],
      });
    else combinations.set(combo, v.sku);
  });
}

const productRecord = z
  .strictObject({
    sku: key,
    name: bilingual,
    description: bilingualLong.optional(),
    category: key,
    company: key,
    /** Without variants: the product's one variant. With variants: left out (each has its own). */
    price: sarAmount(true).optional(),
    offerPrice: sarAmount(false).nullable().optional(),
    /** The offer's dates (decision 126): absent or null, the offer holds from now / for good. */
    offerStartsAt: offerDate.nullable().optional(),
    offerEndsAt: offerDate.nullable().optional(),
    stock: wholeStock.optional(),
    featured: z.boolean({ error: 'must be true or false' }).optional(),
    /** Kept out of the storefront (a product the shop stopped selling); false when absent. */
    hidden: z.boolean({ error: 'must be true or false' }).optional(),
    image: imageFile,
    images: z
      .array(imageFile, { error: 'must be a list of file paths' })
      .max(20, 'must hold at most 20 images')
      .optional(),
    /**
     * Values by the attribute's English name (its category's); when present, the product's
     * values are exactly these.
     */
    specs: z.record(z.string().trim().min(1), specValue, { error: 'must be an object of values' }).optional(),
    options: z.array(optionRecord, { error: 'must be a list of options' }).optional(),
    variants: z
      .array(variantRecord, { error: 'must be a list of variants' })
      .min(1, 'must not be empty')
      .optional(),
  })
  .superRefine((p, ctx) => {
    const issue = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', message, path: [field] });
    if (p.variants) {
      // Each variant has its own price, offer and stock: the product's would say something else.
      for (const field of ['price', 'offerPrice', 'stock'] as const)
        if (p[field] !== undefined) issue(field, 'must be left out: each variant has its own');
    } else {
      if (p.price === undefined) issue('price', 'must be a positive amount');
      if (p.stock === undefined) issue('stock', 'must be a whole number');
      if (p.offerPrice != null && p.price !== undefined && p.offerPrice >= p.price)
        issue('offerPrice', 'must be below the price');
    }
    checkVariants(p, ctx);
  })
  .refine(
    (p) =>
      (p.offerStartsAt == null && p.offerEndsAt == null) ||
      (p.variants ? p.variants.some((v) => v.offerPrice != null) : p.offerPrice != null),
    { message: 'must go with an offer price', path: ['offerStartsAt'] },
  )
  .refine(
    (p) => !p.offerStartsAt || !p.offerEndsAt || Date.parse(p.offerEndsAt) > Date.parse(p.offerStartsAt),
    { message: "must be after the offer's start", path: ['offerEndsAt'] },
  );

const agentRecord = z.strictObject({
  key,
  name: bilingual,
  company: bilingual,
  phone: text('a phone number'),
  image: imageFile,
});

const sliderLink = z
  .string({ error: 'must be a link' })
  .trim()
  .refine((v) => v === '' || isSlideLink(v), 'must be a shop path starting with / or an https:// address');
/** `image` is the Arabic slide (and the English one when `imageEn` is left out). */
const sliderRecord = z.strictObject({
  image: imageFile,
  imageEn: imageFile.optional(),
  link: z.strictObject({ ar: sliderLink, en: sliderLink }).optional(),
});

const infoPagesSection = z.strictObject({
  about: bilingualLong.optional(),
  refund: bilingualLong.optional(),
  terms: bilingualLong.optional(),
  privacy: bilingualLong.optional(),
});

/** How the shop checks each setting a catalog file may set (the settings module's schemas). */
export interface CatalogSettingSchemas {
  primaryColor: z.ZodType<string>;
  showAddressDetails: z.ZodType<boolean>;
  phones: z.ZodType<string[]>;
  email: z.ZodType<string>;
  commercialRegister: z.ZodType<string>;
  openingHours: z.ZodType<{ days: string[]; opens: string; closes: string }>;
  deliveryDays: z.ZodType<number>;
  returnHours: z.ZodType<number>;
  socialLinks: z.ZodType<Record<string, string | undefined>>;
}

const settingsSectionOf = (s: CatalogSettingSchemas) =>
  z.strictObject({
    primaryColor: s.primaryColor.optional(),
    showAddressDetails: s.showAddressDetails.optional(),
    /** SAR in the file; halalas in the database. */
    shippingFee: sarAmount(false).optional(),
    phones: s.phones.optional(),
    email: s.email.optional(),
    taxNumber: z
      .string()
      .regex(/^3[0-9]{13}3$/, 'must be a 15-digit VAT number that starts and ends with 3')
      .optional(),
    commercialRegister: s.commercialRegister.optional(),
    sellerName: bilingual.optional(),
    address: bilingual.optional(),
    openingHours: s.openingHours.optional(),
    deliveryDays: s.deliveryDays.optional(),
    returnHours: s.returnHours.optional(),
    socialLinks: s.socialLinks.optional(),
  });

/** The catalog file's format, with the settings section checked by the shop's own rules. */
export const catalogFileSchema = (settings: CatalogSettingSchemas) =>
  z.strictObject({
    $schema: z.string().optional(),
    categories: z.array(categoryRecord).default([]),
    companies: z.array(companyRecord).default([]),
    products: z.array(productRecord).default([]),
    agents: z.array(agentRecord).optional(),
    /** When present, replaces every slider (sliders have no stable key). */
    sliders: z.array(sliderRecord).optional(),
    infoPages: infoPagesSection.optional(),
    settings: settingsSectionOf(settings).optional(),
  });
export type CatalogFile = z.input<ReturnType<typeof catalogFileSchema>>;
/** A product as the file writes it. */
export type ProductRecord = z.input<typeof productRecord>;
export type ParsedCatalog = z.output<ReturnType<typeof catalogFileSchema>>;

/** A catalog file that cannot be imported; `issues` name the record and field of each problem. */
export class CatalogImportError extends Error {
  override name = 'CatalogImportError';
  constructor(readonly issues: string[]) {
    super(
      issues.length === 1
        ? `Catalog not imported: ${issues[0]}`
        : `Catalog not imported (${issues.length} problems):\n${issues.map((i) => `  - ${i}`).join('\n')}`,
    );
  }
}

const MAX_REPORTED_ISSUES = 20;

/** `products[12] (sku "iph-15-128")`: a record by its place and, when it has one, its key. */
function recordLabel(raw: unknown, section: string, index: number): string {
  const label = `${section}[${index}]`;
  const record = (raw as Record<string, unknown[]> | null)?.[section]?.[index];
  if (record && typeof record === 'object') {
    const r = record as Record<string, unknown>;
    if (typeof r.sku === 'string') return `${label} (sku ${JSON.stringify(r.sku)})`;
    if (typeof r.key === 'string') return `${label} (key ${JSON.stringify(r.key)})`;
  }
  return label;
}

/** A file's settings section as the settings are stored: money in halalas, absent values left out. */
export function settingValuesOf(section: NonNullable<ParsedCatalog['settings']>): Record<string, unknown> {
  const { shippingFee, ...rest } = section;
  const values: Record<string, unknown> = {
    ...rest,
    ...(shippingFee !== undefined && { shippingFeeHalalas: sarToHalalas(shippingFee) }),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** One problem of a file, by section, record index (from 0) and field; the message in English. */
export interface CatalogIssue {
  section: string;
  index: number | null;
  field: string;
  message: string;
}

/** A schema's problem on its section, record and field (`images[2]`, `name.ar`). */
function issueOf(issue: z.core.$ZodIssue): CatalogIssue {
  const [section, index, ...rest] = issue.path;
  const hasIndex = typeof index === 'number';
  const fields = (hasIndex ? rest : [index, ...rest]).filter((p) => p !== undefined);
  const message =
    issue.code === 'unrecognized_keys'
      ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`
      : issue.message;
  return {
    section: typeof section === 'string' ? section : '',
    index: hasIndex ? index : null,
    field: fields
      .map((f) => (typeof f === 'number' ? `[${f}]` : String(f)))
      .join('.')
      .replace(/\.\[/g, '['),
    message,
  };
}

/** Each key used a second time in its section (keys used twice would overwrite each other). */
function duplicateKeys(data: ParsedCatalog) {
  const found: { section: string; index: number; field: string; key: string; first: number }[] = [];
  const check = (section: string, keys: string[], field: string) => {
    const seen = new Map<string, number>();
    keys.forEach((key, index) => {
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else found.push({ section, index, field, key, first });
    });
  };
  check(
    'categories',
    data.categories.map((c) => c.key),
    'key',
  );
  check(
    'companies',
    data.companies.map((c) => c.key),
    'key',
  );
  check(
    'products',
    data.products.map((p) => p.sku),
    'sku',
  );
  if (data.agents)
    check(
      'agents',
      data.agents.map((a) => a.key),
      'key',
    );
  return found;
}

/**
 * The SKUs the file gives variants: each variant's, and a product without variants its own
 * (its one variant has the product's SKU).
 */
export function variantSkus(data: ParsedCatalog): { index: number; field: string; sku: string }[] {
  return data.products.flatMap((p, index) =>
    p.variants
      ? p.variants.map((v, k) => ({ index, field: `variants[${k}].sku`, sku: v.sku }))
      : [{ index, field: 'sku', sku: p.sku }],
  );
}

/** Each variant SKU used a second time in the file (products used twice are reported as such). */
function duplicateVariantSkus(data: ParsedCatalog): CatalogIssue[] {
  const seen = new Map<string, { index: number; field: string }>();
  const found: CatalogIssue[] = [];
  for (const entry of variantSkus(data)) {
    const first = seen.get(entry.sku);
    if (!first) seen.set(entry.sku, entry);
    else if (first.field !== 'sku' || entry.field !== 'sku')
      found.push({
        section: 'products',
        index: entry.index,
        field: entry.field,
        message: `used twice (also by product ${JSON.stringify(data.products[first.index]!.sku)})`,
      });
  }
  return found;
}

type Checked = { catalog: ParsedCatalog; issues: null } | { catalog: null; issues: CatalogIssue[] };

/**
 * Every problem of a file's format, each on its record and field (for the back office's dry
 * run, which shows them as a table): the format, then keys used twice. Null when it is valid.
 */
export function catalogFormatIssues(raw: unknown, settings: CatalogSettingSchemas, max = 200): Checked {
  const parsed = catalogFileSchema(settings).safeParse(raw);
  if (!parsed.success) return { catalog: null, issues: parsed.error.issues.slice(0, max).map(issueOf) };
  const duplicates = duplicateKeys(parsed.data).map((d): CatalogIssue => ({
    ...d,
    message: `used twice (also by row ${d.first + 1})`,
  }));
  const twins = [...duplicates, ...duplicateVariantSkus(parsed.data)];
  if (twins.length) return { catalog: null, issues: twins.slice(0, max) };
  return { catalog: parsed.data, issues: null };
}

/** An issue as one line of the command line's report: `products[3] (sku "x").price: …`. */
function issueLine(raw: unknown, issue: CatalogIssue): string {
  if (!issue.section) return `(file): ${issue.message}`;
  const at = issue.index === null ? issue.section : recordLabel(raw, issue.section, issue.index);
  return `${at}${issue.field ? `.${issue.field}` : ''}: ${issue.message}`;
}

/** Parses and checks a catalog; throws CatalogImportError naming every bad record and field. */
export function parseCatalog(raw: unknown, settings: CatalogSettingSchemas): ParsedCatalog {
  const parsed = catalogFileSchema(settings).safeParse(raw);
  if (!parsed.success)
    throw new CatalogImportError(
      parsed.error.issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => issueLine(raw, issueOf(issue))),
    );
  const duplicates = duplicateKeys(parsed.data).map(
    (d) =>
      `${d.section}[${d.index}] (${d.field} ${JSON.stringify(d.key)}).${d.field}: used twice (also by ${d.section}[${d.first}])`,
  );
  const twins = [...duplicates, ...duplicateVariantSkus(parsed.data).map((i) => issueLine(raw, i))];
  if (twins.length) throw new CatalogImportError(twins.slice(0, MAX_REPORTED_ISSUES));
  return parsed.data;
}

/** An image the file names, with its record and field, and the record's key (for messages). */
export interface ImageField {
  file: string;
  section: string;
  index: number;
  field: string;
  /** `key "phones"`, `sku "iph-15"`; none for a slide. */
  key?: string;
}

/** Every image the file names, in the file's order. */
export function imageFields(data: ParsedCatalog): ImageField[] {
  const refs: ImageField[] = [];
  const keyed = (section: string, records: { key: string; image: string }[]) =>
    records.forEach((r, index) =>
      refs.push({ file: r.image, section, index, field: 'image', key: `key ${JSON.stringify(r.key)}` }),
    );
  keyed('categories', data.categories);
  keyed('companies', data.companies);
  data.products.forEach((p, index) => {
    const key = `sku ${JSON.stringify(p.sku)}`;
    refs.push({ file: p.image, section: 'products', index, field: 'image', key });
    p.images?.forEach((file, j) =>
      refs.push({ file, section: 'products', index, field: `images[${j}]`, key }),
    );
    p.variants?.forEach((v, k) => {
      if (v.image)
        refs.push({ file: v.image, section: 'products', index, field: `variants[${k}].image`, key });
    });
  });
  keyed('agents', data.agents ?? []);
  data.sliders?.forEach((sl, index) => {
    refs.push({ file: sl.image, section: 'sliders', index, field: 'image' });
    if (sl.imageEn) refs.push({ file: sl.imageEn, section: 'sliders', index, field: 'imageEn' });
  });
  return refs;
}

/** Where an image is named, as the command line's report says it: `products[2] (sku "x").image`. */
export const imagePlace = (ref: ImageField) =>
  `${ref.section}[${ref.index}]${ref.key ? ` (${ref.key})` : ''}.${ref.field}`;

/** The records a file writes (the progress bar's total): one per record, one for the pages, one for the settings. */
export function recordCount(data: ParsedCatalog): number {
  return (
    data.categories.length +
    data.companies.length +
    data.products.length +
    (data.agents?.length ?? 0) +
    (data.sliders?.length ?? 0) +
    (data.infoPages ? 1 : 0) +
    (data.settings ? 1 : 0)
  );
}

/** Rows of a section created and updated. */
export interface Counts {
  created: number;
  updated: number;
}

/** Counts keys against those the shop has already. */
export function counts(keys: string[], existing: Set<string>): Counts {
  const updated = keys.filter((k) => existing.has(k)).length;
  return { created: keys.length - updated, updated };
}

/** What an import wrote (or, in a dry run, would write), by section. */
export interface ImportSummary {
  categories: Counts;
  companies: Counts;
  products: Counts;
  agents: Counts;
  sliders: number;
  infoPages: number;
  settings: number;
  images: number;
}
