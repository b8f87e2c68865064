import { defaultLang, languages, type Lang } from '@shop/contract';

function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * The language of a request: `?lang=ar|en` first, then the first Arabic or English entry
 * of `Accept-Language` by quality, else Arabic.
 */
export function requestLang(query: unknown, acceptLanguage: string | undefined): Lang {
  if (query && typeof query === 'object' && 'lang' in query) {
    const lang = (query as { lang?: unknown }).lang;
    if (isLang(lang)) return lang;
  }
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return { base: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1, index };
      })
      .filter((entry) => entry.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index);
    for (const entry of ranked) if (isLang(entry.base)) return entry.base;
  }
  return defaultLang;
}
