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
  const unknown = names.filter((n) => !(catalogCsvColumns as readonly string[]).includes(n));
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
    return record;
  });
  return { products };
}

/** The header line of a products CSV (with the byte-order mark spreadsheet programs need to read Arabic as UTF-8). */
export const productCsvHeader = () => `\uFEFF${csvLine([...catalogCsvColumns])}`;

/** A product record as a CSV line, in the columns `csvToCatalog` reads back. */
export function productCsvLine(p: ProductRecord): string {
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
  return csvLine(catalogCsvColumns.map((column) => cells[column]));
}
