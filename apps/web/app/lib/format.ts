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

/** A SAR amount (`1299.5` → `SAR 1,299.50`); whole amounts drop the halalas. */
export function formatPrice(sar: number, lang: Lang): string {
  const whole = Number.isInteger(sar);
  return numberFormat(lang, whole ? 'sar0' : 'sar2', {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(sar);
}

export function formatNumber(value: number, lang: Lang): string {
  return numberFormat(lang, 'plain', { maximumFractionDigits: 2 }).format(value);
}

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

/** A wall-clock time from settings (`'23:00'`), the same hour in both languages. */
export function formatClock(clock: string, lang: Lang): string {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  const date = new Date(Date.UTC(2024, 0, 1, hours, minutes));
  return dateFormat(lang, 'clock', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date);
}

/** Removes the bidi marks Intl puts around Arabic currency text (for comparisons in tests). */
export function stripBidiMarks(text: string): string {
  return text.replace(/[\u200e\u200f\u061c]/g, '');
}
