/**
 * The cells of every CSV file the shop writes (the orders export, the catalog's products
 * export), written one way.
 *
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula, and one that
 * starts with a tab or a carriage return after trimming it: a product's name or a customer's
 * note would then run on the computer of whoever opens the file (a `HYPERLINK` that sends the
 * sheet away, a `cmd|` that starts a program). Such text gets a leading `'`, which the
 * spreadsheet shows as text. Text that already starts with `'` before one of those characters
 * gets one more, so `readCsvCell` can give every value back exactly (the catalog export is
 * imported again).
 */

const FORMULA_START = /^'*[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined;

/** One cell: text that would be a formula neutralised, then quoted when it needs to be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans are the shop's own values, written as numbers (a negative amount too).
  if (typeof value !== 'string') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line, ending in CRLF. */
export function csvLine(cells: CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A cell's text as it was before `csvCell` neutralised it (for files the shop reads back). */
export function readCsvCell(text: string): string {
  return FORMULA_START.test(text) && text.startsWith("'") ? text.slice(1) : text;
}
