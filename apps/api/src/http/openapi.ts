import type { ErrorCode } from '@shop/contract';
import { AppError, forbidden } from '../lib/errors.ts';
import type { OwnRead } from '../views/owned.ts';

/**
 * What every route's OpenAPI entry says about who may call it, and the HTTP layer's one way of
 * turning "there is none" into the 404 of the shop's error shape.
 */

/** The back office is signed in by its own cookie only. */
export const STAFF_COOKIE: Record<string, string[]>[] = [{ staffSession: [] }];

/** A shopper's session: the cookie, or the same token as `Authorization: Bearer`. */
export const SHOPPER_SESSION: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];

/** The back office's routes are listed under this tag. */
export const ADMIN_TAG = ['admin'];

/** What a view or service found, or the 404 `code` when it found nothing (null). */
export function found<T>(value: T | null | undefined, code: ErrorCode): T {
  if (value === null || value === undefined) throw new AppError(404, code);
  return value;
}

/** A shopper's thing as a view read it: its value, the 404 `code` when there is none, 403 when it is someone else's. */
export function owned<T>(read: OwnRead<T>, code: ErrorCode): T {
  if (read === 'not-yours') throw forbidden();
  if (read === 'none') throw new AppError(404, code);
  return read.value;
}
