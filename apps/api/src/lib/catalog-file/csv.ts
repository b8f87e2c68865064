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

/** Columns a products CSV may leave out. */
const optionalColumns = new Set<string>(
  catalogCsvColumns.filter(
    (c) => !['sku', 'name_ar', 'name_en', 'category', 'company', 'price', 'stock', 'image'].includes(c),
  ),
);

/** The columns every row of one product must agree on (the variants' own are the others). */
const productColumns = [
  'name_ar',
  'name_en',
  'description_ar',
  'description_en',
  'category',
  'company',
  'offer_starts_at',
  'offer_ends_at',
  'featured',
  'hidden',
  'image',
  'images',
  ...[1, 2, 3].flatMap((n) => [`option${n}_name_ar`, `option${n}_name_en`, `option${n}_kind`]),
];

/** A problem of a CSV file on its line (the header is line 1) and column. */
export interface CsvIssue {
  line: number;
  field: string;
  message: string;
}

/** Where each product of a CSV file is: its first line, and each variant's line. */
export interface CsvLines {
  product: number;
  variants: number[];
}

const bool = (v: string | undefined): unknown => {
  const t = v?.trim().toLowerCase();
  if (!t) return undefined;
  return t === 'true' ? true : t === 'false' ? false : t;
};

/**
 * A products CSV as the catalog file's `products` section, values typed as the JSON format
 * has them, so one schema checks both (a wrong value is reported on its column). Rows that
 * share a `sku` and give a `variant_sku` (or option values) are the variants of one product:
 * they must agree on the product's columns, and on the names and swatch of each value they
 * share; `issues` says where they do not. `lines` places each product and variant in the file.
 */
