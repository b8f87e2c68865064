import type { FacetGroup, Facets } from '@shop/contract';
import type { ReactNode } from 'react';
import { Form, Link, useLocation, useSubmit } from 'react-router';
import { formatNumber } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { listingSearch, type ListingParams } from '../listing-params.ts';

/**
 * The listing's filters (docs/requirements/screens.md, Product lists): in stock only, then each
 * facet group (maker, options, specifications) as checkboxes with their product counts. A GET
 * form: without JavaScript, or before the page is hydrated, the shopper ticks boxes and presses
 * "Show results"; in the hydrated shop a tick applies at once. The search text and price range
 * ride along as hidden fields. On narrow screens the panel folds into "Filters"; from the lg
 * breakpoint it stays open beside the products (app.css, .filter-panel).
 */
export function FilterPanel({ facets, params }: { facets: Facets; params: ListingParams }) {
  const { t } = useTranslation('catalog');
  const { lang } = useLang();
  const { pathname, search } = useLocation();
  const submit = useSubmit();
  const chosen = params.facet.length + (params.inStock ? 1 : 0);
  const count = (n: number) => (
    <span className="text-xs text-muted tabular-nums">({formatNumber(n, lang)})</span>
  );
  return (
    <details className="filter-panel rounded-2xl border border-line bg-white lg:border-0 lg:bg-transparent">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between px-4 font-semibold">
        <span>
          {t('facets.title')}
          {chosen > 0 && (
            <span className="ms-2 rounded-full bg-primary px-2 py-0.5 text-xs text-white">
              {formatNumber(chosen, lang)}
            </span>
          )}
        </span>
      </summary>
      {/* Remounted with each address, so its boxes show the choices the page was loaded with. */}
      <Form
        key={search}
        method="get"
        action={pathname}
        preventScrollReset
        className="flex flex-col gap-5 p-4 lg:p-0"
        onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true })}
      >
        {params.q && <input type="hidden" name="q" value={params.q} />}
        {params.startprice !== undefined && (
          <input type="hidden" name="startprice" value={params.startprice} />
        )}
        {params.finishprice !== undefined && (
          <input type="hidden" name="finishprice" value={params.finishprice} />
        )}
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
          <input
            type="checkbox"
            name="instock"
            value="1"
            defaultChecked={facets.inStock.selected}
            className="size-5 accent-primary"
          />
          <span>{t('facets.inStock')}</span>
          {count(facets.inStock.count)}
        </label>
        {facets.groups.map((group) => (
          <FacetFieldset key={group.group} group={group} count={count} />
        ))}
        <button
          type="submit"
          className="h-11 self-start rounded-full bg-primary px-6 text-sm font-semibold text-white hover:bg-primary/90"
        >
          {t('facets.apply')}
        </button>
      </Form>
    </details>
  );
}

function FacetFieldset({ group, count }: { group: FacetGroup; count: (n: number) => ReactNode }) {
  const { t } = useTranslation('catalog');
  return (
    <fieldset className="flex flex-col gap-1 border-t border-line pt-4">
      <legend className="float-start mb-2 w-full text-sm font-semibold">
        {group.kind === 'brand' ? t('filter.brand') : group.name}
      </legend>
      <div className="flex max-h-72 flex-col gap-1 overflow-y-auto">
        {group.values.map((value) => (
          <label
            key={value.key}
            className={`flex min-h-10 cursor-pointer items-center gap-3 text-sm ${
              value.count === 0 && !value.selected ? 'text-muted' : ''
            }`}
          >
            <input
              type="checkbox"
              name="facet"
              value={value.key}
              defaultChecked={value.selected}
              disabled={value.count === 0 && !value.selected}
              className="size-5 shrink-0 accent-primary"
            />
            {value.swatch && (
              <span
                aria-hidden="true"
                className="size-4 shrink-0 rounded-full border border-line"
                style={{ backgroundColor: value.swatch }}
              />
            )}
            <span className="min-w-0 break-words">{value.name}</span>
            {count(value.count)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The chosen filters above the products (price range, in stock, facet values), each a link that
 * removes it, and one that removes them all (the search text stays): what narrows the list is
 * visible and undone in one step, with or without JavaScript.
 */
export function ChosenFilters({ facets, params }: { facets: Facets; params: ListingParams }) {
  const { t } = useTranslation('catalog');
  const { pathname } = useLocation();
  const { lang } = useLang();
  const names = new Map(facets.groups.flatMap((g) => g.values.map((v) => [v.key, v.name] as const)));
  const without = (change: Partial<ListingParams>) =>
    `${pathname}${listingSearch({ ...params, page: 1, ...change })}`;
  const priced = params.startprice !== undefined || params.finishprice !== undefined;
  if (params.facet.length === 0 && !params.inStock && !priced) return null;
  const chip =
    'inline-flex min-h-9 items-center gap-2 rounded-full border border-line bg-white px-3 text-sm hover:border-ink/40';
  return (
    <ul className="mb-4 flex flex-wrap items-center gap-2" aria-label={t('facets.chosen')}>
      {priced && (
        <li>
          <Link
            to={without({ startprice: undefined, finishprice: undefined })}
            preventScrollReset
            className={chip}
          >
            {t('filter.price')}:{' '}
            {t('filter.active', {
              min: formatNumber(params.startprice ?? facets.price?.min ?? 0, lang),
              max: formatNumber(params.finishprice ?? facets.price?.max ?? 0, lang),
            })}
            <span aria-label={t('facets.remove')}>×</span>
          </Link>
        </li>
      )}
      {params.inStock && (
        <li>
          <Link to={without({ inStock: false })} preventScrollReset className={chip}>
            {t('facets.inStock')}
            <span aria-label={t('facets.remove')}>×</span>
          </Link>
        </li>
      )}
      {params.facet.map((key) => (
        <li key={key}>
          <Link
            to={without({ facet: params.facet.filter((k) => k !== key) })}
            preventScrollReset
            className={chip}
          >
            {names.get(key) ?? key}
            <span aria-label={t('facets.remove')}>×</span>
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={without({ facet: [], inStock: false, startprice: undefined, finishprice: undefined })}
          preventScrollReset
          className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t('facets.clear')}
        </Link>
      </li>
    </ul>
  );
}
