import type { MetaDescriptor } from 'react-router';
import type { RootData } from './root-data.ts';
import { seoMeta, type PageSeo } from './seo.ts';

interface MetaArgsLike {
  data: unknown;
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
}

function hasSeo(data: unknown): data is { seo: PageSeo } {
  return typeof data === 'object' && data !== null && 'seo' in data;
}

/**
 * The meta export of every page: the loader returns `seo` (already translated), the root
 * loader the origin and shop name.
 */
export function pageMeta({ data, matches }: MetaArgsLike): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === 'root')?.data as RootData | undefined;
  if (!root || !hasSeo(data)) return [];
  return seoMeta(data.seo, { lang: root.lang, origin: root.origin, shopName: root.settings.sellerName });
}
