import type { CartItem } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { cartSummary, lineTotal } from './summary.ts';

const line = (overrides: Partial<CartItem>): CartItem => ({
  carId: 1,
  productId: 1,
  variantId: 1,
  sku: 'PHONE-1',
  productName: 'Phone',
  productImage: '/uploads/p.webp',
  productPrice: 100,
  productCount: 1,
  productStock: 10,
  ...overrides,
});

describe('cartSummary', () => {
  it('charges list prices, subtracts real offer savings and adds the shipping fee', () => {
    const summary = cartSummary(
      [
        line({ carId: 1, productPrice: 899.9, productPriceBeforeOffer: 999.9, productCount: 2 }),
        line({ carId: 2, productPrice: 49.5, productCount: 3 }),
      ],
      70,
    );
    expect(summary).toEqual({
      productsPrice: 2148.3,
      discount: 200,
      codeDiscount: 0,
      freeShipping: false,
      shipping: 70,
      total: 2018.3,
      count: 5,
    });
  });

  it('adds no shipping to an empty cart', () => {
    expect(cartSummary([], 70)).toEqual({
      productsPrice: 0,
      discount: 0,
      codeDiscount: 0,
      freeShipping: false,
      shipping: 0,
      total: 0,
      count: 0,
    });
  });

  it('ships free from the free-shipping threshold on, as checkout charges', () => {
    const cart = [line({ productPrice: 100, productCount: 2 })];
    expect(cartSummary(cart, 70, 200)).toMatchObject({ shipping: 0, total: 200 });
    expect(cartSummary(cart, 70, 200.01)).toMatchObject({ shipping: 70, total: 270 });
    expect(cartSummary(cart, 70)).toMatchObject({ shipping: 70 });
  });

  it("takes the cart's code off the total, waives shipping for free shipping, and ignores a code that no longer applies", () => {
    const cart = [line({ carId: 1, productPrice: 100, productCount: 2 })];
    const code = {
      code: 'RAMADAN25',
      kind: 'percent' as const,
      valid: true,
      discount: 50,
      freeShipping: false,
      lines: [],
    };
    expect(cartSummary(cart, 70, undefined, code)).toMatchObject({
      code: 'RAMADAN25',
      codeDiscount: 50,
      shipping: 70,
      total: 220,
    });
    const ship = { ...code, kind: 'free_shipping' as const, discount: 0, freeShipping: true };
    expect(cartSummary(cart, 70, undefined, ship)).toMatchObject({
      freeShipping: true,
      shipping: 0,
      total: 200,
    });
    expect(cartSummary(cart, 70, undefined, { ...code, valid: false })).toMatchObject({
      codeDiscount: 0,
      total: 270,
    });
    // Read before a quantity was lowered: never more than the products now cost.
    expect(cartSummary([line({ productPrice: 10 })], 0, undefined, code)).toMatchObject({
      codeDiscount: 10,
      total: 0,
    });
  });

  it('has no floating-point halalas', () => {
    const summary = cartSummary([line({ productPrice: 0.1, productCount: 3 })], 0.2);
    expect(summary.total).toBe(0.5);
  });
});

describe('lineTotal', () => {
  it('is the unit price times the count', () => {
    expect(lineTotal({ productPrice: 19.99, productCount: 3 })).toBe(59.97);
  });
});
