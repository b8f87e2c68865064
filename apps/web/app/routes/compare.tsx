import { MAX_COMPARE_PRODUCTS, parseCompareIds, type Comparison } from '@shop/contract';
import { data, redirect } from 'react-router';
import type { Route } from './+types/compare';
import { ShopLink } from '../components/ui/shop-link.tsx';
import type { Notice } from '../components/ui/page-notice.tsx';
import { SpecValue } from '../features/catalog/components/spec-table.tsx';
import { PriceTag } from '../features/catalog/components/price-tag.tsx';
import { ProductImage } from '../features/catalog/components/product-image.tsx';
import { serverT } from '../lib/i18n.server.ts';
import { localizePath, readCookie } from '../lib/lang.ts';
import { noticeCookie, takeNotice } from '../lib/notice.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useTranslation } from '../lib/use-translation.ts';

/*
 * Products of one category side by side (decision 196). The list lives in the address
 * (`/compare?ids=1,2,3`), so a comparison can be shared; a cookie remembers the last list so
 * that "Compare" on another product (`/compare?add=4`, a GET form) adds to it without
 * JavaScript. A fifth product, or one of another category, is refused with a message and the
 * list stays as it was.
 */

const COMPARE_COOKIE = 'shop_compare';
const idsCookie = (ids: number[]) =>
  `${COMPARE_COOKIE}=${ids.join('.')}; Path=/; Max-Age=${30 * 24 * 3600}; HttpOnly; SameSite=Lax`;
const cookieIds = (request: Request) =>
  parseCompareIds(readCookie(request.headers.get('cookie'), COMPARE_COOKIE)?.replace(/\./g, ','));

