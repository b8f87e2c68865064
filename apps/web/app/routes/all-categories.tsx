import type { Route } from './+types/all-categories';
import { ListingLayout } from '../features/catalog/components/listing-layout.tsx';
import { MediaGrid } from '../features/catalog/components/media-card.tsx';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { sameForEveryShopper } from '../lib/shared-page.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(request);
  const [t, categories] = await Promise.all([serverT(lang), context.storeData(lang).categories()]);
  return {
    seo: {
      title: t('catalog:categories.title'),
      description: t('catalog:categories.description'),
      path: '/allcategory',
    },
    categories,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** The same page for every shopper but its header's corners. */
export const handle = sameForEveryShopper;

export default function AllCategories({ loaderData }: Route.ComponentProps) {
  return (
    <ListingLayout title={loaderData.seo.title}>
      <MediaGrid
        items={loaderData.categories.map((c) => ({
          key: c.categoryId,
          to: `/products/category/${c.categoryId}`,
          name: c.categoryName,
          image: c.categoryImage,
        }))}
      />
    </ListingLayout>
  );
}