export function readCsvCatalog(text: string): {
  catalog: { products: Record<string, unknown>[] };
  lines: CsvLines[];
  issues: CsvIssue[];
} {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new CsvError('the file is empty');
  const names = header.map((h) => h.trim().toLowerCase());
  const missing = catalogCsvColumns.filter((c) => !optionalColumns.has(c) && !names.includes(c));
  if (missing.length) throw new CsvError(`missing columns: ${missing.join(', ')}`);
  const unknown = names.filter(
    (n) => !(catalogCsvColumns as readonly string[]).includes(n) && specColumnName(n) === null,
  );
  if (unknown.length) throw new CsvError(`unknown columns: ${unknown.join(', ')}`);
  const cell = (fields: string[], name: string) => {
    const at = names.indexOf(name);
    // A cell the export neutralised (`'=…`) is read back as the text it was.
    return at === -1 ? undefined : readCsvCell(fields[at] ?? '');
  };
  const filled = (fields: string[], name: string) => (cell(fields, name) ?? '').trim() !== '';
  const hasVariant = (fields: string[]) =>
    filled(fields, 'variant_sku') ||
    [1, 2, 3].some((n) => filled(fields, `option${n}_value_en`) || filled(fields, `option${n}_value_ar`));

  // The rows of each product with variants, by its SKU, in the file's order.
  const groups = new Map<string, { fields: string[]; line: number }[]>();
  const order: ({ fields: string[]; line: number } | string)[] = [];
  // A product is sold in variants when any of its rows names one: then every row of its SKU is
  // a variant (one without a variant SKU is reported as such).
  const withVariants = new Set(
    rows.filter((fields) => hasVariant(fields)).map((fields) => (cell(fields, 'sku') ?? '').trim()),
  );
  rows.forEach((fields, i) => {
    const line = i + 2;
    const sku = (cell(fields, 'sku') ?? '').trim();
    if (sku && withVariants.has(sku)) {
      const group = groups.get(sku);
      if (group) group.push({ fields, line });
      else {
        groups.set(sku, [{ fields, line }]);
        order.push(sku);
      }
    } else order.push({ fields, line });
  });

  const issues: CsvIssue[] = [];
  const products: Record<string, unknown>[] = [];
  const lines: CsvLines[] = [];
  const productFields = (fields: string[]) => {
    const get = (name: string) => cell(fields, name);
    const record: Record<string, unknown> = {
      sku: get('sku'),
      name: { ar: get('name_ar'), en: get('name_en') },
      category: get('category'),
      company: get('company'),
      image: get('image'),
    };
    const descriptionAr = get('description_ar');
    const descriptionEn = get('description_en');
    if (descriptionAr || descriptionEn)
      record.description = { ar: descriptionAr ?? '', en: descriptionEn ?? '' };
    const startsAt = get('offer_starts_at')?.trim();
    if (startsAt) record.offerStartsAt = startsAt;
    const endsAt = get('offer_ends_at')?.trim();
    if (endsAt) record.offerEndsAt = endsAt;
    const featured = bool(get('featured'));
    if (featured !== undefined) record.featured = featured;
    const hidden = bool(get('hidden'));
    if (hidden !== undefined) record.hidden = hidden;
    const images = get('images')?.trim();
    if (images) record.images = images.split('|').map((s) => s.trim());
    const specs = specsOfRow(header, fields);
    if (specs) record.specs = specs;
    return record;
  };
  const saleFields = (fields: string[], record: Record<string, unknown>) => {
    record.price = number(cell(fields, 'price') ?? '');
    record.stock = number(cell(fields, 'stock') ?? '');
    const offer = cell(fields, 'offer_price');
    if (offer !== undefined && offer.trim() !== '') record.offerPrice = number(offer);
    return record;
  };

  for (const entry of order) {
    if (typeof entry !== 'string') {
      products.push(saleFields(entry.fields, productFields(entry.fields)));
      lines.push({ product: entry.line, variants: [] });
      continue;
    }
    const group = groups.get(entry)!;
    const first = group[0]!;
    for (const { fields, line } of group.slice(1))
      for (const column of productColumns)
        if ((cell(fields, column) ?? '').trim() !== (cell(first.fields, column) ?? '').trim())
          issues.push({
            line,
            field: column,
            message: `must be the same as on line ${first.line}: the rows of one product agree on it`,
          });
    const record = productFields(first.fields);
    const count = Math.max(
      0,
      ...[1, 2, 3].filter((n) =>
        group.some(({ fields }) =>
          ['name_ar', 'name_en', 'value_ar', 'value_en'].some((c) => filled(fields, `option${n}_${c}`)),
        ),
      ),
    );
    const options = Array.from({ length: count }, (_, i) => {
      const n = i + 1;
      const kind = (cell(first.fields, `option${n}_kind`) ?? '').trim().toLowerCase();
      // Values in the order the rows first name them; rows naming one value agree on it.
      const values: Record<string, unknown>[] = [];
      const seen = new Map<string, { line: number; ar: string; swatch: string }>();
      for (const { fields, line } of group) {
        const en = (cell(fields, `option${n}_value_en`) ?? '').trim();
        if (!en) continue;
        const ar = (cell(fields, `option${n}_value_ar`) ?? '').trim();
        const swatch = (cell(fields, `option${n}_swatch`) ?? '').trim();
        const known = seen.get(en);
        if (known) {
          for (const [column, a, b] of [
            [`option${n}_value_ar`, ar, known.ar],
            [`option${n}_swatch`, swatch, known.swatch],
          ] as const)
            if (a !== b)
              issues.push({
                line,
                field: column,
                message: `must be the same as on line ${known.line}: the rows of one value agree on it`,
              });
          continue;
        }
        seen.set(en, { line, ar, swatch });
        values.push({ ar, en, ...(swatch && { swatch }) });
      }
      return {
        name: {
          ar: (cell(first.fields, `option${n}_name_ar`) ?? '').trim(),
          en: (cell(first.fields, `option${n}_name_en`) ?? '').trim(),
        },
        ...(kind && { kind }),
        values,
      };
    });
    if (options.length) record.options = options;
    record.variants = group.map(({ fields }) => {
      const variant: Record<string, unknown> = { sku: cell(fields, 'variant_sku')?.trim() ?? '' };
      variant.options = Object.fromEntries(
        options.flatMap((o, i) => {
          const value = (cell(fields, `option${i + 1}_value_en`) ?? '').trim();
          return value ? [[o.name.en, value]] : [];
        }),
      );
      saleFields(fields, variant);
      const barcode = cell(fields, 'barcode')?.trim();
      if (barcode) variant.barcode = barcode;
      const image = cell(fields, 'variant_image')?.trim();
      if (image) variant.image = image;
      const hidden = bool(cell(fields, 'variant_hidden'));
      if (hidden !== undefined) variant.hidden = hidden;
      return variant;
    });
    products.push(record);
    lines.push({ product: first.line, variants: group.map((g) => g.line) });
  }
  return { catalog: { products }, lines, issues };
}

