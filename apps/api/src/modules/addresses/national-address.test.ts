import {
  adminContentPaths,
  adminOrderPaths,
  apiPaths,
  type AdminOrder,
  type NationalAddress,
  type Order,
} from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from './schema.ts';
import { auditLog } from '../audit/schema.ts';
import { orders } from '../orders/schema.ts';
import { createProduct } from '../../test/factories.ts';
import { type TestContext } from '../../test/harness.ts';
import { databaseBefore, MIGRATION_TEST_TIMEOUT } from '../../test/migrations.ts';
import { pagesApp, QueryLog } from '../../test/query-log.ts';
import { addAddressCall, putInCart } from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';
import { signedInUser, type TestSession } from '../../test/users.ts';

/**
 * The Saudi national address: its fields in the address book (normalised, checked with messages
 * in both languages), the owner's setting that asks for it at checkout, an address saved before
 * it asked to be completed, and the order's own copy of it.
 */
describe('national address', () => {
  let t: TestContext;
  let owner: Record<string, string>;
  let staff: Record<string, string>;

  beforeAll(async () => {
    t = await pagesApp(new QueryLog());
    owner = (await signedInMember(t.app.db, { role: 'owner' })).headers;
    staff = (await signedInMember(t.app.db, { role: 'staff' })).headers;
  }, 180_000);
  afterAll(() => t.close());

  const national = {
    shortAddress: 'RRRD2929',
    buildingNumber: '2929',
    street: 'طريق الملك فهد',
    district: 'العليا',
    city: 'الرياض',
    postalCode: '12211',
    additionalNumber: '7788',
  } satisfies NationalAddress;

  const add = (s: TestSession, body: object, lang = 'ar') => addAddressCall(t, s, body, lang);
  const edit = (s: TestSession, id: string, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: apiPaths.addressUpdate.build({ id }),
      headers: s.cookie,
      payload: body,
    });

  /** Confirm order on the cart page, posted as a browser without JavaScript posts it. */
  const checkout = (s: TestSession, addressId: string, lang: 'ar' | 'en') =>
    t.app.inject({
      method: 'POST',
      url: `${lang === 'en' ? '/en' : ''}/cart?dialog=checkout`,
      headers: { ...s.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ intent: 'checkout', addressId, note: '' }).toString(),
    });
  const placedOrderId = (location: unknown) =>
    /\/payment\/([0-9a-f-]{36})$/.exec(String(location))?.[1] ?? null;

  const setRequired = async (on: boolean) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: adminContentPaths.settings.pattern,
      headers: owner,
      payload: { nationalAddressRequired: on },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings.nationalAddressRequired).toBe(on);
  };
  const publicSetting = async () =>
    (await t.app.inject({ url: apiPaths.settings.pattern })).json().data.nationalAddressRequired as boolean;

  /** A shopper with a product in the cart and an address saved before the national address existed. */
  async function shopperWithOldAddress() {
    const shopper = await signedInUser(t.app.db);
    const product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 20 });
    await putInCart(t.app.db, shopper.userId, product.id, 1);
    const [old] = await t.app.db
      .insert(addresses)
      .values({
        userId: shopper.userId,
        name: 'Home',
        city: 'Riyadh',
        zone: 'Olaya',
        mobile: '+966512345678',
      })
      .returning();
    return { shopper, old: old! };
  }

  const ordersOf = (userId: string) => t.app.db.select().from(orders).where(eq(orders.userId, userId));

  it('stores the short address in upper-case Latin letters and ASCII digits, whatever was typed', async () => {
    const me = await signedInUser(t.app.db);
    const res = await add(me, {
      name: 'المنزل',
      shortAddress: ' rrrd٢٩٢٩ ',
      buildingNumber: '٢٩٢٩',
      street: 'King Fahd Road',
      district: 'العليا',
      city: 'الرياض',
      postalCode: '۱۲۲۱۱',
      additionalNumber: '7788',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'SAVED',
      shortAddress: 'RRRD2929',
      buildingNumber: '2929',
      street: 'King Fahd Road',
      district: 'العليا',
      city: 'الرياض',
      postalCode: '12211',
      additionalNumber: '7788',
    });
    const id = res.json()._id as string;
    expect((await edit(me, id, { name: 'Home', shortAddress: 'abcd-1234' })).json()).toMatchObject({
      shortAddress: 'ABCD1234',
      buildingNumber: '',
      postalCode: '',
    });
    const [row] = await t.app.db.select().from(addresses).where(eq(addresses.id, id));
    expect(row).toMatchObject({ shortAddress: 'ABCD1234', street: '', district: '' });
  });

  it.each([
    [
      { shortAddress: 'RRR2929' },
      'SHORT_ADDRESS_INVALID',
      'العنوان المختصر أربعة أحرف إنجليزية وأربعة أرقام، مثل RRRD2929',
      'The short address is four letters and four digits, such as RRRD2929',
    ],
    [
      { shortAddress: 'RRRD29290' },
      'SHORT_ADDRESS_INVALID',
      'العنوان المختصر أربعة أحرف إنجليزية وأربعة أرقام، مثل RRRD2929',
      'The short address is four letters and four digits, such as RRRD2929',
    ],
    [
      { shortAddress: 'ررردد2929' },
      'SHORT_ADDRESS_INVALID',
      'العنوان المختصر أربعة أحرف إنجليزية وأربعة أرقام، مثل RRRD2929',
      'The short address is four letters and four digits, such as RRRD2929',
    ],
    [
      { buildingNumber: '292' },
      'BUILDING_NUMBER_INVALID',
      'رقم المبنى أربعة أرقام',
      'The building number is 4 digits',
    ],
    [
      { postalCode: '1221a' },
      'POSTAL_CODE_INVALID',
      'الرمز البريدي خمسة أرقام',
      'The postal code is 5 digits',
    ],
    [
      { additionalNumber: '77889' },
      'ADDITIONAL_NUMBER_INVALID',
      'الرقم الإضافي أربعة أرقام',
      'The additional number is 4 digits',
    ],
    [{ street: 'x'.repeat(101) }, 'TEXT_TOO_LONG', 'النص طويل جداً', 'The text is too long'],
  ])('refuses %o with %s in both languages, storing nothing', async (fields, code, ar, en) => {
    const me = await signedInUser(t.app.db);
    const body = { name: 'Home', ...national, ...fields };
    const inArabic = await add(me, body);
    expect(inArabic.statusCode).toBe(400);
    expect(inArabic.json()).toMatchObject({ code, message: ar });
    const inEnglish = await add(me, body, 'en');
    expect(inEnglish.json()).toMatchObject({ code, message: en });
    expect(await t.app.db.select().from(addresses).where(eq(addresses.userId, me.userId))).toEqual([]);
  });

  it('keeps an address without the national fields working: listed, edited and deleted as before', async () => {
    const { shopper, old } = await shopperWithOldAddress();
    const list = await t.app.inject({
      url: apiPaths.addressesByUser.build({ userId: shopper.userId }),
      headers: shopper.cookie,
    });
    expect(list.json()).toEqual([
      expect.objectContaining({ _id: old.id, name: 'Home', shortAddress: '', postalCode: '', street: '' }),
    ]);
    expect((await edit(shopper, old.id, { name: 'Parents' })).statusCode).toBe(200);
  });

  it('asks to complete an older address before an order goes to it, in both languages, while the setting is on', async () => {
    expect(await publicSetting()).toBe(true);
    const { shopper, old } = await shopperWithOldAddress();

    const inArabic = await checkout(shopper, old.id, 'ar');
    // The cart page again, with the dialog open: the message, and the form that completes the address.
    expect(inArabic.statusCode).toBe(200);
    expect(inArabic.body).toContain(
      'أكمل العنوان الوطني لهذا العنوان (العنوان المختصر على الأقل) قبل إتمام الطلب',
    );
    expect(inArabic.body).toContain(`action="/user/edit-address/${old.id}"`);
    expect(inArabic.body).toContain('name="shortAddress"');
    const inEnglish = await checkout(shopper, old.id, 'en');
    expect(inEnglish.body).toContain(
      'national address (at least the short address) before placing the order',
    );
    expect(inEnglish.body).toContain(`action="/en/user/edit-address/${old.id}"`);
    expect(await ordersOf(shopper.userId)).toEqual([]);

    // Completed from that form (posted as the dialog posts it), the order goes through.
    const completed = await t.app.inject({
      method: 'POST',
      url: `/en/user/edit-address/${old.id}`,
      headers: { ...shopper.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Home',
        city: 'Riyadh',
        shortAddress: 'rrrd2929',
        stay: '1',
      }).toString(),
    });
    expect(completed.statusCode, completed.body).toBe(302);
    expect(completed.headers.location).toBe('/en/cart?dialog=checkout');
    const placed = await checkout(shopper, old.id, 'en');
    expect(placed.statusCode, placed.body).toBe(302);
    const [order] = await ordersOf(shopper.userId);
    expect(order).toMatchObject({ id: placedOrderId(placed.headers.location), shortAddress: 'RRRD2929' });
  });

  it('lets an older address be ordered to as it is once the owner turns the setting off, with its audit entry', async () => {
    const { shopper, old } = await shopperWithOldAddress();
    const audits = () =>
      t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.entityType, 'settings')));
    const before = (await audits()).length;
    await setRequired(false);
    try {
      const entries = await audits();
      expect(entries).toHaveLength(before + 1);
      expect(entries.at(-1)).toMatchObject({
        before: expect.objectContaining({ nationalAddressRequired: true }),
        after: expect.objectContaining({ nationalAddressRequired: false }),
      });
      expect(await publicSetting()).toBe(false);

      const placed = await checkout(shopper, old.id, 'en');
      expect(placed.statusCode, placed.body).toBe(302);
      const invoiceId = placedOrderId(placed.headers.location)!;
      const order = await t.app.inject({
        url: apiPaths.orderById.build({ invoiceId }),
        headers: shopper.cookie,
      });
      // An order to an address without national fields has no national address to show.
      expect(order.json<Order>()).toMatchObject({ address: 'Home, Olaya, Riyadh', nationalAddress: null });
    } finally {
      await setRequired(true);
    }
    expect(await publicSetting()).toBe(true);
  });

  it("keeps the order's copy of the national address after the book's address is edited and deleted", async () => {
    const shopper = await signedInUser(t.app.db);
    const product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 20 });
    await putInCart(t.app.db, shopper.userId, product.id, 1);
    const saved = await add(shopper, { name: 'المنزل', ...national, shortAddress: 'rrrd٢٩٢٩' });
    const addressId = saved.json()._id as string;

    const placed = await checkout(shopper, addressId, 'ar');
    expect(placed.statusCode, placed.body).toBe(302);
    const invoiceId = placedOrderId(placed.headers.location)!;
    const shopperView = async (lang: 'ar' | 'en') =>
      (
        await t.app.inject({
          url: `${apiPaths.orderById.build({ invoiceId })}?lang=${lang}`,
          headers: shopper.cookie,
        })
      ).json<Order>();
    const backOffice = async () =>
      (
        await t.app.inject({ url: adminOrderPaths.detail.build({ ref: invoiceId }), headers: staff })
      ).json<AdminOrder>();
    const copy = { address: 'المنزل، الرياض', nationalAddress: national };
    expect(await shopperView('ar')).toMatchObject(copy);

    await edit(shopper, addressId, {
      name: 'Work',
      shortAddress: 'ABCD1234',
      buildingNumber: '1111',
      street: 'Olaya Street',
      district: 'Al Olaya',
      city: 'Riyadh',
      postalCode: '11564',
      additionalNumber: '',
    });
    expect(await shopperView('en')).toMatchObject(copy);
    expect(await backOffice()).toMatchObject(copy);

    await t.app.inject({
      method: 'DELETE',
      url: apiPaths.addressDelete.build({ id: addressId }),
      headers: shopper.cookie,
    });
    expect(await t.app.db.select().from(addresses).where(eq(addresses.id, addressId))).toEqual([]);
    expect(await shopperView('ar')).toMatchObject(copy);
    expect(await backOffice()).toMatchObject(copy);

    // The back office's order page and its printed invoice show it too.
    const page = await t.app.inject({
      url: `/en/dashboard/orders/${invoiceId}`,
      headers: staff,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('RRRD2929');
    expect(page.body).toContain('طريق الملك فهد');
  });
});

