import path from 'node:path';
import type { PayInvoiceAnswer } from '@shop/contract';
import { SIMULATOR_OTP } from '@shop/zatca';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, root } from '../../../../../scripts/shop-server.mjs';
import { einvoiceDocuments, einvoiceUnits } from '../../modules/einvoices/schema.ts';
import { createProduct } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createShopper, orderRow, placeOrderCall, putInCart, payOnSandbox } from '../../test/shoppers.ts';
import { ADMIN_HOST, ADMIN_ORIGIN, signedInMember } from '../../test/staff.ts';

/**
 * The e-invoice pages of the back office without JavaScript: the onboarding form (owners only)
 * and "send again" on an order's documents go to the use cases through the load context and
 * answer post-redirect-get; a refused form comes back with its message in the page's language.
 */
describe('e-invoice pages of the back office', () => {
  let t: TestContext;

  beforeAll(async () => {
    ensureWebBuild();
    t = await createTestApp({ WEB_BUILD_DIR: path.join(root, 'apps/web/build') });
  }, 180_000);
  afterAll(() => t.close());

  const seller = {
    otp: SIMULATOR_OTP,
    legalName: 'Riyadh Electronics Co.',
    vatNumber: '399999999900003',
    commercialRegister: '1010010000',
    branch: 'Main branch',
    businessCategory: 'Electronics retail',
    street: 'King Fahd Road',
    buildingNumber: '2322',
    additionalNumber: '',
    district: 'Olaya',
    city: 'Riyadh',
    postalCode: '12214',
  };

  function post(url: string, token: string, form: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: {
        host: ADMIN_HOST,
        origin: ADMIN_ORIGIN,
        cookie: `staff_session=${token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(form).toString(),
    });
  }

  function get(url: string, token: string) {
    return t.app.inject({
      method: 'GET',
      url,
      headers: { host: ADMIN_HOST, cookie: `staff_session=${token}` },
    });
  }

  async function paidOrder(): Promise<PayInvoiceAnswer> {
    const product = await createProduct(t.app.db, { priceHalalas: 25_000, stock: 10 });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const order: PayInvoiceAnswer = (await placeOrderCall(t, shopper, {}, 'ar')).json();
    await payOnSandbox(t, shopper, order);
    return order;
  }

  it('refuses the onboarding page to staff, shows a bad VAT number in English, and onboards an owner', async () => {
    const staff = await signedInMember(t.app.db, { role: 'staff' });
    expect((await get('/en/dashboard/einvoices/onboarding', staff.token)).statusCode).toBe(403);
    expect((await post('/en/dashboard/einvoices/onboarding', staff.token, seller)).statusCode).toBe(403);

    const owner = await signedInMember(t.app.db, { role: 'owner' });
    const page = await get('/en/dashboard/einvoices/onboarding', owner.token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('One-time password (OTP)');

    const bad = await post('/en/dashboard/einvoices/onboarding', owner.token, {
      ...seller,
      vatNumber: '123',
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain('The VAT number is 15 digits beginning and ending with 3');
    expect(await t.app.db.select().from(einvoiceUnits)).toEqual([]);

    const done = await post('/en/dashboard/einvoices/onboarding', owner.token, seller);
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe('/en/dashboard/einvoices');
    const [unit] = await t.app.db.select().from(einvoiceUnits);
    expect(unit?.seller.legalName).toBe('Riyadh Electronics Co.');
  });

  it("lists an order's documents and sends a queued one again only after asking", async () => {
    const order = await paidOrder();
    const { number } = await orderRow(t.app.db, order.invoiceId);
    const staff = await signedInMember(t.app.db, { role: 'staff' });
    const url = `/en/dashboard/orders/${number}/einvoices`;
    const page = await get(url, staff.token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Simplified tax invoice');
    expect(page.body).toContain('Waiting to be reported');

    const [doc] = await t.app.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.orderId, order.invoiceId));
    // A back-off in the future: "send again" brings it forward.
    const later = new Date(Date.now() + 3_600_000);
    await t.app.db
      .update(einvoiceDocuments)
      .set({ nextAttemptAt: later })
      .where(eq(einvoiceDocuments.uuid, doc!.uuid));
    const fields = { intent: 'report', uuid: doc!.uuid, confirmKey: `report:${doc!.uuid}` };
    const asked = await post(url, staff.token, { ...fields, confirm: '0' });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(`Send document ${number} to ZATCA again?`);
    const [untouched] = await t.app.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.uuid, doc!.uuid));
    expect(untouched!.nextAttemptAt).toEqual(later);

    const sent = await post(url, staff.token, { ...fields, confirm: '1' });
    expect(sent.statusCode, sent.body).toBe(302);
    expect(sent.headers.location).toBe(url);
    const [due] = await t.app.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.uuid, doc!.uuid));
    expect(due!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
