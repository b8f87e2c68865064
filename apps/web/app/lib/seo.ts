import type { MetaDescriptor } from 'react-router';
import { languages, type Lang } from '@shop/contract/constants';
import { localizePath } from './lang.ts';

export interface PageSeo {
  title: string;
  description: string;
  /** The page path without the language prefix, with any search that names the content. */
  path: string;
  /** An image path or absolute URL for Open Graph. */
  image?: string;
  type?: 'website' | 'product';
  /** Structured data (Product JSON-LD). */
  jsonLd?: Record<string, unknown>;
  /** Pages that must not be indexed (search results, not-found). */
  noindex?: boolean;
}

export interface SiteSeo {
  lang: Lang;
  origin: string;
  shopName: string;
}

const ogLocales: Record<Lang, string> = { ar: 'ar_SA', en: 'en_SA' };

export function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Title, description, canonical, hreflang alternates, Open Graph and JSON-LD of one page. */
export function seoMeta(page: PageSeo, site: SiteSeo): MetaDescriptor[] {
  const url = absoluteUrl(site.origin, localizePath(page.path, site.lang));
  const title = page.title === site.shopName ? page.title : `${page.title} | ${site.shopName}`;
  const meta: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...languages.map((lang) => ({
      tagName: 'link' as const,
      rel: 'alternate',
      hrefLang: lang,
      href: absoluteUrl(site.origin, localizePath(page.path, lang)),
    })),
    {
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: absoluteUrl(site.origin, localizePath(page.path, 'ar')),
    },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: site.shopName },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: ogLocales[site.lang] },
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
  ];
  if (page.image) meta.push({ property: 'og:image', content: absoluteUrl(site.origin, page.image) });
  if (page.noindex) meta.push({ name: 'robots', content: 'noindex, follow' });
  if (page.jsonLd) meta.push({ 'script:ld+json': page.jsonLd });
  return meta;
}
