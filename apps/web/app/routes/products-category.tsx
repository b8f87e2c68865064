import type { Route } from './+types/products-category';
import { FacetListing } from '../features/catalog/components/facet-listing.tsx';
import { loadFacetListing } from '../features/catalog/listing.server.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { sameForEveryShopper } from '../lib/shared-page.ts';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadFacetListing('category', params.categoryId, request, context);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** The same page for every shopper but its header's corners. */
export const handle = sameForEveryShopper;

export default function CategoryProducts({ loaderData }: Route.ComponentProps) {
  return <FacetListing {...loaderData} />;
}
