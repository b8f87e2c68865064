import type { Product } from '@shop/contract';
import {
  FACET_KEY_PATTERN,
  hasControlCharacters,
  MAX_FACET_KEY_LENGTH,
  MAX_FACET_KEYS,
} from '@shop/contract/constants';
import { data } from 'react-router';
import { effectivePrice } from './pricing.ts';
import type { PriceRange } from './api.ts';

/** The page state of a listing, read from the URL (shareable; the back button works). */
export interface ListingParams extends PriceRange {
  page: number;
  /** Search text on /products. */
  q: string;
  /** Facet values chosen (`facet`, repeated), in the order of the address. */
  facet: string[];
  /** Only products in stock (`instock=1`). */
  inStock: boolean;
  /** `sort=rating`: the best rated first (not for a search, which is in the order of its match). */
  sort?: 'rating' | undefined;
}

const amount = /^[0-9]{1,7}(\.[0-9]{1,2})?$/;

function readAmount(value: string | null): number | undefined {
  return value !== null && amount.test(value) ? Number(value) : undefined;
}

/**
 * Bad or missing values fall back to page 1 and no filter rather than an error page. Search
 * text with control characters is the exception: no keyboard types them, and the API refuses
 * them, so the visitor gets the 400 page in the page's language.
 */
export function parseListingParams(search: URLSearchParams): ListingParams {
  const q = search.get('q') ?? '';
  if (hasControlCharacters(q)) throw data(null, { status: 400 });
  const pageText = search.get('page');
  const page = pageText && /^[1-9][0-9]{0,5}$/.test(pageText) ? Number(pageText) : 1;
  let startprice = readAmount(search.get('startprice'));
  let finishprice = readAmount(search.get('finishprice'));
  if (startprice !== undefined && finishprice !== undefined && startprice > finishprice) {
    [startprice, finishprice] = [finishprice, startprice];
  }
  // A facet the shop cannot read is left out, as a bad page number is.
  const facet = [
    ...new Set(
      search
        .getAll('facet')
        .filter((key) => key.length <= MAX_FACET_KEY_LENGTH && FACET_KEY_PATTERN.test(key)),
    ),
  ].slice(0, MAX_FACET_KEYS);
  const inStock = search.get('instock') === '1';
  const sort = search.get('sort') === 'rating' ? ('rating' as const) : undefined;
  return { page, q: q.trim().slice(0, 100), startprice, finishprice, facet, inStock, sort };
}

/** The URL search of a listing state; page 1 and empty values are left out. */
export function listingSearch(params: Partial<ListingParams>): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.startprice !== undefined) search.set('startprice', String(params.startprice));
  if (params.finishprice !== undefined) search.set('finishprice', String(params.finishprice));
  for (const key of params.facet ?? []) search.append('facet', key);
  if (params.inStock) search.set('instock', '1');
  if (params.sort) search.set('sort', params.sort);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface PriceFilterState {
  /** The slider's ends. */
  floor: number;
  ceiling: number;
  /** The values the min and max inputs start with. */
  min: number;
  max: number;
}

/**
 * The filter defaults: the inputs start at the lowest and highest price in the current
 * list, or 0 when it is empty. An applied filter wins, and the slider widens to hold it.
 */
export function priceFilterDefaults(
  products: readonly Product[],
  applied: PriceRange = {},
): PriceFilterState {
  const prices = products.map(effectivePrice);
  const low = prices.length ? Math.floor(Math.min(...prices)) : 0;
  const high = prices.length ? Math.ceil(Math.max(...prices)) : 0;
  const min = applied.startprice ?? low;
  const max = applied.finishprice ?? high;
  return { floor: Math.min(low, min), ceiling: Math.max(high, max), min, max };
}
