import { MAX_PRODUCT_OPTIONS } from '@shop/contract';

/**
 * The options and variants forms of the product editor, as posted fields: plain inputs that work
 * before hydration, turned here into what the catalog's schemas check.
 *
 * Options: `option{i}.nameAr`, `option{i}.nameEn`, `option{i}.kind` and `option{i}.values`, a
 * text with one value per line, written `Arabic | English | #swatch` (the English name and the
 * swatch may be left out). An option with no name and no values is left out.
 *
 * Variants: `variant{i}.id`, `.sku`, `.barcode`, `.price`, `.offerPrice`, `.stock`, `.image`,
 * `.hidden` (ticked) and `.selected` (ticked for the bulk changes).
 */

export const optionPrefix = (i: number) => `option${i}`;
export const variantPrefix = (i: number) => `variant${i}`;

/** The input a refusal of the options names: `options.1.values.2.nameEn` is the second option's values box. */
export function optionFieldOf(path: readonly PropertyKey[]): string {
  if (path[0] !== 'options' || path[1] === undefined) return '';
  const part = path[2] === 'values' ? 'values' : typeof path[2] === 'string' ? path[2] : 'nameAr';
  return `${optionPrefix(Number(path[1]))}.${part}`;
}

/** The input a refusal of the grid names: `variants.2.sku` is the third row's SKU. */
export function variantFieldOf(path: readonly PropertyKey[]): string {
  if (path[0] !== 'variants' || path[1] === undefined) return '';
  return `${variantPrefix(Number(path[1]))}.${typeof path[2] === 'string' ? path[2] : 'sku'}`;
}

/** One line of an option's values: `أزرق | Blue | #1e3a8a`. */
export function parseValueLine(line: string) {
  const [ar = '', en, swatch] = line.split('|').map((part) => part.trim());
  return { nameAr: ar, nameEn: en || ar, swatch: swatch || null };
}

/** The options as productOptionsSchema reads them. */
export function optionsFromForm(values: Record<string, string>) {
  const options = [];
  for (let i = 0; i < MAX_PRODUCT_OPTIONS; i++) {
    const p = optionPrefix(i);
    const nameAr = values[`${p}.nameAr`]?.trim() ?? '';
    const nameEn = values[`${p}.nameEn`]?.trim() ?? '';
    const lines = (values[`${p}.values`] ?? '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    if (!nameAr && !nameEn && lines.length === 0) continue;
    options.push({
      nameAr,
      nameEn,
      kind: values[`${p}.kind`] === 'colour' ? 'colour' : 'text',
      values: lines.map(parseValueLine),
    });
  }
  return { version: values.version, options };
}

/** The text area's content for an option's values. */
export function valuesText(values: { nameAr: string; nameEn: string; swatch: string | null }[]): string {
  return values.map((v) => [v.nameAr, v.nameEn, v.swatch].filter(Boolean).join(' | ')).join('\n');
}

/** The grid's rows as productVariantsSchema reads them, rows in the order posted. */
export function variantsFromForm(values: Record<string, string>, count: number) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    const p = variantPrefix(i);
    if (values[`${p}.id`] === undefined) continue;
    rows.push({
      id: values[`${p}.id`],
      sku: values[`${p}.sku`] ?? '',
      barcode: values[`${p}.barcode`] ?? '',
      price: values[`${p}.price`] ?? '',
      offerPrice: values[`${p}.offerPrice`] ?? '',
      stock: values[`${p}.stock`] ?? '',
      image: values[`${p}.image`] ?? '',
      hidden: values[`${p}.hidden`] ?? '',
      selected: values[`${p}.selected`] === 'on',
    });
  }
  return rows;
}

/**
 * The grid with the bulk changes applied to the ticked rows (every row when none is ticked): a
 * new price (and no offer), and stock added (or taken away with a negative number, never under
 * zero). A field left empty changes nothing. Unparsable numbers are left for the schema to refuse.
 */
export function withBulkChanges(
  rows: ReturnType<typeof variantsFromForm>,
  bulk: { price?: string | undefined; addStock?: string | undefined },
) {
  const anyTicked = rows.some((r) => r.selected);
  const price = bulk.price?.trim();
  const add = bulk.addStock?.trim();
  return rows.map((row) => {
    if (anyTicked && !row.selected) return row;
    const changed = { ...row };
    if (price) {
      changed.price = price;
      changed.offerPrice = '';
    }
    if (add && /^-?[0-9]{1,7}$/.test(add) && /^[0-9]{1,9}$/.test(row.stock))
      changed.stock = String(Math.max(0, Number(row.stock) + Number(add)));
    return changed;
  });
}
