import { catalogCsvColumns } from '@shop/contract';
import { csvLine, readCsvCell, type CsvValue } from '../csv.ts';
import type { ProductRecord } from './format.ts';

/**
 * Products as CSV (RFC 4180: comma-separated, fields with commas, quotes or line breaks quoted,
 * quotes doubled; UTF-8, a byte-order mark allowed). The columns are `catalogCsvColumns`,
 * named by the header row in any order; docs/catalog-import.md describes them.
 */

export class CsvError extends Error {
  override name = 'CsvError';
}

/** The file's rows, each a list of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f !== '') || row.length > 1) rows.push(row);
      row = [];
    } else field += c;
  }
  if (quoted) throw new CsvError('a quoted field is not closed');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const number = (v: string): unknown => {
  const t = v.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
};

/**
 * A products CSV as the catalog file's `products` section, values typed as the JSON format
 * has them, so one schema checks both (a wrong value is reported on its column).
 */
export function csvToCatalog(text: string): { products: Record<string, unknown>[] } {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new CsvError('the file is empty');
  const names = header.map((h) => h.trim().toLowerCase());
  const missing = catalogCsvColumns.filter(
    (c) =>
      ![
        'description_ar',
        'description_en',
        'offer_price',
        'offer_starts_at',
        'offer_ends_at',
        'featured',
        'hidden',
        'images',
      ].includes(c) && !names.includes(c),
  );
  if (missing.length) throw new CsvError(`missing columns: ${missing.join(', ')}`);
  const unknown = names.filter(
    (n) => !(catalogCsvColumns as readonly string[]).includes(n) && specColumnName(n) === null,
  );
  if (unknown.length) throw new CsvError(`unknown columns: ${unknown.join(', ')}`);
  const products = rows.map((fields) => {
    const get = (name: string) => {
      const at = names.indexOf(name);
      // A cell the export neutralised (`'=…`) is read back as the text it was.
      return at === -1 ? undefined : readCsvCell(fields[at] ?? '');
    };
    const record: Record<string, unknown> = {
      sku: get('sku'),
      name: { ar: get('name_ar'), en: get('name_en') },
      category: get('category'),
      company: get('company'),
      price: number(get('price') ?? ''),
      stock: number(get('stock') ?? ''),
      image: get('image'),
    };
    const descriptionAr = get('description_ar');
    const descriptionEn = get('description_en');
    if (descriptionAr || descriptionEn)
      record.description = { ar: descriptionAr ?? '', en: descriptionEn ?? '' };
    const offer = get('offer_price');
    if (offer !== undefined && offer.trim() !== '') record.offerPrice = number(offer);
    const startsAt = get('offer_starts_at')?.trim();
    if (startsAt) record.offerStartsAt = startsAt;
    const endsAt = get('offer_ends_at')?.trim();
    if (endsAt) record.offerEndsAt = endsAt;
    const featured = get('featured')?.trim().toLowerCase();
    if (featured) record.featured = featured === 'true' ? true : featured === 'false' ? false : featured;
    const hidden = get('hidden')?.trim().toLowerCase();
    if (hidden) record.hidden = hidden === 'true' ? true : hidden === 'false' ? false : hidden;
    const images = get('images')?.trim();
    if (images) record.images = images.split('|').map((s) => s.trim());
    const specs = specsOfRow(header, fields);
    if (specs) record.specs = specs;
    return record;
  });
  return { products };
}

/*
 * Specifications travel in columns of their own, named by the attribute's English name:
 * `spec:Screen size` holds the value (a number, a choice's English value, or the English text)
 * and, for text that differs by language, `spec_ar:Processor` the Arabic text. A row's empty
 * cells are values it does not have; a file with any spec column gives each row exactly the
 * values of its filled cells.
 */
const SPEC_PREFIX = 'spec:';
const SPEC_AR_PREFIX = 'spec_ar:';

/** The attribute a header names (`spec:Name`, `spec_ar:Name`), or null for another column. */
function specColumnName(header: string): { name: string; ar: boolean } | null {
  const h = header.trim();
  const lower = h.toLowerCase();
  if (lower.startsWith(SPEC_AR_PREFIX) && h.length > SPEC_AR_PREFIX.length)
    return { name: h.slice(SPEC_AR_PREFIX.length).trim(), ar: true };
  if (lower.startsWith(SPEC_PREFIX) && h.length > SPEC_PREFIX.length)
    return { name: h.slice(SPEC_PREFIX.length).trim(), ar: false };
  return null;
}

/** A row's specification values, or undefined when the file has no spec column. */
function specsOfRow(header: string[], fields: string[]): Record<string, unknown> | undefined {
  const columns = header.map(specColumnName);
  if (!columns.some((c) => c !== null)) return undefined;
  const values = new Map<string, { value?: string; ar?: string }>();
  columns.forEach((column, at) => {
    const cell = readCsvCell(fields[at] ?? '').trim();
    if (!column || cell === '') return;
    const key = column.name;
    values.set(key, { ...values.get(key), [column.ar ? 'ar' : 'value']: cell });
  });
  const specs: Record<string, unknown> = {};
  for (const [name, v] of values) {
    if (v.ar !== undefined) specs[name] = { ar: v.ar, en: v.value ?? '' };
    else specs[name] = v.value;
  }
  return specs;
}

/** The spec columns of an export: each attribute name once, with an Arabic column for text. */
export interface SpecColumns {
  names: string[];
  arabic: Set<string>;
}

/** The header line of a products CSV (with the byte-order mark spreadsheet programs need to read Arabic as UTF-8). */
export const productCsvHeader = (specs: SpecColumns = { names: [], arabic: new Set() }) =>
  `\uFEFF${csvLine([
    ...catalogCsvColumns,
    ...specs.names.flatMap((n) => [
      `${SPEC_PREFIX}${n}`,
      ...(specs.arabic.has(n) ? [`${SPEC_AR_PREFIX}${n}`] : []),
    ]),
  ])}`;

function specCells(p: ProductRecord, specs: SpecColumns): CsvValue[] {
  const byName = new Map(Object.entries(p.specs ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return specs.names.flatMap((n) => {
    const v = byName.get(n.toLowerCase());
    const cells: CsvValue[] = [v === undefined ? '' : typeof v === 'object' ? v.en : (v as string | number)];
    if (specs.arabic.has(n)) cells.push(v !== undefined && typeof v === 'object' ? v.ar : '');
    return cells;
  });
}

/** A product record as a CSV line, in the columns `csvToCatalog` reads back. */
export function productCsvLine(
  p: ProductRecord,
  specs: SpecColumns = { names: [], arabic: new Set() },
): string {
  const cells: Record<(typeof catalogCsvColumns)[number], CsvValue> = {
    sku: p.sku,
    name_ar: p.name.ar,
    name_en: p.name.en,
    description_ar: p.description?.ar ?? '',
    description_en: p.description?.en ?? '',
    category: p.category,
    company: p.company,
    price: p.price,
    offer_price: p.offerPrice ?? '',
    offer_starts_at: p.offerStartsAt ?? '',
    offer_ends_at: p.offerEndsAt ?? '',
    stock: p.stock,
    featured: p.featured ?? false,
    hidden: p.hidden ?? false,
    image: p.image,
    images: (p.images ?? []).join('|'),
  };
  return csvLine([...catalogCsvColumns.map((column) => cells[column]), ...specCells(p, specs)]);
}
