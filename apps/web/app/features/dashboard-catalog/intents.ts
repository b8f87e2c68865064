/** Which of a catalog page's forms was posted (a hidden `intent` field). */
export const CATALOG_INTENT = {
  bulk: 'bulk',
  save: 'save',
  remove: 'delete',
  upload: 'upload',
  imageUp: 'image-up',
  imageDown: 'image-down',
  imageRemove: 'image-remove',
  create: 'create',
  update: 'update',
  moveUp: 'move-up',
  moveDown: 'move-down',
  options: 'options',
  variants: 'variants',
  specs: 'specs',
} as const;

/** An ISO instant as a `datetime-local` value in Riyadh time (UTC+03:00, no daylight saving). */
export function riyadhLocal(iso: string | null): string {
  if (!iso) return '';
  return new Date(new Date(iso).getTime() + 3 * 3600_000).toISOString().slice(0, 16);
}

/** `list` with the item at `index` swapped with its neighbour `by` places away; unchanged at an end. */
export function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || target < 0 || target >= list.length) return list;
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}
