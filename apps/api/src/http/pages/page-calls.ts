import type { ActionResult, Lang } from '@shop/contract';
import { toApiError } from '../../lib/errors.ts';

/**
 * How the pages' load context answers a loader or an action with what a view or a use case
 * said, so that a page and the API answer the same thing for the same call:
 *
 * - a read that is refused or fails on purpose (AppError, a query that does not pass its
 *   schema, a database too busy to answer) throws the page's own Response: the API's status
 *   (401, 403, 400, 503 with Retry-After) and its `{code, message}` in the page's language;
 * - a change answers an ActionResult: its value, or the refusal as the API would word it, with
 *   when to try again after too many attempts (the shop itself being too busy is still the
 *   page's 503, as for a read).
 *
 * Anything else is a fault of the shop and goes on to the page's error handling (500).
 */

function refusal(error: unknown, lang: Lang) {
  const answer = toApiError(error, lang);
  // A 500 is not a refusal: let the page's own error handling log and show it.
  return answer.status >= 500 && answer.status !== 503 ? null : answer;
}

/** Runs a read for a loader; a refusal becomes the Response React Router answers with. */
export async function pageRead<T>(lang: Lang, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const answer = refusal(error, lang);
    if (!answer) throw error;
    throw Response.json(answer.body, { status: answer.status, headers: answer.headers });
  }
}

/** Runs a change for an action: its answer, or the refusal it met. */
export async function pageAction<T>(
  lang: Lang,
  change: () => Promise<T>,
  cookies?: (value: T) => string[],
): Promise<ActionResult<T>> {
  try {
    const value = await change();
    return { ok: true, value, ...(cookies && { cookies: cookies(value) }) };
  } catch (error) {
    const answer = refusal(error, lang);
    if (!answer) throw error;
    if (answer.body.code === 'SERVER_BUSY')
      throw Response.json(answer.body, { status: answer.status, headers: answer.headers });
    const retryAfter = Number(answer.headers?.['retry-after']);
    return {
      ok: false,
      status: answer.status,
      error: answer.body,
      ...(answer.status === 429 && retryAfter > 0 && { retryAfter }),
    };
  }
}

/**
 * A page request's data in each language it is asked for, built once per language: the root
 * loader and the page's loaders share one, and so share what it has read.
 */
export function perLanguage<T>(build: (lang: Lang) => T): (lang: Lang) => T {
  const byLang = new Map<Lang, T>();
  return (lang) => {
    let data = byLang.get(lang);
    if (data === undefined) byLang.set(lang, (data = build(lang)));
    return data;
  };
}
