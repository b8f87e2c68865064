import { errorMessage, type ErrorCode, type Lang } from '@shop/contract';
import { AppError } from '../../lib/errors.ts';
import type { Verdict } from './service.ts';

/** Why a code does not apply, worded for the shopper in their language, with its figures. */

const RIYADH_OFFSET_MS = 3 * 60 * 60_000;

/** An instant as Riyadh's wall clock (`2026-12-01 00:00`), as codes' times are entered and shown. */
export function riyadhTime(at: Date): string {
  return new Date(at.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

const currency: Record<Lang, string> = { ar: 'ر.س', en: 'SAR' };

/** The figures a refusal's message names, in `lang`. */
function valuesIn(verdict: Extract<Verdict, { ok: false }>, lang: Lang): Record<string, string> {
  const values: Record<string, string> = {};
  if (verdict.values?.startsAt !== undefined)
    values.startsAt = riyadhTime(new Date(String(verdict.values.startsAt)));
  if (verdict.values?.minimum !== undefined)
    values.minimum = `${(Number(verdict.values.minimum) / 100).toFixed(2)} ${currency[lang]}`;
  return values;
}

/** A refusal as the API answers it: its status, code and the figures its message names, at `code`. */
export function refusal(verdict: Extract<Verdict, { ok: false }>, lang: Lang): AppError {
  return new AppError(
    verdict.status,
    verdict.code,
    [{ path: 'code', code: verdict.code }],
    undefined,
    valuesIn(verdict, lang),
  );
}

/** A refusal's message in `lang`, its figures filled in (the cart shows it under the code). */
export function refusalMessage(verdict: Extract<Verdict, { ok: false }>, lang: Lang): string {
  const values = valuesIn(verdict, lang);
  return errorMessage(verdict.code as ErrorCode, lang).replace(
    /\{([a-zA-Z]+)\}/g,
    (whole, name: string) => values[name] ?? whole,
  );
}
