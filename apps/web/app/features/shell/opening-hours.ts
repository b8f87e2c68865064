import type { Settings } from '@shop/contract';

type Day = Settings['openingHours']['days'][number];

/** The shop week starts on Saturday (it opens Saturday to Thursday: docs/requirements/shop.md). */
const week: readonly Day[] = ['sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri'];

/**
 * The opening days as one run (`{from: 'sat', to: 'thu'}`) when they are consecutive in the
 * shop week, else the list in week order.
 */
export function openingDays(days: readonly Day[]): { from: Day; to: Day } | Day[] {
  const sorted = week.filter((d) => days.includes(d));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return [];
  const consecutive = week.indexOf(last) - week.indexOf(first) === sorted.length - 1;
  if (consecutive && sorted.length > 2) return { from: first, to: last };
  return sorted;
}
