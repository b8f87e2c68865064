import {
  adminPaths,
  apiPaths,
  auditPageSchema,
  customerActiveOkSchema,
  customerDetailsSchema,
  customerPageSchema,
  type CustomerPage,
} from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../modules/addresses/schema.ts';
import { orders } from '../../modules/orders/schema.ts';
import { users } from '../../modules/users/schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { signedInMember } from '../../test/staff.ts';
import { insertUser, sessionHeaders, TEST_HOST, TEST_ORIGIN, TEST_PASSWORD } from '../../test/users.ts';
import { createSession } from '../../modules/users/sessions.ts';

describe('back-office customers', () => {
  let t: TestContext;
  let staffHeaders: Record<string, string>;
  let ownerHeaders: Record<string, string>;
  const ids: Record<string, string> = {};

  /** A paid (or unpaid) order of a shopper, placed and paid `daysAgo` days ago. */
  async function insertOrder(userId: string, totalHalalas: number, paid: boolean, createdAt: Date) {
    const [row] = await t.app.db
      .insert(orders)
      .values({
        userId,
        status: paid ? 'paid' : 'failed',
        address: 'Riyadh',
        subtotalHalalas: totalHalalas,
        shippingHalalas: 0,
        discountHalalas: 0,
        totalHalalas,
        vatHalalas: Math.round((totalHalalas * 15) / 115),
        expiresAt: createdAt,
        paidAt: paid ? createdAt : null,
        paymentId: paid ? `pay_${Math.random().toString(36).slice(2)}` : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    return row!;
  }

  beforeAll(async () => {
    t = await createTestApp();
    staffHeaders = (await signedInMember(t.app.db, { role: 'staff' })).headers;
    ownerHeaders = (await signedInMember(t.app.db, { role: 'owner' })).headers;
    const db = t.app.db;
    const day = (d: string) => new Date(`${d}T12:00:00+03:00`);
    const noura = await insertUser(db, {
      name: 'نورة القحطاني',
      email: 'noura@example.com',
      phone: '+966551234567',
    });
    const fahad = await insertUser(db, {
      name: 'Fahad Alotaibi',
      email: 'fahad@mail.sa',
      phone: '+966509876543',
    });
    const sara = await insertUser(db, {
      name: 'Sara Ali',
      email: 'sara@example.com',
      phone: '+966561112233',
    });
    const gone = await insertUser(db, { name: 'Old Account', email: 'old@example.com', active: false });
    await db
      .update(users)
      .set({ createdAt: day('2026-01-10') })
      .where(eq(users.id, noura.id));
    await db
      .update(users)
      .set({ createdAt: day('2026-03-05') })
      .where(eq(users.id, fahad.id));
    await db
      .update(users)
      .set({ createdAt: day('2026-06-20') })
      .where(eq(users.id, sara.id));
    await db
      .update(users)
      .set({ createdAt: day('2025-12-01') })
      .where(eq(users.id, gone.id));
    Object.assign(ids, { noura: noura.id, fahad: fahad.id, sara: sara.id, gone: gone.id });
    // Noura: 2 paid orders (300 SAR); Fahad: 1 paid (900 SAR) and 1 failed; Sara: none.
    await insertOrder(noura.id, 10000, true, day('2026-02-01'));
    await insertOrder(noura.id, 20000, true, day('2026-02-02'));
    await insertOrder(fahad.id, 90000, true, day('2026-04-01'));
    await insertOrder(fahad.id, 50000, false, day('2026-04-02'));
    await db
      .insert(addresses)
      .values({ userId: noura.id, name: 'البيت', city: 'الرياض', address: 'حي النرجس' });
  });
  afterAll(() => t.close());

  async function list(query: string, headers = staffHeaders): Promise<CustomerPage> {
    const res = await t.app.inject({
      method: 'GET',
      url: `${adminPaths.customers.pattern}?${query}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return customerPageSchema.parse(res.json());
  }
  const names = (page: CustomerPage) => page.items.map((c) => c.name);

  it('lists customers newest first with their paid orders and spending, paged', async () => {
    const page = await list('pageSize=2');
    expect(page.total).toBe(4);
    expect(names(page)).toEqual(['Sara Ali', 'Fahad Alotaibi']);
    expect(page.items[1]).toMatchObject({
      ordersCount: 1,
      spentHalalas: 90000,
      active: true,
      deactivatedBy: null,
    });
    const second = await list('pageSize=2&page=2');
    expect(names(second)).toEqual(['نورة القحطاني', 'Old Account']);
    expect(second.items[0]).toMatchObject({ ordersCount: 2, spentHalalas: 30000 });
    expect(second.items[1]).toMatchObject({ active: false, deactivatedBy: 'shopper' });
  });

  it('searches by part of the name, the e-mail or the mobile typed the local way', async () => {
    expect(names(await list(`q=${encodeURIComponent('القحط')}`))).toEqual(['نورة القحطاني']);
    expect(names(await list('q=ALOTAIBI'))).toEqual(['Fahad Alotaibi']);
    expect(names(await list('q=mail.sa'))).toEqual(['Fahad Alotaibi']);
    expect(names(await list('q=0551234'))).toEqual(['نورة القحطاني']);
    expect(names(await list(`q=${encodeURIComponent('+9665611')}`))).toEqual(['Sara Ali']);
    expect((await list('q=nobody-like-this')).total).toBe(0);
    // LIKE's wildcards are text, not patterns.
    expect((await list('q=%25')).total).toBe(0);
  });

  it('filters by status and by registration dates (Riyadh days)', async () => {
    expect(names(await list('status=deactivated'))).toEqual(['Old Account']);
    expect((await list('status=active')).total).toBe(3);
    expect(names(await list('from=2026-03-05&to=2026-06-20&sort=name&dir=asc'))).toEqual(['Fahad Alotaibi']);
    expect(names(await list('from=2026-01-01&sort=registered&dir=asc'))).toEqual([
      'نورة القحطاني',
      'Fahad Alotaibi',
      'Sara Ali',
    ]);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${adminPaths.customers.pattern}?from=2026-05-01&to=2026-01-01&lang=en`,
      headers: staffHeaders,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sorts by name, orders count and total spent, both ways', async () => {
    expect(names(await list('sort=spent&dir=desc&pageSize=2'))).toEqual(['Fahad Alotaibi', 'نورة القحطاني']);
    expect(names(await list('sort=orders&dir=desc&pageSize=1'))).toEqual(['نورة القحطاني']);
    expect(names(await list('sort=name&dir=asc'))).toEqual([
      'Fahad Alotaibi',
      'Old Account',
      'Sara Ali',
      'نورة القحطاني',
    ]);
    expect(names(await list('sort=name&dir=desc'))[0]).toBe('نورة القحطاني');
  });

  it("shows a customer's profile, addresses, orders and totals", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: adminPaths.customer.build({ id: ids.fahad! }),
      headers: staffHeaders,
    });
    expect(res.statusCode, res.body).toBe(200);
    const details = customerDetailsSchema.parse(res.json());
    expect(details.customer).toMatchObject({ name: 'Fahad Alotaibi', ordersCount: 1, spentHalalas: 90000 });
    expect(details.ordersTotal).toBe(2);
    expect(details.orders.map((o) => [o.status, o.totalHalalas])).toEqual([
      ['failed', 50000],
      ['paid', 90000],
    ]);
    const noura = customerDetailsSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: adminPaths.customer.build({ id: ids.noura! }),
          headers: staffHeaders,
        })
      ).json(),
    );
    expect(noura.addresses.map((a) => [a.name, a.city])).toEqual([['البيت', 'الرياض']]);
    const missing = await t.app.inject({
      method: 'GET',
      url: `${adminPaths.customer.build({ id: '0b7c3a52-8c2b-4e0a-9a57-2f6c1b0e4d11' })}?lang=en`,
      headers: staffHeaders,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'CUSTOMER_NOT_FOUND',
      message: 'The customer was not found',
    });
  });

  it('deactivates a customer: sessions end at once, sign-in says why in their language; reactivation undoes it', async () => {
    const db = t.app.db;
    const { token } = await createSession(db, ids.sara!, 1);
    const shopper = sessionHeaders(ids.sara!, token);
    const me = () =>
      t.app.inject({ method: 'GET', url: apiPaths.currentUser.pattern, headers: shopper.bearer });
    expect((await me()).statusCode).toBe(200);

    const off = await t.app.inject({
      method: 'PUT',
      url: `${adminPaths.customerActive.build({ id: ids.sara! })}?lang=en`,
      headers: staffHeaders,
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const answer = customerActiveOkSchema.parse(off.json());
    expect(answer.message).toBe("The customer's account is deactivated and signed out everywhere");
    expect(answer.customer).toMatchObject({ active: false, deactivatedBy: 'shop' });
    expect((await me()).statusCode).toBe(401);

    const login = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: `${apiPaths.login.pattern}?lang=${lang}`,
        headers: { origin: TEST_ORIGIN, host: TEST_HOST },
        payload: { userEmail: 'sara@example.com', userPassword: TEST_PASSWORD },
      });
    const refusedAr = await login('ar');
    expect(refusedAr.statusCode).toBe(401);
    expect(refusedAr.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect(refusedAr.json().message).toContain('تم إيقاف حسابك من قبل المتجر');
    expect((await login('en')).json().message).toContain('deactivated by the shop');
    // A wrong password still learns nothing about the account.
    const wrong = await t.app.inject({
      method: 'POST',
      url: apiPaths.login.pattern,
      headers: { origin: TEST_ORIGIN, host: TEST_HOST },
      payload: { userEmail: 'sara@example.com', userPassword: 'not the password' },
    });
    expect(wrong.json()).toMatchObject({ code: 'LOGIN_FAILED' });

    const on = await t.app.inject({
      method: 'PUT',
      url: adminPaths.customerActive.build({ id: ids.sara! }),
      headers: staffHeaders,
      payload: { active: true },
    });
    expect(customerActiveOkSchema.parse(on.json()).customer).toMatchObject({
      active: true,
      deactivatedBy: null,
    });
    expect((await login('en')).statusCode).toBe(200);

    const audit = await t.app.inject({
      method: 'GET',
      url: `${adminPaths.auditLog.pattern}?entityType=customer&entityId=${ids.sara}`,
      headers: ownerHeaders,
    });
    const entries = auditPageSchema.parse(audit.json()).items;
    expect(entries.map((e) => e.action)).toEqual(['customer.reactivate', 'customer.deactivate']);
    expect(entries[1]).toMatchObject({
      before: { active: true, deactivatedBy: null },
      after: { active: false, deactivatedBy: 'shop' },
    });
  });

  it('changes nothing and writes no audit entry when the account is already as asked', async () => {
    const before = await t.app.db.execute(sql`select count(*)::int as n from audit_log`);
    const res = await t.app.inject({
      method: 'PUT',
      url: adminPaths.customerActive.build({ id: ids.fahad! }),
      headers: staffHeaders,
      payload: { active: true },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.app.db.execute(sql`select count(*)::int as n from audit_log`);
    expect((after as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(
      (before as unknown as { rows: { n: number }[] }).rows[0]!.n,
    );
  });

  it('counts an order the moment it is paid, for a shopper who registered later too', async () => {
    const late = await insertUser(t.app.db, { name: 'Late Comer' });
    const order = await insertOrder(late.id, 12300, false, new Date());
    expect((await list('q=late comer')).items[0]).toMatchObject({ ordersCount: 0, spentHalalas: 0 });
    await t.app.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), paymentId: 'pay_late' })
      .where(eq(orders.id, order.id));
    expect((await list('q=late comer')).items[0]).toMatchObject({ ordersCount: 1, spentHalalas: 12300 });
  });
});
