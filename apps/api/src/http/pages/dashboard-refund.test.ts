import type { PayInvoiceAnswer } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories.ts';
import { type TestContext } from '../../test/harness.ts';
import { pagesApp, QueryLog } from '../../test/query-log.ts';
import { createShopper, orderRow, placeOrderCall, putInCart, payOnSandbox } from '../../test/shoppers.ts';
import { ADMIN_HOST, ADMIN_ORIGIN, signedInMember } from '../../test/staff.ts';

/**
 * A refund from the back office's page goes straight to the refund use case (no request of its
 * own to the API), and reads only what it needs: the order row once to learn how it was paid (a
 * Tabby payment is read from Tabby before the refund starts), then once to start the refund and
 * once to count it, under its lock each time.
 */
describe('a refund from the dashboard', () => {
  let t: TestContext;
  const log = new QueryLog();
  const statements = log.statements;

  beforeAll(async () => {
    t = await pagesApp(log);
  }, 180_000);
  afterAll(() => t.close());

  async function paidOrder(): Promise<PayInvoiceAnswer> {
    const product = await createProduct(t.app.db, { priceHalalas: 25_000, stock: 10 });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const order: PayInvoiceAnswer = (await placeOrderCall(t, shopper, {}, 'ar')).json();
    await payOnSandbox(t, shopper, order);
    return order;
  }

  it('refunds the order and reads its row at most three times', async () => {
    const order = await paidOrder();
    const { number } = await orderRow(t.app.db, order.invoiceId);
    const owner = await signedInMember(t.app.db, { role: 'owner' });
    const form = new URLSearchParams({
      amount: '12.50',
      reason: 'Late delivery',
      idempotencyKey: 'dashboard-refund-reads-1',
      confirm: '1',
      confirmKey: 'refund',
    });
    const res = await log.record(() =>
      t.app.inject({
        method: 'POST',
        url: `/en/dashboard/orders/${number}/refund`,
        headers: {
          host: ADMIN_HOST,
          origin: ADMIN_ORIGIN,
          cookie: `staff_session=${owner.token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: form.toString(),
      }),
    );

    // Without JavaScript the page answers post-redirect-get, to the order's refund page.
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(`/en/dashboard/orders/${order.invoiceId}/refund`);
    expect((await orderRow(t.app.db, order.invoiceId)).refundedHalalas).toBe(1_250);

    const orderReads = statements.filter((sql) => /\bfrom "orders"/i.test(sql));
    expect(orderReads.length, orderReads.join('\n')).toBeLessThanOrEqual(3);
    // No request went through the API's routes: no second staff session lookup, no route's answer.
    expect(statements.filter((sql) => /from "staff_sessions"/.test(sql))).toHaveLength(1);
  });
});
