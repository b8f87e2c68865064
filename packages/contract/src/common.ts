import { z } from 'zod';
import { languages } from './errors.ts';

/** A positive integer id in a path: digits only, so `1e3`, `-1` and ` 7` are refused. */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

/** A UUID in a path (users, addresses, orders). */
export const uuidParam = z.uuid();

export const MAX_PAGE_SIZE = 100;

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

/** Converts integer halalas to a SAR number for the wire (`129950` → `1299.5`). */
export function halalasToSar(halalas: number): number {
  return Math.round(halalas) / 100;
}

/** Converts a SAR amount to integer halalas, rounding to the nearest halala. */
export function sarToHalalas(sar: number): number {
  return Math.round(sar * 100);
}
