import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isSlideLink, sarToHalalas } from '@shop/contract';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { categories, companies, productImages, products } from '../../modules/catalog/schema.ts';
import { agents, infoPages, sliders } from '../../modules/content/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { storeImage } from '../../lib/images.ts';
import { JsonUploadError, parseJsonUpload } from '../../lib/json-upload.ts';
import { liveOffer } from '../../modules/catalog/admin.ts';
import type { ChangeEvents } from '../../lib/change-events.ts';
import type { AuditActor } from '../../modules/audit/service.ts';

/*
 * The catalog importer: reads a JSON file in the format of docs/catalog-import.md, stores its
 * images, and upserts every record by its stable key in one transaction, so a bad record
 * leaves the database as it was (docs/decisions/011-catalog-import.md).
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

const categoryRecord = z.strictObject({ key, name: bilingual, image: imageFile });
const companyRecord = categoryRecord;

const productRecord = z
  .strictObject({
    sku: key,
    name: bilingual,
    description: bilingualLong.optional(),
    category: key,
    company: key,
    price: sarAmount(true),
    offerPrice: sarAmount(false).nullable().optional(),
    /** The offer's dates (decision 126): absent or null, the offer holds from now / for good. */
    offerStartsAt: offerDate.nullable().optional(),
    offerEndsAt: offerDate.nullable().optional(),
    stock: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must not be negative'),
    featured: z.boolean({ error: 'must be true or false' }).optional(),
    /** Kept out of the storefront (a product the shop stopped selling); false when absent. */
    hidden: z.boolean({ error: 'must be true or false' }).optional(),
    image: imageFile,
    images: z
      .array(imageFile, { error: 'must be a list of file paths' })
      .max(20, 'must hold at most 20 images')
      .optional(),
  })
  .refine((p) => p.offerPrice === undefined || p.offerPrice === null || p.offerPrice < p.price, {
    message: 'must be below the price',
    path: ['offerPrice'],
  })
  .refine((p) => p.offerPrice != null || (p.offerStartsAt == null && p.offerEndsAt == null), {
    message: 'must go with an offer price',
    path: ['offerStartsAt'],
  })
  .refine(
    (p) => !p.offerStartsAt || !p.offerEndsAt || Date.parse(p.offerEndsAt) > Date.parse(p.offerStartsAt),
    { message: "must be after the offer's start", path: ['offerEndsAt'] },
  );

/**
 * A product's offer as stored: an offer with dates is a plan (the minute task starts and ends
 * it, decision 126) and is live now only while its dates hold; one without dates is live at once.
 */
export function offerColumns(p: ParsedCatalog['products'][number], now: Date) {
  const offer = p.offerPrice == null ? null : sarToHalalas(p.offerPrice);
  const startsAt = offer !== null && p.offerStartsAt ? new Date(p.offerStartsAt) : null;
  const endsAt = offer !== null && p.offerEndsAt ? new Date(p.offerEndsAt) : null;
  const planned = startsAt || endsAt ? offer : null;
  return {
    offerPriceHalalas: planned === null ? offer : liveOffer(planned, startsAt, endsAt, now),
    offerPlannedHalalas: planned,
    offerStartsAt: startsAt,
    offerEndsAt: endsAt,
  };
}

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

/**
 * The shop settings a catalog file may set: how each value is checked, and how they are saved.
 * The caller hands them in (the settings belong to the content module, not to the catalog).
 */
export interface ImportSettings {
  schemas: {
    primaryColor: z.ZodType<string>;
    showAddressDetails: z.ZodType<boolean>;
    phones: z.ZodType<string[]>;
    email: z.ZodType<string>;
    commercialRegister: z.ZodType<string>;
    openingHours: z.ZodType<{ days: string[]; opens: string; closes: string }>;
    deliveryDays: z.ZodType<number>;
    returnHours: z.ZodType<number>;
    socialLinks: z.ZodType<Record<string, string | undefined>>;
  };
  /**
   * The names of the given settings (money in halalas, text in both languages) whose values
   * differ from the shop's: what writing them would change.
   */
  changes(db: Db | Tx, values: Record<string, unknown>): Promise<string[]>;
  /**
   * Saves the given settings that differ from the shop's. With `by`, the change is the settings
   * use case's own, recorded in the audit log as `settings.update` like the owner's form.
   */
  save(tx: Tx, values: Record<string, unknown>, by?: AuditActor): Promise<void>;
  /** The shop's settings as the file's `settings` section writes them (for the export). */
  read(db: Db): Promise<Record<string, unknown>>;
}

