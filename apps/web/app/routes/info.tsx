import { infoTypes } from '@shop/contract/constants';
import { data } from 'react-router';
import type { Route } from './+types/info';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { sameForEveryShopper } from '../lib/shared-page.ts';

const pages = {
  [infoTypes.terms]: 'terms',
  [infoTypes.policy]: 'policy',
  [infoTypes.about]: 'about',
  [infoTypes.privacy]: 'privacy',
} as const;

type PageName = (typeof pages)[keyof typeof pages];

/**
 * /info/{name}/{type}: the type decides the page, 4 the privacy policy, 3 about us, 2 the refund
 * policy, else the terms.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!/^[0-9]{1,3}$/.test(params.type)) throw data(null, { status: 404 });
  const type = Number(params.type);
  const name: PageName = (pages as Record<number, PageName>)[type] ?? 'terms';
  const lang = requestLang(request);
  const [t, page] = await Promise.all([
    serverT(lang),
    context.storeData(lang).infoPage(name === 'policy' ? 'refund' : name),
  ]);
  const title = t(`catalog:info.${name}`);
  const canonicalType = Object.entries(pages).find(([, n]) => n === name)?.[0] ?? '1';
  return {
    seo: {
      title,
      description: page.markdown
        .replace(/[#*_>`[\]()-]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 155),
      path: `/info/${name}/${canonicalType}`,
    },
    title,
    // Markdown rendered and sanitized by the API (docs/requirements/security.md): no script,
    // event attribute or `javascript:` link reaches the page.
    html: page.html,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** The same page for every shopper but its header's corners. */
export const handle = sameForEveryShopper;

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">{loaderData.title}</h1>
      <div
        className="info-text leading-loose text-ink/90"
        dangerouslySetInnerHTML={{ __html: loaderData.html }}
      />
    </article>
  );
}