/** A products CSV as the catalog file's `products` section (see `readCsvCatalog`). */
export const csvToCatalog = (text: string) => readCsvCatalog(text).catalog;

/** The JSON format's fields as the CSV's columns, for reporting a problem where the file has it. */
const columnOf: Record<string, string> = {
  'name.ar': 'name_ar',
  'name.en': 'name_en',
  'description.ar': 'description_ar',
  'description.en': 'description_en',
  offerPrice: 'offer_price',
  offerStartsAt: 'offer_starts_at',
  offerEndsAt: 'offer_ends_at',
  sku: 'variant_sku',
  image: 'variant_image',
  hidden: 'variant_hidden',
};

/**
 * A problem the format's check found on a CSV file's product, placed on its line and column:
 * a variant's on the variant's row, the product's on its first row.
 */
export function csvPlace(lines: CsvLines | undefined, field: string): { line: number | null; field: string } {
  if (!lines) return { line: null, field };
  const variant = /^variants\[(\d+)\](?:\.(.*))?$/.exec(field);
  if (variant) {
    const line = lines.variants[Number(variant[1])] ?? lines.product;
    const rest = variant[2] ?? '';
    if (rest.startsWith('options')) return { line, field: 'options' };
    return { line, field: rest === 'offerPrice' ? 'offer_price' : (columnOf[rest] ?? rest) };
  }
  const option = /^options\[(\d+)\](?:\.(name\.(?:ar|en)|kind)|\.values\[\d+\]\.(ar|en|swatch))?/.exec(field);
  if (option) {
    const n = Number(option[1]) + 1;
    if (option[2]) return { line: lines.product, field: `option${n}_${option[2].replace('.', '_')}` };
    if (option[3])
      return {
        line: lines.product,
        field: `option${n}_${option[3] === 'swatch' ? 'swatch' : `value_${option[3]}`}`,
      };
    return { line: lines.product, field: `option${n}_name_en` };
  }
  if (field === 'sku' || field === 'image' || field === 'hidden') return { line: lines.product, field };
  if (field.startsWith('images')) return { line: lines.product, field: 'images' };
  return { line: lines.product, field: columnOf[field] ?? field };
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

type Column = (typeof catalogCsvColumns)[number];

/**
 * A product record as CSV lines, in the columns `readCsvCatalog` reads back, its specification
 * values in the `spec:` columns of `specs`: one line, or one per variant with the product's
 * columns (and specifications) repeated.
 */
export function productCsvLines(
  p: ProductRecord,
  specs: SpecColumns = { names: [], arabic: new Set() },
): string {
  const product: Partial<Record<Column, CsvValue>> = {
    sku: p.sku,
    name_ar: p.name.ar,
    name_en: p.name.en,
    description_ar: p.description?.ar ?? '',
    description_en: p.description?.en ?? '',
    category: p.category,
    company: p.company,
    offer_starts_at: p.offerStartsAt ?? '',
    offer_ends_at: p.offerEndsAt ?? '',
    featured: p.featured ?? false,
    hidden: p.hidden ?? false,
    image: p.image,
    images: (p.images ?? []).join('|'),
  };
  const line = (cells: Partial<Record<Column, CsvValue>>) =>
    csvLine([...catalogCsvColumns.map((column) => cells[column] ?? ''), ...specCells(p, specs)]);
  if (!p.variants)
    return line({ ...product, price: p.price, offer_price: p.offerPrice ?? '', stock: p.stock });
  const options = p.options ?? [];
  return p.variants
    .map((v) => {
      const cells: Partial<Record<Column, CsvValue>> = {
        ...product,
        variant_sku: v.sku,
        price: v.price,
        offer_price: v.offerPrice ?? '',
        stock: v.stock,
        barcode: v.barcode ?? '',
        variant_image: v.image ?? '',
        variant_hidden: v.hidden ?? false,
      };
      options.forEach((o, i) => {
        const n = (i + 1) as 1 | 2 | 3;
        const value = o.values.find((x) => x.en === v.options?.[o.name.en]);
        cells[`option${n}_name_ar`] = o.name.ar;
        cells[`option${n}_name_en`] = o.name.en;
        cells[`option${n}_kind`] = o.kind ?? '';
        cells[`option${n}_value_ar`] = value?.ar ?? '';
        cells[`option${n}_value_en`] = value?.en ?? '';
        cells[`option${n}_swatch`] = value?.swatch ?? '';
      });
      return line(cells);
    })
    .join('');
}