const settingsSectionOf = (s: ImportSettings['schemas']) =>
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
export const catalogFileSchema = (settings: ImportSettings['schemas']) =>
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

function describePath(raw: unknown, issuePath: readonly PropertyKey[]): string {
  const [section, index, ...rest] = issuePath;
  if (typeof section !== 'string') return '(file)';
  let out = typeof index === 'number' ? recordLabel(raw, section, index) : section;
  const fields = typeof index === 'number' ? rest : [index, ...rest].filter((p) => p !== undefined);
  for (const part of fields) out += typeof part === 'number' ? `[${part}]` : `.${String(part)}`;
  return out;
}

function formatIssues(raw: unknown, error: z.ZodError): string[] {
  return error.issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => {
    if (issue.code === 'unrecognized_keys')
      return `${describePath(raw, issue.path)}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    return `${describePath(raw, issue.path)}: ${issue.message}`;
  });
}

/** Keys used twice in one section would silently overwrite each other. */
function duplicateKeyIssues(data: ParsedCatalog): string[] {
  const issues: string[] = [];
  const check = (section: string, keys: string[], field: string) => {
    const seen = new Map<string, number>();
    keys.forEach((k, i) => {
      const first = seen.get(k);
      if (first === undefined) seen.set(k, i);
      else
        issues.push(
          `${section}[${i}] (${field} ${JSON.stringify(k)}).${field}: used twice (also by ${section}[${first}])`,
        );
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
  return issues;
}

/** One problem of a file, by section, record index (from 0) and field; the message in English. */
export interface CatalogIssue {
  section: string;
  index: number | null;
  field: string;
  message: string;
}

/**
 * Every problem of a file's format, each on its record and field (for the back office's dry
 * run, which shows them as a table): the format, then keys used twice. Null when it is valid.
 */
export function catalogFormatIssues(
  raw: unknown,
  settings: ImportSettings,
  max = 200,
): { catalog: ParsedCatalog; issues: null } | { catalog: null; issues: CatalogIssue[] } {
  const parsed = catalogFileSchema(settings.schemas).safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, max).map((issue): CatalogIssue => {
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
    });
    return { catalog: null, issues };
  }
  const duplicates: CatalogIssue[] = [];
  const check = (section: string, keys: string[], field: string) => {
    const seen = new Map<string, number>();
    keys.forEach((k, i) => {
      const first = seen.get(k);
      if (first === undefined) seen.set(k, i);
      else duplicates.push({ section, index: i, field, message: `used twice (also by row ${first + 1})` });
    });
  };
  check(
    'categories',
    parsed.data.categories.map((c) => c.key),
    'key',
  );
  check(
    'companies',
    parsed.data.companies.map((c) => c.key),
    'key',
  );
  check(
    'products',
    parsed.data.products.map((p) => p.sku),
    'sku',
  );
  if (parsed.data.agents)
    check(
      'agents',
      parsed.data.agents.map((a) => a.key),
      'key',
    );
  if (duplicates.length) return { catalog: null, issues: duplicates.slice(0, max) };
  return { catalog: parsed.data, issues: null };
}

/** Products whose category or brand is neither in the file nor in the shop. */
export async function referenceIssues(db: Db | Tx, data: ParsedCatalog, max = 200): Promise<CatalogIssue[]> {
  try {
    await checkReferences(db, data);
    return [];
  } catch (error) {
    if (!(error instanceof CatalogImportError)) throw error;
  }
  const known = async (table: typeof categories | typeof companies, keys: string[]) =>
    new Set(
      keys.length
        ? (await db.select({ slug: table.slug }).from(table).where(inArray(table.slug, keys))).map(
            (r) => r.slug,
          )
        : [],
    );
  const fileCategories = new Set(data.categories.map((c) => c.key));
  const fileCompanies = new Set(data.companies.map((c) => c.key));
  const dbCategories = await known(categories, [...new Set(data.products.map((p) => p.category))]);
  const dbCompanies = await known(companies, [...new Set(data.products.map((p) => p.company))]);
  const issues: CatalogIssue[] = [];
  data.products.forEach((p, index) => {
    if (!fileCategories.has(p.category) && !dbCategories.has(p.category))
      issues.push({
        section: 'products',
        index,
        field: 'category',
        message: `unknown category ${JSON.stringify(p.category)}`,
      });
    if (!fileCompanies.has(p.company) && !dbCompanies.has(p.company))
      issues.push({
        section: 'products',
        index,
        field: 'company',
        message: `unknown company ${JSON.stringify(p.company)}`,
      });
  });
  return issues.slice(0, max);
}

/** Image references of the file with their record and field (for checks of uploaded files). */
export function imageFields(
  data: ParsedCatalog,
): { file: string; section: string; index: number | null; field: string }[] {
  const refs: { file: string; section: string; index: number | null; field: string }[] = [];
  data.categories.forEach((c, i) =>
    refs.push({ file: c.image, section: 'categories', index: i, field: 'image' }),
  );
  data.companies.forEach((c, i) =>
    refs.push({ file: c.image, section: 'companies', index: i, field: 'image' }),
  );
  data.products.forEach((p, i) => {
    refs.push({ file: p.image, section: 'products', index: i, field: 'image' });
    p.images?.forEach((img, j) =>
      refs.push({ file: img, section: 'products', index: i, field: `images[${j}]` }),
    );
  });
  data.agents?.forEach((a, i) => refs.push({ file: a.image, section: 'agents', index: i, field: 'image' }));
  data.sliders?.forEach((sl, i) => {
    refs.push({ file: sl.image, section: 'sliders', index: i, field: 'image' });
    if (sl.imageEn) refs.push({ file: sl.imageEn, section: 'sliders', index: i, field: 'imageEn' });
  });
  return refs;
}

/** Parses and checks a catalog; throws CatalogImportError naming every bad record and field. */
export function parseCatalog(raw: unknown, settings: ImportSettings): ParsedCatalog {
  const parsed = catalogFileSchema(settings.schemas).safeParse(raw);
  if (!parsed.success) throw new CatalogImportError(formatIssues(raw, parsed.error));
  const duplicates = duplicateKeyIssues(parsed.data);
  if (duplicates.length) throw new CatalogImportError(duplicates);
  return parsed.data;
}

export interface ImportProgress {
  /** Steps done so far, out of `total` (one per image and one per record). */
  done: number;
  total: number;
  stage: 'images' | 'records';
}

export interface ImportOptions {
  /** Where stored images go (the server's `uploadsDir`). */
  uploadsDir: string;
  settings: ImportSettings;
  onProgress?: (progress: ImportProgress) => void;
  /** Told after the commit that the catalog, content and settings may all have changed. */
  changes?: Pick<ChangeEvents, 'publish'>;
  /** Who changes the settings, for the audit log (the command line); unset for the demo catalog. */
  by?: AuditActor;
}

interface Counts {
  created: number;
  updated: number;
}

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

/** Image references of the file, each with the record that names it (for error messages). */
function imageReferences(data: ParsedCatalog): { file: string; where: string }[] {
  const refs: { file: string; where: string }[] = [];
  const label = (section: string, index: number, id: string, field: string) =>
    `${section}[${index}] (${id}).${field}`;
  data.categories.forEach((c, i) =>
    refs.push({ file: c.image, where: label('categories', i, `key "${c.key}"`, 'image') }),
  );
  data.companies.forEach((c, i) =>
    refs.push({ file: c.image, where: label('companies', i, `key "${c.key}"`, 'image') }),
  );
  data.products.forEach((p, i) => {
    refs.push({ file: p.image, where: label('products', i, `sku "${p.sku}"`, 'image') });
    p.images?.forEach((img, j) =>
      refs.push({ file: img, where: label('products', i, `sku "${p.sku}"`, `images[${j}]`) }),
    );
  });
  data.agents?.forEach((a, i) =>
    refs.push({ file: a.image, where: label('agents', i, `key "${a.key}"`, 'image') }),
  );
  data.sliders?.forEach((sl, i) => {
    refs.push({ file: sl.image, where: `sliders[${i}].image` });
    if (sl.imageEn) refs.push({ file: sl.imageEn, where: `sliders[${i}].imageEn` });
  });
  return refs;
}

const IMAGE_CONCURRENCY = 4;
/** Catalog images are shown at most 800 px wide on the product page. */
const CATALOG_IMAGE_SIZE = 1000;

/**
 * Stores every distinct image file once and returns, for each file path as written in the
 * catalog, its public path. Files stored before a failure are removed again.
 */
async function storeImages(
  data: ParsedCatalog,
  baseDir: string,
  options: ImportOptions,
  step: () => void,
): Promise<{ paths: Map<string, string>; stored: string[] }> {
  const refs = imageReferences(data);
  const byFile = new Map<string, { file: string; where: string }>();
  for (const ref of refs) {
    const absolute = path.resolve(baseDir, ref.file);
    if (!byFile.has(absolute)) byFile.set(absolute, ref);
  }
  const missing: string[] = [];
  await Promise.all(
    [...byFile].map(async ([absolute, ref]) => {
      const info = await stat(absolute).catch(() => undefined);
      if (!info?.isFile()) missing.push(`${ref.where}: file not found: ${ref.file}`);
    }),
  );
  if (missing.length) throw new CatalogImportError(missing.sort().slice(0, MAX_REPORTED_ISSUES));

  const paths = new Map<string, string>();
  const stored: string[] = [];
  const queue = [...byFile];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [absolute, ref] = item;
      try {
        const publicPath = await storeImage(options.uploadsDir, await readFile(absolute), {
          folder: 'catalog',
          maxSize: CATALOG_IMAGE_SIZE,
          allowSvg: true,
        });
        stored.push(publicPath);
        paths.set(absolute, publicPath);
      } catch (error) {
        queue.length = 0;
        const reason =
          error instanceof AppError ? 'not a readable JPEG, PNG, WebP or SVG image' : String(error);
        throw new CatalogImportError([`${ref.where}: ${reason}: ${ref.file}`]);
      }
      step();
    }
  };
  // Every worker is let finish before cleaning up, so no image lands after the clean-up.
  const results = await Promise.allSettled(Array.from({ length: IMAGE_CONCURRENCY }, worker));
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    await removeStoredImages(options.uploadsDir, stored);
    throw failure.reason;
  }
  const resolved = new Map<string, string>();
  for (const ref of refs) resolved.set(ref.file, paths.get(path.resolve(baseDir, ref.file))!);
  return { paths: resolved, stored };
}

async function removeStoredImages(uploadsDir: string, publicPaths: string[]) {
  await Promise.all(
    publicPaths.map((p) => rm(path.join(uploadsDir, p.replace(/^\/uploads\//, '')), { force: true })),
  );
}

const CHUNK = 500;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The advisory lock key of catalog imports (any number the shop uses for nothing else). */
const IMPORT_LOCK = 7_310_001;

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Imports a parsed catalog whose image paths are relative to `baseDir`.
 * Everything is written in one transaction.
 */
export function importCatalog(
  db: Db,
  raw: unknown,
  baseDir: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  return importParsedCatalog(db, parseCatalog(raw, options.settings), baseDir, options);
}

/** Imports a catalog `parseCatalog` checked (a large file is then held in memory only once). */
export async function importParsedCatalog(
  db: Db,
  data: ParsedCatalog,
  baseDir: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  const recordCount =
    data.categories.length +
    data.companies.length +
    data.products.length +
    (data.agents?.length ?? 0) +
    (data.sliders?.length ?? 0) +
    (data.infoPages ? 1 : 0) +
    (data.settings ? 1 : 0);
  const imageCount = new Set(imageReferences(data).map((r) => path.resolve(baseDir, r.file))).size;
  const total = imageCount + recordCount;
  let done = 0;
  const step = (stage: ImportProgress['stage'], n = 1) => {
    done += n;
    options.onProgress?.({ done, total, stage });
  };
  options.onProgress?.({ done, total, stage: 'images' });

  await checkReferences(db, data);
  const { paths: image, stored } = await storeImages(data, baseDir, options, () => step('images'));
  let summary: ImportSummary;
  try {
    summary = await db.transaction(async (tx) => {
      // One import at a time on one database, whichever process runs it (two shop processes
      // seeding an empty database at once, a command-line import beside them): the second
      // waits for the first to commit, then upserts over it, instead of deadlocking with it.
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      // New search text goes to the trigram index's pending list and is merged in bulk (by the
      // VACUUM below) rather than row by row.
      await tx.execute(sql`set local gin_pending_list_limit = 65536`);
      const written = await writeCatalog(tx, data, image, options, (n) => step('records', n));
      return { ...written, images: stored.length };
    });
    // Fresh statistics for the planner, and pages marked all-visible so that listings are read
    // from their indexes alone (the embedded database has no autovacuum to do it later).
    await db.execute(sql`vacuum analyze products`);
  } catch (error) {
    await removeStoredImages(options.uploadsDir, stored);
    throw error;
  }
  for (const topic of ['catalog', 'content', 'settings'] as const) await options.changes?.publish({ topic });
  return summary;
}

export interface CatalogSource {
  catalog: ParsedCatalog;
  /** The folder image paths are relative to: the JSON file's folder. */
  baseDir: string;
}

/** Reads a catalog JSON file and checks its format, without touching the database. */
export async function readCatalogFile(file: string, settings: ImportSettings): Promise<CatalogSource> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    throw new CatalogImportError([`cannot read the file ${file}`]);
  }
  let raw: unknown;
  try {
    // The same bounded parse as an upload in the back office: no file size or nesting limit
    // that one refuses is accepted here.
    raw = await parseJsonUpload(bytes, { maxBytes: MAX_CATALOG_FILE_BYTES });
  } catch (error) {
    if (!(error instanceof JsonUploadError)) throw error;
    throw new CatalogImportError([
      error.reason === 'syntax' ? `${file} is not valid JSON: ${error.message}` : `${file}: ${error.message}`,
    ]);
  }
  return { catalog: parseCatalog(raw, settings), baseDir: path.dirname(path.resolve(file)) };
}

/** Reads a catalog JSON file and imports it; image paths are relative to the file. */
export async function importCatalogFile(
  db: Db,
  file: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  const { catalog, baseDir } = await readCatalogFile(file, options.settings);
  return importParsedCatalog(db, catalog, baseDir, options);
}

/**
 * Every product's category and company must be in the file or already in the database.
 * Checked before any image is stored, and again inside the transaction.
 */
async function checkReferences(db: Db | Tx, data: ParsedCatalog): Promise<void> {
  const fileCategories = new Set(data.categories.map((c) => c.key));
  const fileCompanies = new Set(data.companies.map((c) => c.key));
  const needCategories = [...new Set(data.products.map((p) => p.category))].filter(
    (k) => !fileCategories.has(k),
  );
  const needCompanies = [...new Set(data.products.map((p) => p.company))].filter(
    (k) => !fileCompanies.has(k),
  );
  const known = async (table: typeof categories | typeof companies, keys: string[]) =>
    new Set(
      keys.length
        ? (await db.select({ slug: table.slug }).from(table).where(inArray(table.slug, keys))).map(
            (r) => r.slug,
          )
        : [],
    );
  const dbCategories = await known(categories, needCategories);
  const dbCompanies = await known(companies, needCompanies);
  const issues: string[] = [];
  data.products.forEach((p, i) => {
    const label = `products[${i}] (sku ${JSON.stringify(p.sku)})`;
    if (!fileCategories.has(p.category) && !dbCategories.has(p.category))
      issues.push(`${label}.category: unknown category ${JSON.stringify(p.category)}`);
    if (!fileCompanies.has(p.company) && !dbCompanies.has(p.company))
      issues.push(`${label}.company: unknown company ${JSON.stringify(p.company)}`);
  });
  if (issues.length) throw new CatalogImportError(issues.slice(0, MAX_REPORTED_ISSUES));
}

async function existingKeys(
  tx: Tx,
  table: typeof categories | typeof companies | typeof agents,
  keys: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(keys)) {
    const rows = await tx.select({ slug: table.slug }).from(table).where(inArray(table.slug, part));
    for (const r of rows) found.add(r.slug);
  }
  return found;
}

async function existingSkus(tx: Db | Tx, skus: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(skus)) {
    const rows = await tx.select({ sku: products.sku }).from(products).where(inArray(products.sku, part));
    for (const r of rows) found.add(r.sku);
  }
  return found;
}

function counts(keys: string[], existing: Set<string>): Counts {
  const updated = keys.filter((k) => existing.has(k)).length;
  return { created: keys.length - updated, updated };
}

/** Upserts by slug; returns slug → id for every row of the table that the catalog may name. */
async function upsertNamed(
  tx: Tx,
  table: typeof categories | typeof companies,
  records: { key: string; name: { ar: string; en: string }; image: string }[],
  image: Map<string, string>,
): Promise<Counts> {
  const existing = await existingKeys(
    tx,
    table,
    records.map((r) => r.key),
  );
  for (const part of chunks(records.map((r, i) => ({ r, sort: i })))) {
    await tx
      .insert(table)
      .values(
        part.map(({ r, sort }) => ({
          slug: r.key,
          nameAr: r.name.ar,
          nameEn: r.name.en,
          image: image.get(r.image)!,
          sort,
        })),
      )
      .onConflictDoUpdate({
        target: table.slug,
        set: {
          nameAr: excluded('name_ar'),
          nameEn: excluded('name_en'),
          image: excluded('image'),
          sort: excluded('sort'),
          updatedAt: sql`now()`,
        },
      });
  }
  return counts(
    records.map((r) => r.key),
    existing,
  );
}

async function idsBySlug(tx: Tx, table: typeof categories | typeof companies, keys: string[]) {
  const ids = new Map<string, number>();
  for (const part of chunks([...new Set(keys)])) {
    const rows = await tx
      .select({ id: table.id, slug: table.slug })
      .from(table)
      .where(inArray(table.slug, part));
    for (const r of rows) ids.set(r.slug, r.id);
  }
  return ids;
}

async function writeCatalog(
  tx: Tx,
  data: ParsedCatalog,
  image: Map<string, string>,
  options: ImportOptions,
  step: (n: number) => void,
): Promise<Omit<ImportSummary, 'images'>> {
  const named = await writeNamed(tx, data, image, step);
  const productCounts = await countProducts(tx, data);
  for (const part of chunks(data.products)) {
    await writeProductBatch(tx, part, image);
    step(part.length);
  }
  const rest = await writeContentSections(tx, data, image, options.settings, step, { by: options.by });
  return { ...named, products: productCounts, ...rest };
}

/** Categories and brands (the products name them by key): the first step of an import. */
export async function writeNamed(
  tx: Tx,
  data: ParsedCatalog,
  image: Map<string, string>,
  step: (n: number) => void,
): Promise<Pick<ImportSummary, 'categories' | 'companies'>> {
  const categoryCounts = await upsertNamed(tx, categories, data.categories, image);
  step(data.categories.length);
  const companyCounts = await upsertNamed(tx, companies, data.companies, image);
  step(data.companies.length);
  await checkReferences(tx, data);
  return { categories: categoryCounts, companies: companyCounts };
}

/** How many of the file's products are new and how many replace one in the shop. */
export async function countProducts(db: Db | Tx, data: ParsedCatalog): Promise<Counts> {
  const skus = data.products.map((p) => p.sku);
  return counts(skus, await existingSkus(db, skus));
}

/** Upserts some of the file's products by SKU, with their extra images. */
export async function writeProductBatch(
  tx: Tx,
  part: ParsedCatalog['products'],
  image: Map<string, string>,
): Promise<void> {
  const categoryIds = await idsBySlug(
    tx,
    categories,
    part.map((p) => p.category),
  );
  const companyIds = await idsBySlug(
    tx,
    companies,
    part.map((p) => p.company),
  );
  // One row per product, sent as one array per column and spread back into rows by unnest():
  // a batch is sixteen parameters whatever its size, which PostgreSQL binds and plans once,
  // instead of sixteen per product that the query builder assembles one by one.
  const now = new Date();
  const offers = part.map((p) => offerColumns(p, now));
  const column = <T>(value: (p: (typeof part)[number], i: number) => T) => sql.param(part.map(value));
  const result = await tx.execute(sql`
    insert into ${products} (sku, name_ar, name_en, description_ar, description_en, price_halalas,
      offer_price_halalas, offer_planned_halalas, offer_starts_at, offer_ends_at, stock, featured,
      hidden, category_id, company_id, image)
    select * from unnest(
      ${column((p) => p.sku)}::text[],
      ${column((p) => p.name.ar)}::text[],
      ${column((p) => p.name.en)}::text[],
      ${column((p) => p.description?.ar ?? '')}::text[],
      ${column((p) => p.description?.en ?? '')}::text[],
      ${column((p) => sarToHalalas(p.price))}::integer[],
      ${column((_, i) => offers[i]!.offerPriceHalalas)}::integer[],
      ${column((_, i) => offers[i]!.offerPlannedHalalas)}::integer[],
      ${column((_, i) => offers[i]!.offerStartsAt?.toISOString() ?? null)}::timestamptz[],
      ${column((_, i) => offers[i]!.offerEndsAt?.toISOString() ?? null)}::timestamptz[],
      ${column((p) => p.stock)}::integer[],
      ${column((p) => p.featured ?? false)}::boolean[],
      ${column((p) => p.hidden ?? false)}::boolean[],
      ${column((p) => categoryIds.get(p.category)!)}::integer[],
      ${column((p) => companyIds.get(p.company)!)}::integer[],
      ${column((p) => image.get(p.image)!)}::text[]
    )
    on conflict (sku) do update set
      name_ar = excluded.name_ar,
      name_en = excluded.name_en,
      description_ar = excluded.description_ar,
      description_en = excluded.description_en,
      price_halalas = excluded.price_halalas,
      offer_price_halalas = excluded.offer_price_halalas,
      stock = excluded.stock,
      featured = excluded.featured,
      hidden = excluded.hidden,
      category_id = excluded.category_id,
      company_id = excluded.company_id,
      image = excluded.image,
      -- A record is the whole truth about its product: an offer planned in the back office
      -- gives way to the file's, and an edit opened before the import is refused on saving.
      offer_planned_halalas = excluded.offer_planned_halalas,
      offer_starts_at = excluded.offer_starts_at,
      offer_ends_at = excluded.offer_ends_at,
      version = ${products}.version + 1,
      updated_at = now()
    returning id, sku`);
  const rows = (result as unknown as { rows: { id: number; sku: string }[] }).rows;
  const idBySku = new Map(rows.map((r) => [r.sku, r.id]));
  // A record is the whole truth about its product: its extra images replace the stored ones.
  await tx.delete(productImages).where(inArray(productImages.productId, [...idBySku.values()]));
  const extra = part.flatMap((p) =>
    (p.images ?? []).map((img, sort) => ({ productId: idBySku.get(p.sku)!, image: image.get(img)!, sort })),
  );
  if (extra.length) await tx.insert(productImages).values(extra);
}

/**
 * Who writes a file's settings section: a member or the command line (`by`, recorded in the
 * audit log), nobody who is recorded (the demo catalog of a new shop), or `'nobody'` at all
 * (a member who is not an owner starts the import: the section is left out, see decision 151).
 */
export interface SettingsWriter {
  by?: AuditActor | 'nobody';
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

/** Agents, slides, info pages and settings: the last step of an import. */
export async function writeContentSections(
  tx: Tx,
  data: ParsedCatalog,
  image: Map<string, string>,
  settings: ImportSettings,
  step: (n: number) => void,
  writeSettings: SettingsWriter = {},
): Promise<Pick<ImportSummary, 'agents' | 'sliders' | 'infoPages' | 'settings'>> {
  let agentCounts: Counts = { created: 0, updated: 0 };
  if (data.agents?.length) {
    const keys = data.agents.map((a) => a.key);
    agentCounts = counts(keys, await existingKeys(tx, agents, keys));
    await tx
      .insert(agents)
      .values(
        data.agents.map((a, sort) => ({
          slug: a.key,
          nameAr: a.name.ar,
          nameEn: a.name.en,
          companyAr: a.company.ar,
          companyEn: a.company.en,
          phone: a.phone,
          image: image.get(a.image)!,
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
    step(data.agents.length);
  }

  if (data.sliders) {
    await tx.delete(sliders);
    if (data.sliders.length)
      await tx.insert(sliders).values(
        data.sliders.map((sl, sort) => ({
          imageAr: image.get(sl.image)!,
          imageEn: image.get(sl.imageEn ?? sl.image)!,
          linkAr: sl.link?.ar ?? '',
          linkEn: sl.link?.en ?? '',
          sort,
        })),
      );
    step(data.sliders.length);
  }

  let infoPageCount = 0;
  if (data.infoPages) {
    for (const kind of ['about', 'refund', 'terms', 'privacy'] as const) {
      const page = data.infoPages[kind];
      if (!page) continue;
      infoPageCount++;
      await tx
        .insert(infoPages)
        .values({ kind, bodyAr: page.ar, bodyEn: page.en })
        .onConflictDoUpdate({
          target: infoPages.kind,
          set: { bodyAr: page.ar, bodyEn: page.en, updatedAt: sql`now()` },
        });
    }
    step(1);
  }

  let settingCount = 0;
  if (data.settings && writeSettings.by !== 'nobody') {
    const values = settingValuesOf(data.settings);
    settingCount = Object.keys(values).length;
    await settings.save(tx, values, writeSettings.by);
    step(1);
  }

  return {
    agents: agentCounts,
    sliders: data.sliders?.length ?? 0,
    infoPages: infoPageCount,
    settings: settingCount,
  };
}
