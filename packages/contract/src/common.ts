import { z } from './zod.ts';
import { languages } from './messages.ts';
import { MAX_PAGE_SIZE } from './constants.ts';

/** A positive integer id in a path: digits only, so `1e3`, `-1` and ` 7` are refused. */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

/** A UUID in a path (users, addresses, orders). */
export const uuidParam = z.uuid();

export const pagingParams = z.object({
  pageSize: z
    .string()
    .regex(/^[0-9]{1,4}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_PAGE_SIZE)),
  page: z
    .string()
    .regex(/^[0-9]{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1)),
});

export const langQuery = z.enum(languages).optional();

/** A SAR amount sent as text in a query string (`startprice=99.5`). */
export const sarQueryValue = z
  .string()
  .regex(/^[0-9]{1,7}(\.[0-9]{1,2})?$/, 'must be an amount in riyals')
  .transform(Number);

export const pagingSchema = z.object({
  pageCount: z.number().int().nonnegative(),
  rawCount: z.number().int().nonnegative(),
});
export type Paging = z.infer<typeof pagingSchema>;
