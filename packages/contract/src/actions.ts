import type { ApiError, Ok } from './errors.ts';

/**
 * What a page's action gets back when it asks the shop for a change (through the load context,
 * as loaders read): the answer, or the refusal worded as the API words it (`{code, message,
 * fields}` in the page's language) with the status the API would have answered.
 */
export type ActionResult<T = Ok> =
  | {
      ok: true;
      value: T;
      /** Cookies the change sets or clears (a sign-in), as Set-Cookie header values. */
      cookies?: string[];
    }
  | {
      ok: false;
      status: number;
      error: ApiError;
      /** Seconds until the shop takes the change again, when it refused for too many attempts (429). */
      retryAfter?: number;
    };
