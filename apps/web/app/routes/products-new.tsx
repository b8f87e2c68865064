import type { Route } from './+types/products-new';
import { ListingLayout } from '../features/catalog/components/listing-layout.tsx';
import { ProductGrid } from '../features/catalog/components/product-grid.tsx';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { sameForEveryShopper } from '../lib/shared-page.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(request);
  const [t, products] = await Promise.all([serverT(lang), context.storeData(lang).newProducts()]);
  return {
    seo: {
      title: t('catalog:products.newTitle'),
      description: t('catalog:products.newDescription'),
      path: '/products/new',
    },
    products,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** The same page for every shopper but its header's corners. */
export const handle = sameForEveryShopper;

export default function NewProducts({ loaderData }: Route.ComponentProps) {
  return (
    <ListingLayout title={loaderData.seo.title}>
      <ProductGrid products={loaderData.products} headingLevel={2} />
    </ListingLayout>
  );
}
