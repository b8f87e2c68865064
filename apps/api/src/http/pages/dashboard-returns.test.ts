import { adminOrderPaths, returnPaths, type Order } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../../modules/refunds/schema.ts';
import { returnRequests } from '../../modules/returns/schema.ts';
import { createProduct } from '../../test/factories.ts';
import { type TestContext } from '../../test/harness.ts';
import { pagesApp, QueryLog } from '../../test/query-log.ts';
import { paidOrderOf } from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';

/**
 * A return's steps from the back office's order page, posted as a page without JavaScript posts
 * them: the question comes back first with what was typed kept in it, and the refund is refused
 * to staff as every refund is.
 */
describe('return requests on the back office order page', () => {
  let t: TestContext;
  const log = new QueryLog();

  beforeAll(async () => {
    t = await pagesApp(log);
  }, 180_000);
  afterAll(() => t.close());

  /** A delivered order with a requested return of its one unit. */
  async function requestedReturn(staff: Record<string, string>) {
    const product = await createProduct(t.app.db, { priceHalalas: 30_000, stock: 10 });
    const { buyer: shopper, order } = await paidOrderOf(t, product.id);
    const delivered = await t.app.inject({
      method: 'POST',
      url: adminOrderPaths.fulfilment.build({ ref: order.invoiceId }),
      headers: staff,
      payload: { status: 'delivered' },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const view: Order = (
      await t.app.inject({ url: `/api/User/Select/Invoice/${order.invoiceId}`, headers: shopper.headers })
    ).json();
    const asked = await t.app.inject({
      method: 'POST',
      url: returnPaths.orderReturns.build({ invoiceId: order.invoiceId }),
      headers: shopper.headers,
      payload: { lines: [{ lineId: view.returns!.lines[0]!.lineId, quantity: 1 }], reason: 'defective' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const [request] = await t.app.db
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.invoiceId));
    return { order, number: view.number, id: request!.id };
  }

  function post(number: number, headers: Record<string, string>, fields: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: `/en/dashboard/orders/${number}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  it('asks before approving, keeps the typed note through the question, then approves with it', async () => {
    const staff = (await signedInMember(t.app.db, { role: 'staff' })).headers;
    const { number, id } = await requestedReturn(staff);
    const fields = { intent: 'returnApprove', returnId: id, note: 'Bring it to the Olaya branch' };
    const asked = await post(number, staff, { ...fields, confirm: '0', confirmKey: `approve:${id}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Approve return');
    expect(asked.body).toMatch(/<input type="hidden" name="note" value="Bring it to the Olaya branch"\/>/);
    const [still] = await t.app.db.select().from(returnRequests).where(eq(returnRequests.id, id));
    expect(still!.status).toBe('requested');

    const yes = await post(number, staff, { ...fields, confirm: '1', confirmKey: `approve:${id}` });
    expect(yes.statusCode, yes.body).toBe(302);
    expect(yes.headers.location).toBe(`/en/dashboard/orders/${number}`);
    const [approved] = await t.app.db.select().from(returnRequests).where(eq(returnRequests.id, id));
    expect(approved).toMatchObject({ status: 'approved', staffNote: 'Bring it to the Olaya branch' });
  });

  it('lets staff receive the goods but only an owner refund them', async () => {
    const staff = (await signedInMember(t.app.db, { role: 'staff' })).headers;
    const owner = (await signedInMember(t.app.db, { role: 'owner' })).headers;
    const { order, number, id } = await requestedReturn(staff);
    const step = (headers: Record<string, string>, intent: string, extra: Record<string, string> = {}) =>
      post(number, headers, { intent, returnId: id, confirm: '1', confirmKey: `${intent}:${id}`, ...extra });
    expect((await step(staff, 'returnApprove')).statusCode).toBe(302);
    expect((await step(staff, 'returnReceive')).statusCode).toBe(302);

    const byStaff = await step(staff, 'returnRefund', { returnStock: '1' });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.body).toContain('Only an owner can do this');
    expect(await t.app.db.select().from(refunds).where(eq(refunds.orderId, order.invoiceId))).toHaveLength(0);

    const byOwner = await step(owner, 'returnRefund', { returnStock: '1' });
    expect(byOwner.statusCode, byOwner.body).toBe(302);
    const [refund] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, order.invoiceId));
    expect(refund).toMatchObject({ status: 'succeeded', amountHalalas: 30_000 });
    expect(refund!.returnStock).toHaveLength(1);
  });
});
