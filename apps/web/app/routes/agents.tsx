import type { Route } from './+types/agents';
import { AgentGrid } from '../features/catalog/components/agent-card.tsx';
import { ListingLayout } from '../features/catalog/components/listing-layout.tsx';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { sameForEveryShopper } from '../lib/shared-page.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(request);
  const [t, agents] = await Promise.all([serverT(lang), context.storeData(lang).agents()]);
  return {
    seo: { title: t('catalog:agents.title'), description: t('catalog:agents.description'), path: '/agents' },
    agents,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** The same page for every shopper but its header's corners. */
export const handle = sameForEveryShopper;

export default function Agents({ loaderData }: Route.ComponentProps) {
  return (
    <ListingLayout title={loaderData.seo.title}>
      <AgentGrid agents={loaderData.agents} />
    </ListingLayout>
  );
}
