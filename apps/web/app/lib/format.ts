import type { Lang } from '@shop/contract';

/** Arabic with Latin digits (docs/requirements/shop.md, Money), English as used in Saudi Arabia. */
export const intlLocales: Record<Lang, string> = { ar: 'ar-SA-u-nu-latn', en: 'en-SA' };

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(lang: Lang, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `n:${lang}:${key}`;
  let format = cache.get(id) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(intlLocales[lang], options);
    cache.set(id, format);
  }
  return format;
}

function dateFormat(lang: Lang, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `d:${lang}:${key}`;
  let format = cache.get(id) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocales[lang], options);
    cache.set(id, format);
  }
  return format;
}

/**
 * `value` with its digits grouped by thousands (`1234567.5` → `1,234,567.50`), as Intl writes
 * it in both languages (Latin digits, a comma between thousands, a point before the halalas):
 * `decimals` 2 keeps two decimals, 'trim' drops trailing zeros. Written by hand, because the
 * first Intl.NumberFormat a page makes loads the locale data, about 40 ms of a phone's processor
 * in the middle of hydration (the listings' counts and prices are formatted there). Only for
 * amounts Intl would write the same way: at most two decimals, not negative (undefined else).
 */
function groupedDigits(value: number, decimals: 2 | 'trim'): string | undefined {
  const hundredths = Math.round(value * 100);
  if (!(value >= 0) || hundredths / 100 !== value || !Number.isSafeInteger(hundredths)) return undefined;
  const whole = Math.floor(hundredths / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let fraction = String(hundredths % 100).padStart(2, '0');
  if (decimals === 'trim') fraction = fraction.replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A SAR amount (`1299.5` → `SAR 1,299.50`, `‏1,299.50 ر.س.‏`); whole amounts drop the halalas. */
export function formatPrice(sar: number, lang: Lang): string {
  const whole = Number.isInteger(sar);
  const digits = whole ? groupedDigits(sar, 'trim') : groupedDigits(sar, 2);
  if (digits !== undefined) return lang === 'ar' ? `\u200f${digits}\u00a0ر.س.\u200f` : `SAR\u00a0${digits}`;
  return numberFormat(lang, whole ? 'sar0' : 'sar2', {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(sar);
}

export function formatNumber(value: number, lang: Lang): string {
  return (
    groupedDigits(value, 'trim') ?? numberFormat(lang, 'plain', { maximumFractionDigits: 2 }).format(value)
  );
}

/** A rating's average with one decimal (4.0, 4.5), in Latin digits as every number of the shop. */
export const formatAverage = (average: number) => average.toFixed(1);

/** The order date: 'MMM DD, YYYY HH:mm' in the page language, Riyadh time. */
export function formatDateTime(date: Date | string, lang: Lang): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const day = dateFormat(lang, 'date', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'Asia/Riyadh',
  }).format(value);
  const time = dateFormat(lang, 'time', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Riyadh',
  }).format(value);
  return `${day} ${time}`;
}

/** The half of the day after a 12-hour clock time, as Intl writes it for each language. */
const dayHalves: Record<Lang, [string, string]> = { ar: ['ص', 'م'], en: ['AM', 'PM'] };

/**
 * A wall-clock time from settings (`'23:00'` → `11:00 PM`, `11:00 م`), the same hour in both
 * languages. Written by hand rather than with Intl.DateTimeFormat: the first one a page makes
 * loads the locale's calendar data, about 40 ms of a phone's processor in the middle of
 * hydration (the header and footer show the opening hours on every page).
 */
export function formatClock(clock: string, lang: Lang): string {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${String(minutes).padStart(2, '0')} ${dayHalves[lang][hours < 12 ? 0 : 1]}`;
}

/** Removes the bidi marks Intl puts around Arabic currency text (for comparisons in tests). */
export function stripBidiMarks(text: string): string {
  return text.replace(/[\u200e\u200f\u061c]/g, '');
}
