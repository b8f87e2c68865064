import { infoTypes } from '@shop/contract/constants';
import { data } from 'react-router';
import type { Route } from './+types/info';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';

const pages = {
  [infoTypes.terms]: 'terms',
  [infoTypes.policy]: 'policy',
  [infoTypes.about]: 'about',
} as const;

/** /info/{name}/{type}: the type decides the page, 3 about us, 2 the refund policy, else the terms. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!/^[0-9]{1,3}$/.test(params.type)) throw data(null, { status: 404 });
  const type = Number(params.type);
  const name = type === infoTypes.about ? 'about' : type === infoTypes.policy ? 'policy' : 'terms';
  const lang = requestLang(request);
  const [t, text] = await Promise.all([
    serverT(lang),
    context.storeData(lang).infoPage(name === 'policy' ? 'refund' : name),
  ]);
  const title = t(`catalog:info.${name}`);
  const canonicalType = Object.entries(pages).find(([, n]) => n === name)?.[0] ?? '1';
  return {
    seo: {
      title,
      description: text.replace(/\s+/g, ' ').slice(0, 155),
      path: `/info/${name}/${canonicalType}`,
    },
    title,
    // Shown as text, never as HTML (docs/requirements/security.md): blank lines separate paragraphs.
    paragraphs: text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">{loaderData.title}</h1>
      <div className="flex flex-col gap-4 leading-loose text-ink/90">
        {loaderData.paragraphs.map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
    </article>
  );
}
