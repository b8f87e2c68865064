import type { Product } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { listingSearch, parseListingParams, priceFilterDefaults } from './listing-params.ts';

function product(productPrice: number, productPriceAfterOffer?: number): Product {
  return {
    productId: productPrice,
    productName: 'p',
    productImage: '',
    productPrice,
    productPriceAfterOffer,
    productDescripition: '',
    categoryId: 1,
    categoryName: 'c',
    companyId: 1,
    companyName: 'b',
    productStock: 1,
  };
}

describe('priceFilterDefaults', () => {
  it('starts at the lowest and highest price in the list', () => {
    const state = priceFilterDefaults([product(899), product(149.5), product(2499, 1999)]);
    expect(state).toEqual({ floor: 149, ceiling: 1999, min: 149, max: 1999 });
  });

  it('starts at 0 when the list is empty', () => {
    expect(priceFilterDefaults([])).toEqual({ floor: 0, ceiling: 0, min: 0, max: 0 });
  });

  it('keeps an applied range and widens the slider to hold it', () => {
    expect(priceFilterDefaults([product(500), product(700)], { startprice: 100, finishprice: 600 })).toEqual({
      floor: 100,
      ceiling: 700,
      min: 100,
      max: 600,
    });
  });
});

describe('listing URL state', () => {
  it('reads page, search and prices, ignoring bad values', () => {
    expect(
      parseListingParams(new URLSearchParams('page=3&q=%20ipad%20&startprice=10&finishprice=99.5')),
    ).toEqual({
      page: 3,
      q: 'ipad',
      startprice: 10,
      finishprice: 99.5,
      facet: [],
      inStock: false,
    });
    expect(parseListingParams(new URLSearchParams('page=-2&startprice=abc'))).toEqual({
      page: 1,
      q: '',
      startprice: undefined,
      finishprice: undefined,
      facet: [],
      inStock: false,
    });
  });

  it('reads facet values and in-stock, leaving out what is no facet', () => {
    const params = parseListingParams(
      new URLSearchParams(
        'facet=o-storage:256-gb&facet=b:3&facet=o-storage:256-gb&facet=nonsense&facet=s12:6.1&instock=1',
      ),
    );
    expect(params.facet).toEqual(['o-storage:256-gb', 'b:3', 's12:6.1']);
    expect(params.inStock).toBe(true);
    expect(listingSearch({ ...params, page: 2 })).toBe(
      '?facet=o-storage%3A256-gb&facet=b%3A3&facet=s12%3A6.1&instock=1&page=2',
    );
  });

  it('swaps a reversed range instead of failing', () => {
    const params = parseListingParams(new URLSearchParams('startprice=900&finishprice=100'));
    expect([params.startprice, params.finishprice]).toEqual([100, 900]);
  });

  it('writes only what differs from the defaults', () => {
    expect(listingSearch({ page: 1, q: '' })).toBe('');
    expect(listingSearch({ page: 2, q: 'سامسونج', startprice: 5 })).toBe(
      '?q=%D8%B3%D8%A7%D9%85%D8%B3%D9%88%D9%86%D8%AC&startprice=5&page=2',
    );
  });
});
