import { languages, MAX_PAGE_SIZE } from '@shop/contract';
import type { Route } from './+types/sitemap-xml';
import { localizePath } from '../lib/lang.ts';
import { absoluteUrl } from '../lib/seo.ts';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Every indexable page in both languages, each with its hreflang alternates. */
export async function loader({ context }: Route.LoaderArgs) {
  const store = context.storeData('ar');
  const [categories, companies] = await Promise.all([store.categories(), store.companies()]);
  const productIds: number[] = [];
  for (let page = 1; ; page++) {
    const answer = await store.productsPage({ pageSize: MAX_PAGE_SIZE, page });
    productIds.push(...(answer?.products ?? []).map((p) => p.productId));
    if (!answer || page >= answer.pagging.pageCount) break;
  }
  const paths = [
    '/',
    '/products',
    '/products/new',
    '/allcategory',
    '/agents',
    '/info/terms/1',
    '/info/policy/2',
    '/info/about/3',
    '/info/privacy/4',
    ...categories.map((c) => `/products/category/${c.categoryId}`),
    ...companies.map((c) => `/products/company/${c.companyId}`),
    ...productIds.map((id) => `/product/${id}`),
  ];
  const origin = context.publicOrigin;
  const urls = paths.flatMap((path) =>
    languages.map((lang) => {
      const alternates = languages
        .map(
          (alt) =>
            `<xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(absoluteUrl(origin, localizePath(path, alt)))}"/>`,
        )
        .join('');
      return `<url><loc>${escapeXml(absoluteUrl(origin, localizePath(path, lang)))}</loc>${alternates}</url>`;
    }),
  );
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n';
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