describe('migration 0022: the national address', { timeout: MIGRATION_TEST_TIMEOUT }, () => {
  it('gives existing addresses empty national fields and keeps what existing orders have', async () => {
    const { client, upgrade, close } = await databaseBefore('0022_national_address');
    try {
      await client.exec(`
        insert into users (id, name, email, phone, password_hash) values
          ('00000000-0000-4000-8000-000000000001', 'Sara', 'sara@example.com', '0512345678', 'x');
        insert into addresses (id, user_id, name, city, zone, close_sign, address, mobile, latitude, longitude) values
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'المنزل', 'الرياض',
           'النرجس', 'بجوار المسجد', 'شارع 12', '+966512345678', 24.7, 46.6);
        insert into orders (id, user_id, address, phone, location, note, subtotal_halalas, discount_halalas,
            shipping_halalas, total_halalas, vat_halalas, currency, status, expires_at)
          values ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000001',
            'المنزل، شارع 12، الرياض', '+966512345678', '24.7,46.6', 'Ring twice', 20000, 0, 0, 20000, 2609,
            'SAR', 'paid', now());
      `);
      await upgrade();
      const address = await client.query('select * from addresses');
      expect(address.rows).toEqual([
        expect.objectContaining({
          name: 'المنزل',
          city: 'الرياض',
          zone: 'النرجس',
          close_sign: 'بجوار المسجد',
          address: 'شارع 12',
          mobile: '+966512345678',
          latitude: 24.7,
          longitude: 46.6,
          short_address: '',
          building_number: '',
          street: '',
          district: '',
          postal_code: '',
          additional_number: '',
        }),
      ]);
      const order = await client.query('select * from orders');
      expect(order.rows).toEqual([
        expect.objectContaining({
          address: 'المنزل، شارع 12، الرياض',
          phone: '+966512345678',
          location: '24.7,46.6',
          note: 'Ring twice',
          total_halalas: 20000,
          status: 'paid',
          short_address: '',
          city: '',
          postal_code: '',
        }),
      ]);
    } finally {
      await close();
    }
  });
});
