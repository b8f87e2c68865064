import { reviewSorts } from '@shop/contract';
import { data, redirect } from 'react-router';
import { useTranslation } from '../lib/use-translation.ts';
import type { Route } from './+types/product';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { AddToCartButton } from '../features/catalog/components/add-to-cart-button.tsx';
import { AgentGrid } from '../features/catalog/components/agent-card.tsx';
import { DiscountBadge, PriceTag } from '../features/catalog/components/price-tag.tsx';
import { PayLaterLine } from '../features/checkout/components/pay-later-offer.tsx';
import { effectivePrice } from '../features/catalog/pricing.ts';
import { CompareButton } from '../features/catalog/components/compare-button.tsx';
import { ProductGallery } from '../features/catalog/components/product-gallery.tsx';
import { SpecTable } from '../features/catalog/components/spec-table.tsx';
import {
  ProductReviewsSection,
  REVIEW_PAGE_PARAM,
  REVIEW_SORT_PARAM,
} from '../features/catalog/components/product-reviews.tsx';
import { ProductGrid } from '../features/catalog/components/product-grid.tsx';
import { Section } from '../features/catalog/components/section.tsx';
import { parseId } from '../features/catalog/listing.server.ts';
import { productJsonLd } from '../features/catalog/product-json-ld.ts';
import { VariantPicker } from '../features/catalog/components/variant-picker.tsx';
import { variantBySku, variantForValues, VARIANT_PARAM } from '../features/catalog/variants.ts';
import { PageNotice, type Notice } from '../components/ui/page-notice.tsx';
import { WishHeart } from '../features/wishlist/components/wish-heart.tsx';
import {
  ADD_TO_CART_INTENT,
  NOTIFY_WHEN_BACK_INTENT,
} from '../features/catalog/components/add-to-cart-button.tsx';
import { serverT } from '../lib/i18n.server.ts';
import { noticeCookie, takeNotice } from '../lib/notice.server.ts';
import { isDocumentRequest } from '../lib/form-action.server.ts';
import { staticPage } from '../lib/static-page.ts';
import { sameForEveryShopper } from '../lib/shared-page.ts';
import { loginPathFor } from '../features/auth/redirect-target.ts';
import { localizePath } from '../lib/lang.ts';
import { useLang } from '../lib/use-lang.ts';
import { useShopper } from '../lib/shopper.ts';
import { ShopperSlot } from '../features/shell/components/shopper-slot.tsx';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { absoluteUrl } from '../lib/seo.ts';

/** Opened from outside the shop (a search result, a shared link), the page is not hydrated. */
export const handle = { ...staticPage, ...sameForEveryShopper };

