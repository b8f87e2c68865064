import { z } from 'zod';

/** The page sizes a list offers; anything else in the URL falls back to the first. */
export const PAGE_SIZES = [25, 50, 100] as const;

const pageNumber = z.coerce.number().int().min(1).max(100_000).catch(1);
const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
  .catch(PAGE_SIZES[0]);
const direction = z.enum(['asc', 'desc']);

/** A trimmed text filter: empty means "no filter". */
export const textFilter = z
  .string()
  .trim()
  .max(200)
  .transform((v) => (v === '' ? undefined : v))
  .optional()
  .catch(undefined);

/** A plain date (`YYYY-MM-DD`, as `<input type="date">` sends it); anything else is no filter. */
export const dateFilter = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** One of `values`, or no filter. */
export const choiceFilter = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

export interface ListQuery<S extends string, F> {
  page: number;
  pageSize: number;
  sort: S;
  dir: 'asc' | 'desc';
  filters: F;
}

/**
 * Reads a list page's query string: `page`, `pageSize`, `sort` and `dir`, and the list's own
 * filters with `filters` (a zod object whose fields `.catch()` bad input). A value the page
 * cannot read is dropped, never an error page: a hand-edited URL still shows the list.
 *
 * ```ts
 * const query = readListQuery(request, {
 *   sorts: ['createdAt', 'total'], defaultSort: 'createdAt', defaultDir: 'desc',
 *   filters: z.object({ q: textFilter, status: choiceFilter(orderStatuses) }),
 * });
 * ```
 */
export function readListQuery<const S extends readonly [string, ...string[]], F extends z.ZodType>(
  request: Request | URL,
  options: { sorts: S; defaultSort: S[number]; defaultDir?: 'asc' | 'desc'; filters: F },
): ListQuery<S[number], z.output<F>> {
  const url = request instanceof URL ? request : new URL(request.url);
  const params = Object.fromEntries(url.searchParams);
  const sort = z.enum(options.sorts).catch(options.defaultSort).parse(params.sort);
  return {
    page: pageNumber.parse(params.page),
    pageSize: pageSize.parse(params.pageSize),
    sort,
    dir: direction.catch(options.defaultDir ?? 'asc').parse(params.dir),
    filters: options.filters.parse(params),
  };
}

/**
 * A back-office queue's query (returns, reviews): newest first, its one order, with its filters
 * and the page.
 */
export function readQueueQuery<F extends z.ZodType>(request: Request | URL, filters: F) {
  return readListQuery(request, { sorts: ['date'], defaultSort: 'date', defaultDir: 'desc', filters });
}

/** How many pages `total` rows make. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
