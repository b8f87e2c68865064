import { useTranslation } from '../lib/use-translation.ts';
import type { Route } from './+types/home';
import { AgentGrid } from '../features/catalog/components/agent-card.tsx';
import { BenefitsStrip } from '../features/catalog/components/benefits-strip.tsx';
import { HomeSlider } from '../features/catalog/components/home-slider.tsx';
import { MediaGrid } from '../features/catalog/components/media-card.tsx';
import { OfferCards } from '../features/catalog/components/offer-cards.tsx';
import { ProductGrid } from '../features/catalog/components/product-grid.tsx';
import { Section } from '../features/catalog/components/section.tsx';
import { ShortcutsBar } from '../features/catalog/components/shortcuts-bar.tsx';
import { homeSections } from '../features/catalog/home-sections.ts';
import { serverT } from '../lib/i18n.server.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { requestLang } from '../lib/route-lang.ts';
import { staticPage } from '../lib/static-page.ts';
import { sameForEveryShopper } from '../lib/shared-page.ts';

/**
 * Opened from outside the shop (the address typed, a search result), the home page is not
 * hydrated: HTML, CSS and its own small script (decision 054).
 */
export const handle = { ...staticPage, ...sameForEveryShopper };

/** Home lists and dropdowns are capped at 10 (docs/requirements/rules.md, Limits and constants). */
const HOME_LIMIT = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(request);
  const store = context.storeData(lang);
  const [t, settings, sliders, featured, newest, offers, categories, companies, agents] = await Promise.all([
    serverT(lang),
    store.settings(),
    store.sliders(),
    store.featuredProducts(),
    store.newProducts(),
    store.offerProducts(),
    store.categories(),
    store.companies(),
    store.agents(),
  ]);
  return {
    seo: {
      title: settings.sellerName,
      description: t('meta.description'),
      path: '/',
    },
    sliders,
    featured: featured.slice(0, HOME_LIMIT),
    newest: newest.slice(0, HOME_LIMIT),
    offers,
    categories: categories.slice(0, HOME_LIMIT),
    companies: companies.slice(0, HOME_LIMIT),
    agents,
    benefits: { deliveryDays: settings.deliveryDays, returnHours: settings.returnHours },
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog');
  const { featured, newest, offers, categories, companies, agents } = loaderData;
  // New products only when featured products exist (docs/requirements/screens.md, Home).
  const showNew = featured.length > 0 && newest.length > 0;
  return (
    <div className="mx-auto max-w-7xl px-4">
      <h1 className="sr-only">{loaderData.seo.title}</h1>
      <div className="py-4">
        <ShortcutsBar categories={categories} companies={companies} hasNew={showNew} />
      </div>
      <HomeSlider sliders={loaderData.sliders} />
      <BenefitsStrip settings={loaderData.benefits} />
      {featured.length > 0 && (
        <Section
          id={homeSections.featured}
          title={t('home.featured')}
          more={{ to: '/products', label: t('home.viewAll') }}
        >
          <ProductGrid products={featured} eagerCount={0} wide />
        </Section>
      )}
      <Section id={homeSections.brands} title={t('home.topBrands')}>
        <MediaGrid
          items={companies.map((c) => ({
            key: c.companyId,
            to: `/products/company/${c.companyId}`,
            name: c.companyName,
            image: c.companyImage,
          }))}
        />
      </Section>
      <Section
        id={homeSections.categories}
        title={t('home.categories')}
        more={{ to: '/allcategory', label: t('home.viewAll') }}
      >
        <MediaGrid
          items={categories.map((c) => ({
            key: c.categoryId,
            to: `/products/category/${c.categoryId}`,
            name: c.categoryName,
            image: c.categoryImage,
          }))}
        />
      </Section>
      {showNew && (
        <Section
          id={homeSections.newProducts}
          title={t('home.newProducts')}
          more={{ to: '/products/new', label: t('home.viewAll') }}
        >
          <ProductGrid products={newest} eagerCount={0} wide />
        </Section>
      )}
      {offers.length > 0 && (
        <Section id={homeSections.offers} title={t('home.bestOffers')}>
          <OfferCards products={offers} />
        </Section>
      )}
      {agents.length > 0 && (
        <Section
          id={homeSections.agents}
          title={t('home.agents')}
          more={{ to: '/agents', label: t('home.viewAll') }}
        >
          <AgentGrid agents={agents.slice(0, 8)} />
        </Section>
      )}
    </div>
  );
}