const pathOf = (ids: number[]) => `/compare${ids.length ? `?ids=${ids.join(',')}` : ''}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(request);
  const url = new URL(request.url);
  const store = context.storeData(lang);
  const t = await serverT(lang);
  const asked = url.searchParams.get('ids');
  const add = parseCompareIds(url.searchParams.get('add'))[0];

  if (add !== undefined || (asked === null && url.searchParams.get('clear') === null)) {
    // Adding to (or reopening) the list the cookie remembers: answer with its address.
    const base = asked === null ? cookieIds(request) : parseCompareIds(asked);
    let ids = base;
    let notice: Notice | undefined;
    if (add !== undefined && !base.includes(add)) {
      const [current, withNew] = await Promise.all([store.compare(base), store.compare([add])]);
      const product = withNew.products[0];
      const shown = current.products.map((p) => p.productId);
      if (!product) notice = { kind: 'warning', text: t('catalog:compare.notFound') };
      else if (current.categoryId !== null && product.categoryId !== current.categoryId)
        notice = {
          kind: 'warning',
          text: t('catalog:compare.otherCategory', {
            name: product.productName,
            category: product.categoryName,
          }),
        };
      else if (shown.length >= MAX_COMPARE_PRODUCTS)
        notice = { kind: 'warning', text: t('catalog:compare.full', { name: product.productName }) };
      else {
        ids = [...shown, add];
        notice = { kind: 'success', text: t('catalog:compare.added', { name: product.productName }) };
      }
      if (notice?.kind !== 'success') ids = shown;
    }
    if (ids.length > 0 || add !== undefined) {
      const headers = new Headers({ 'Set-Cookie': idsCookie(ids) });
      if (notice) headers.append('Set-Cookie', noticeCookie(notice));
      return redirect(localizePath(pathOf(ids), lang), { headers });
    }
  }

  const ids = parseCompareIds(asked);
  const comparison: Comparison = await store.compare(ids);
  const shown = comparison.products.map((p) => p.productId);
  const pending = takeNotice(request);
  const headers = new Headers(pending.headers);
  headers.append('Set-Cookie', idsCookie(shown));
  const title = comparison.categoryName
    ? t('catalog:compare.categoryHeading', { category: comparison.categoryName })
    : t('catalog:compare.title');
  return data(
    {
      seo: {
        title,
        description: t('catalog:compare.description'),
        path: pathOf(shown),
        // Every list of products is a page of its own: none belongs in a search index.
        noindex: true,
      },
      title,
      comparison,
      notice: pending.notice,
    },
    { headers },
  );
}

/** Passes the loader's Set-Cookie (the list, the notice) to the page's response. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => pageMeta(args);

const noticeTone: Record<Notice['kind'], string> = {
  success: 'border-emerald-600 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-500 bg-amber-50 text-amber-950',
  error: 'border-sale bg-red-50 text-sale',
};

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog');
  const { comparison, notice, title } = loaderData;
  const { products, specs } = comparison;
  const ids = products.map((p) => p.productId);
  const differs = (values: (string | null)[]) => new Set(values).size > 1;
  const rowHead =
    'sticky start-0 z-10 bg-white px-3 py-3 text-start align-top text-sm font-medium text-muted';
  const cell = (highlight: boolean) =>
    `min-w-40 px-3 py-3 align-top text-sm sm:min-w-52 ${highlight ? 'bg-amber-50' : ''}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{title}</h1>
      {notice && (
        <p
          role="status"
          className={`mb-4 rounded-xl border-s-4 px-4 py-3 text-sm ${noticeTone[notice.kind]}`}
        >
          {notice.text}
        </p>
      )}
      {comparison.leftOut.length > 0 && products.length > 0 && (
        <p role="status" className={`mb-4 rounded-xl border-s-4 px-4 py-3 text-sm ${noticeTone.warning}`}>
          {t('compare.leftOut', { count: comparison.leftOut.length })}
        </p>
      )}
      {products.length === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-surface p-6">
          <p>{t('compare.empty')}</p>
          <ShopLink to="/products" className="font-semibold text-primary hover:underline">
            {t('compare.browse')}
          </ShopLink>
        </div>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted">
            {specs.some((s) => differs(s.values)) && products.length > 1
              ? `${t('compare.differences')} `
              : ''}
            <span className="sm:hidden">{t('compare.scrollHint')}</span>
          </p>
          <div
            className="overflow-x-auto rounded-2xl border border-line bg-white"
            tabIndex={0}
            role="region"
            aria-label={title}
          >
            <table className="w-full border-collapse">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-line">
                  <td className={`${rowHead} w-28 sm:w-44`}>
                    <span className="sr-only">{t('compare.product')}</span>
                  </td>
                  {products.map((p) => (
                    <th
                      key={p.productId}
                      scope="col"
                      className="min-w-40 px-3 py-3 text-start align-top sm:min-w-52"
                    >
                      <div className="flex flex-col gap-2">
                        <ProductImage
                          src={p.productImage}
                          alt=""
                          width={160}
                          height={160}
                          className="size-28 rounded-xl bg-surface object-contain p-2 sm:size-36"
                        />
                        <ShopLink
                          to={`/product/${p.productId}`}
                          className="text-sm leading-5 font-semibold hover:underline"
                        >
                          {p.productName}
                        </ShopLink>
                        <ShopLink
                          // `?ids=` even when none is left: an empty list, not the remembered one.
                          to={`/compare?ids=${ids.filter((id) => id !== p.productId).join(',')}`}
                          aria-label={t('compare.removeLabel', { name: p.productName })}
                          className="w-fit text-xs font-semibold text-sale hover:underline"
                        >
                          {t('compare.remove')}
                        </ShopLink>
                      </div>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr className="border-b border-line">
                  <th scope="row" className={rowHead}>
                    {t('compare.price')}
                  </th>
                  {products.map((p) => (
                    <td key={p.productId} className={cell(false)}>
                      <PriceTag product={p} />
                    </td>
                  ))}
                </tr>
                <tr className="border-b border-line">
                  <th scope="row" className={rowHead}>
                    {t('compare.brand')}
                  </th>
                  {products.map((p) => (
                    <td key={p.productId} className={cell(false)}>
                      {p.companyName}
                    </td>
                  ))}
                </tr>
                <tr className="border-b border-line">
                  <th scope="row" className={rowHead}>
                    {t('compare.availability')}
                  </th>
                  {products.map((p) => (
                    <td key={p.productId} className={cell(false)}>
                      {p.productStock === 0 ? t('product.outOfStock') : t('product.inStock')}
                    </td>
                  ))}
                </tr>
                {specs.map((spec) => {
                  const highlight = products.length > 1 && differs(spec.values);
                  return (
                    <tr
                      key={spec.specId}
                      className="border-b border-line last:border-b-0"
                      data-differs={highlight || undefined}
                    >
                      <th scope="row" className={rowHead}>
                        {spec.specName}
                        {highlight && <span className="sr-only"> ({t('compare.differs')})</span>}
                      </th>
                      {spec.values.map((value, i) => (
                        <td key={products[i]!.productId} className={cell(highlight)}>
                          {value === null ? (
                            <span aria-label={t('compare.none')}>{t('compare.none')}</span>
                          ) : (
                            <SpecValue value={value} unit={spec.specUnit} />
                          )}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-4 text-sm">
            {comparison.categoryId !== null && products.length < MAX_COMPARE_PRODUCTS && (
              <ShopLink
                to={`/products/category/${comparison.categoryId}`}
                className="font-semibold text-primary hover:underline"
              >
                {t('compare.addMore')}
              </ShopLink>
            )}
            <ShopLink to="/compare?clear=1" className="font-semibold text-sale hover:underline">
              {t('compare.clear')}
            </ShopLink>
            <span className="text-muted">{t('compare.share')}</span>
          </div>
        </>
      )}
    </div>
  );
}
