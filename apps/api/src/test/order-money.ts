import { apiPaths, discountPaths, type Cart } from '@shop/contract';
import { buildInvoice } from '@shop/zatca';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { seller } from '../../../../packages/zatca/src/test-support/fixtures.ts';
import { orderLines, type orders } from '../modules/orders/schema.ts';
import type { TestContext } from './harness.ts';
import { createShopper, orderRow, placeOrderCall, putInCart, type Shopper } from './shoppers.ts';
import { invoiceContentOf } from '../use-cases/einvoicing/issue.ts';

/** The order's money adds up: lines net of the code, shipping, total, and the e-invoice's totals. */
export function expectConsistent(
  order: typeof orders.$inferSelect,
  lines: (typeof orderLines.$inferSelect)[],
) {
  const paidForLines = lines.reduce((s, l) => s + l.unitPriceHalalas * l.quantity - l.codeDiscountHalalas, 0);
  expect(lines.reduce((s, l) => s + l.codeDiscountHalalas, 0)).toBe(order.codeDiscountHalalas);
  for (const l of lines) expect(l.codeDiscountHalalas).toBeLessThanOrEqual(l.unitPriceHalalas * l.quantity);
  expect(paidForLines + order.shippingHalalas).toBe(order.totalHalalas);
  const xml = buildInvoice({
    kind: 'invoice',
    number: String(order.number),
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    issuedAt: new Date('2026-11-27T10:00:00Z'),
    icv: 1,
    pih: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
    seller,
    paymentMeans: '48',
    ...invoiceContentOf(order, lines),
  });
  const amount = (tag: string) => {
    const m = new RegExp(`<cbc:${tag} currencyID="SAR">([0-9.]+)</cbc:${tag}>`).exec(xml);
    return Math.round(Number(m?.[1]) * 100);
  };
  const lineExtension = amount('LineExtensionAmount');
  const allowances = amount('AllowanceTotalAmount');
  const charges = xml.includes('ChargeTotalAmount') ? amount('ChargeTotalAmount') : 0;
  const taxExclusive = amount('TaxExclusiveAmount');
  expect(lineExtension - allowances + charges).toBe(taxExclusive);
  expect(taxExclusive + amount('TaxAmount')).toBe(amount('TaxInclusiveAmount'));
  expect(amount('PayableAmount')).toBe(order.totalHalalas);
  return xml;
}

/**
 * A shopper's calls around discounts, through the app of `app()` (a getter: the tests make the
 * app in `beforeAll`): a code applied to the cart, the cart read, a shopper with lines in the
 * cart, and an order placed with its row and lines.
 */
export function discountCalls(app: () => TestContext) {
  return {
    apply(shopper: Shopper, code: string, lang = 'en') {
      return app().app.inject({
        method: 'POST',
        url: `${discountPaths.cartCode.build({})}?lang=${lang}`,
        headers: shopper.headers,
        payload: { code },
      });
    },
    async cartOf(shopper: Shopper): Promise<Cart> {
      const res = await app().app.inject({
        method: 'GET',
        url: `${apiPaths.cartByUser.build({ userId: shopper.id })}?lang=en`,
        headers: shopper.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async shopperWith(lines: [number, number][]): Promise<Shopper> {
      const { db } = app().app;
      const shopper = await createShopper(db);
      for (const [productId, count] of lines) await putInCart(db, shopper.id, productId, count);
      return shopper;
    },
    async placed(shopper: Shopper) {
      const t = app();
      const res = await placeOrderCall(t, shopper, {}, 'en');
      expect(res.statusCode, res.body).toBe(201);
      const order = await orderRow(t.app.db, res.json().invoiceId);
      const lines = await t.app.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      return { answer: res.json(), order, lines };
    },
  };
}
