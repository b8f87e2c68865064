export type PagerItem = number | 'gap';

/**
 * The pages a pager shows (2 margin pages at each end, 3 pages around the current
 * one), with 'gap' where pages are left out. A gap never hides a single page: that page is
 * shown instead.
 */
export function pagerItems(current: number, pageCount: number, margin = 2, range = 3): PagerItem[] {
  if (pageCount <= 0) return [];
  const page = Math.min(Math.max(1, current), pageCount);
  const shown = new Set<number>();
  for (let i = 1; i <= Math.min(margin, pageCount); i++) shown.add(i);
  for (let i = Math.max(1, pageCount - margin + 1); i <= pageCount; i++) shown.add(i);
  let start = page - Math.floor((range - 1) / 2);
  start = Math.max(1, Math.min(start, pageCount - range + 1));
  for (let i = start; i < start + range && i <= pageCount; i++) if (i >= 1) shown.add(i);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push('gap');
    items.push(n);
    previous = n;
  }
  return items;
}