/**
 * Add to cart, or "tell me when it is back" for a sold-out variant (AddToCartButton), through
 * the load context: a visitor is told to log in first and nothing changes. The hydrated page gets the answer as data (a toast; the badge is read
 * again as after any action); a document post comes back to the page with the answer as its
 * notice.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = parseId(params.id);
  const lang = requestLang(request);
  const form = await request.formData().catch(() => undefined);
  const intent = form?.get('intent');
  if (!form || (intent !== ADD_TO_CART_INTENT && intent !== NOTIFY_WHEN_BACK_INTENT))
    throw data(null, { status: 400 });
  const field = form.get(VARIANT_PARAM);
  const sku = typeof field === 'string' && field !== '' ? field : undefined;
  const store = context.storeData(lang);
  const choice = sku === undefined ? {} : { sku };
  const [t, result] = await Promise.all([
    serverT(lang),
    intent === ADD_TO_CART_INTENT ? store.addToCart(id, choice) : store.askWhenInStock(id, choice),
  ]);
  let notice: Notice;
  if (result.ok) notice = { kind: 'success', text: result.value.message };
  else if (result.status === 401) notice = { kind: 'warning', text: t('loginFirst') };
  else notice = { kind: 'error', text: result.error.message };
  if (!isDocumentRequest(request)) {
    return notice.kind === 'success'
      ? { done: notice.text }
      : { error: { message: notice.text, refused: notice.kind === 'warning' } };
  }
  const back =
    localizePath(`/product/${id}`, lang) +
    (sku === undefined ? '' : `?${VARIANT_PARAM}=${encodeURIComponent(sku)}`);
  return redirect(back, { headers: { 'Set-Cookie': noticeCookie(notice) } });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const lang = requestLang(request);
  const store = context.storeData(lang);
  const url = new URL(request.url);
  // The reviews' order and page of the address; one the shop cannot read is the first page, newest first.
  const sort = reviewSorts.find((s) => s === url.searchParams.get(REVIEW_SORT_PARAM));
  const reviewsPage = url.searchParams.get(REVIEW_PAGE_PARAM) ?? '';
  const [product, related, agents, reviews] = await Promise.all([
    store.product(id),
    store.relatedProducts(id),
    store.agents(),
    store.productReviews(id, {
      sort,
      page: /^[1-9][0-9]{0,4}$/.test(reviewsPage) ? reviewsPage : undefined,
    }),
  ]);
  if (!product) throw data(null, { status: 404 });
  const path = `/product/${product.productId}`;
  // The picker's form sent without JavaScript: on to the address of the variant it leads to.
  const picked = variantForValues(product, url.searchParams);
  if (picked)
    throw redirect(`${localizePath(path, lang)}?${VARIANT_PARAM}=${encodeURIComponent(picked.sku)}`);
  const named = variantBySku(product, url.searchParams.get(VARIANT_PARAM));
  const chosen = named ?? product.variants[0]!;
  const images = [
    chosen.image,
    product.productImage,
    ...product.productImages.map((i) => i.productImage),
  ].filter((src, index, all): src is string => !!src && all.indexOf(src) === index);
  const pending = takeNotice(request);
  const page = {
    notice: pending.notice,
    seo: {
      title: product.productName,
      description: product.productDescripition.replace(/\s+/g, ' ').slice(0, 155),
      path,
      image: images[0]!,
      type: 'product' as const,
      jsonLd: productJsonLd(product, {
        url: absoluteUrl(context.publicOrigin, localizePath(path, lang)),
        images: images.map((src) => absoluteUrl(context.publicOrigin, src)),
        imageOf: (src) => absoluteUrl(context.publicOrigin, src),
        reviews,
      }),
    },
    product,
    chosen,
    images,
    related: related.slice(0, 8),
    agents: agents.slice(0, 4),
    reviews,
    search: url.search,
  };
  return data(page, { headers: pending.headers });
}

/** Passes the loader's Set-Cookie (the notice, shown once) to the page's response. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation();
  const shopper = useShopper();
  const { lang } = useLang();
  const { product, chosen, images, related, agents, notice, reviews, search } = loaderData;
  const soldOut = chosen.stock === 0;
  const byOptions = product.options.length > 0;
  const price = {
    productPrice: chosen.price,
    productPriceAfterOffer: chosen.priceAfterOffer,
    promotion: chosen.promotion,
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      {notice && <PageNotice notice={notice} />}
      <nav aria-label={tc('nav.breadcrumb')} className="mb-6 text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <ShopLink to="/" className="hover:text-ink hover:underline">
              {tc('nav.home')}
            </ShopLink>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <ShopLink
              to={`/products/category/${product.categoryId}`}
              className="hover:text-ink hover:underline"
            >
              {product.categoryName}
            </ShopLink>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate text-ink">
            {product.productName}
          </li>
        </ol>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery name={product.productName} images={images} />
        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <ShopLink
              to={`/products/company/${product.companyId}`}
              className="w-fit text-sm font-semibold text-primary hover:underline"
            >
              {product.companyName}
            </ShopLink>
            <div className="flex items-start justify-between gap-3">
              <h1 className="text-2xl leading-snug font-bold sm:text-3xl">{product.productName}</h1>
              <WishHeart
                productId={product.productId}
                name={product.productName}
                {...(byOptions && { sku: chosen.sku })}
                className="relative shrink-0"
              />
            </div>
            <p
              className={`w-fit rounded-full px-3 py-1 text-sm font-semibold ${soldOut ? 'bg-red-50 text-sale' : 'bg-emerald-50 text-emerald-800'}`}
            >
              {soldOut ? t('product.outOfStock') : t('product.inStock')}
            </p>
          </div>
          <div className="flex flex-col gap-1 rounded-2xl bg-surface p-5">
            <div className="flex flex-wrap items-center gap-3">
              <PriceTag product={price} size="lg" />
              <DiscountBadge product={price} />
            </div>
            <p className="text-xs text-muted">{t('product.vatIncluded')}</p>
            <PayLaterLine totalSar={effectivePrice(price)} />
          </div>
          {byOptions && <VariantPicker product={product} chosen={chosen} />}
          <div className="flex flex-col gap-2">
            <AddToCartButton
              productId={product.productId}
              {...(byOptions && { sku: chosen.sku })}
              soldOut={soldOut}
            />
            <CompareButton
              productId={product.productId}
              name={product.productName}
              className="h-11 px-5 text-sm"
            />
            <ShopperSlot name="login-hint">
              {!shopper && (
                <p className="text-sm text-muted">
                  <ShopLink
                    to={loginPathFor(localizePath(`/product/${product.productId}`, lang), lang)}
                    className="font-semibold text-primary hover:underline"
                  >
                    {tc('visitorPrompt')}
                  </ShopLink>
                </p>
              )}
            </ShopperSlot>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 border-y border-line py-4 text-sm">
            <dt className="text-muted">{t('product.sku')}</dt>
            <dd>
              <bdi className="font-mono">{chosen.sku}</bdi>
            </dd>
            <dt className="text-muted">{t('product.category')}</dt>
            <dd>
              <ShopLink
                to={`/products/category/${product.categoryId}`}
                className="font-semibold hover:underline"
              >
                {product.categoryName}
              </ShopLink>
            </dd>
            <dt className="text-muted">{t('product.brand')}</dt>
            <dd>
              <ShopLink
                to={`/products/company/${product.companyId}`}
                className="font-semibold hover:underline"
              >
                {product.companyName}
              </ShopLink>
            </dd>
          </dl>
          <section aria-labelledby="description-title">
            <h2 id="description-title" className="mb-2 text-lg font-bold">
              {t('product.description')}
            </h2>
            {/* Plain text, never HTML (docs/requirements/security.md). */}
            <p className="leading-loose whitespace-pre-line text-ink/90">{product.productDescripition}</p>
          </section>
          <SpecTable specs={product.productSpecs} />
        </div>
      </div>
      {reviews && <ProductReviewsSection reviews={reviews} search={search} />}
      {related.length > 0 && (
        <Section id="you-may-like" title={t('product.youMayLike')}>
          <ProductGrid products={related} eagerCount={0} />
        </Section>
      )}
      {agents.length > 0 && (
        <Section id="agents" title={t('home.agents')} more={{ to: '/agents', label: t('home.viewAll') }}>
          <AgentGrid agents={agents} />
        </Section>
      )}
    </div>
  );
}
