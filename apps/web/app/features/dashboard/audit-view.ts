/** One field of an audit entry that a change touched: its value before and after. */
export interface ChangedField {
  field: string;
  before: string | undefined;
  after: string | undefined;
}

function show(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * What an entry's before and after differ in, field by field (objects' top-level fields; any
 * other value as one field named ''), unchanged fields left out. A new thing has only "after",
 * a removed one only "before".
 */
export function changedFields(before: unknown, after: unknown): ChangedField[] {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(before) && !isRecord(after)) {
    if (JSON.stringify(before) === JSON.stringify(after)) return [];
    return [{ field: '', before: show(before ?? undefined), after: show(after ?? undefined) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .map((field) => ({ field, before: show(b[field]), after: show(a[field]) }));
}
