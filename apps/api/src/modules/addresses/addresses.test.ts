import { apiPaths, type Address } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { addAddressCall } from '../../test/shoppers.ts';
import { signedInUser, snapshotUser, type TestSession } from '../../test/users.ts';

describe('address book', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const home = {
    name: 'المنزل',
    city: 'الرياض',
    zone: 'حي النرجس',
    closeSign: 'بجوار المسجد',
    address: 'شارع 12، مبنى 4',
    mobile: '0551234567',
    latitude: 24.7136,
    longitude: 46.6753,
  };

  const add = (s: TestSession, body: object, lang = 'ar') => addAddressCall(t, s, body, lang);
  const list = async (s: TestSession): Promise<Address[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: apiPaths.addressesByUser.build({ userId: s.userId }),
      headers: s.cookie,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('starts with an empty list', async () => {
    const me = await signedInUser(t.app.db);
    expect(await list(me)).toEqual([]);
  });

  it('adds an address with every field, saying saved successfully', async () => {
    const me = await signedInUser(t.app.db);
    const res = await add(me, { ...home, user: me.userId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      code: 'SAVED',
      message: 'تم الحفظ بنجاح',
      ...home,
      mobile: '+966551234567',
      user: me.userId,
    });
    expect(body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await add(me, { name: 'Work' }, 'en')).json()).toMatchObject({
      message: 'Saved successfully',
      name: 'Work',
      city: '',
      mobile: '',
      latitude: null,
      longitude: null,
    });
    expect((await list(me)).map((a) => a.name)).toEqual(['المنزل', 'Work']);
  });

  it('gets one, edits it and deletes it', async () => {
    const me = await signedInUser(t.app.db);
    const id = (await add(me, home)).json()._id as string;
    const one = await t.app.inject({
      method: 'GET',
      url: apiPaths.addressById.build({ id }),
      headers: me.cookie,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ _id: id, name: 'المنزل', user: me.userId });

    const edited = await t.app.inject({
      method: 'PUT',
      url: `${apiPaths.addressUpdate.build({ id })}?lang=en`,
      headers: me.cookie,
      payload: { name: 'Parents', mobile: '+966 50 123 4567', latitude: '21.4858', longitude: '39.1925' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      code: 'EDITED',
      message: 'Edited successfully',
      _id: id,
      name: 'Parents',
      city: '',
      mobile: '+966501234567',
      latitude: 21.4858,
      longitude: 39.1925,
    });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: apiPaths.addressDelete.build({ id }),
      headers: me.cookie,
    });
    expect(deleted.json()).toEqual({ success: true, code: 'DELETED', message: 'تم الحذف بنجاح' });
    expect(await list(me)).toEqual([]);
    const gone = await t.app.inject({
      method: 'GET',
      url: apiPaths.addressById.build({ id }),
      headers: me.cookie,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('ADDRESS_NOT_FOUND');
  });

  it.each([
    [
      { ...home, name: '' },
      'ADDRESS_NAME_REQUIRED',
      'من فضلك أدخل اسماً للعنوان',
      'Please enter a title for the address',
    ],
    [
      { ...home, mobile: '12345' },
      'PHONE_INVALID',
      'من فضلك أدخل رقم جوال صحيح',
      'Please enter a valid mobile number',
    ],
    [
      { ...home, mobile: '0521234567' },
      'PHONE_INVALID',
      'من فضلك أدخل رقم جوال صحيح',
      'Please enter a valid mobile number',
    ],
    [
      { ...home, latitude: 90.5 },
      'COORDINATES_INVALID',
      'موقع الخريطة غير صحيح',
      'The map location is not valid',
    ],
    [
      { ...home, longitude: -180.01 },
      'COORDINATES_INVALID',
      'موقع الخريطة غير صحيح',
      'The map location is not valid',
    ],
    [
      { ...home, latitude: 'north' },
      'COORDINATES_INVALID',
      'موقع الخريطة غير صحيح',
      'The map location is not valid',
    ],
    [{ ...home, address: 'x'.repeat(501) }, 'TEXT_TOO_LONG', 'النص طويل جداً', 'The text is too long'],
    [{ ...home, city: 'x'.repeat(101) }, 'TEXT_TOO_LONG', 'النص طويل جداً', 'The text is too long'],
  ])('refuses %#: %s in both languages, storing nothing', async (body, code, ar, en) => {
    const me = await signedInUser(t.app.db);
    const inArabic = await add(me, body);
    expect(inArabic.statusCode).toBe(400);
    expect(inArabic.json()).toMatchObject({ code, message: ar });
    expect((await add(me, body, 'en')).json()).toMatchObject({ code, message: en });
    expect(await list(me)).toEqual([]);
  });

  it('keeps at most 50 addresses per account', async () => {
    const me = await signedInUser(t.app.db);
    await t.app.db
      .insert(addresses)
      .values(Array.from({ length: 50 }, (_, i) => ({ userId: me.userId, name: `A${i}` })));
    const res = await add(me, home, 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ADDRESS_LIMIT' });
  });

  describe("another user's addresses", () => {
    it('cannot be listed, read, added to, edited or deleted, with their session or without one', async () => {
      const victim = await signedInUser(t.app.db);
      const attacker = await signedInUser(t.app.db);
      const id = (await add(victim, home)).json()._id as string;
      const ownId = (await add(attacker, { name: 'Mine' })).json()._id as string;
      const before = await snapshotUser(t.app.db, victim.userId);

      const calls = [
        { method: 'GET', url: apiPaths.addressesByUser.build({ userId: victim.userId }) },
        { method: 'GET', url: apiPaths.addressById.build({ id }) },
        { method: 'POST', url: apiPaths.addressAdd.pattern, payload: { ...home, user: victim.userId } },
        { method: 'PUT', url: apiPaths.addressUpdate.build({ id }), payload: { name: 'Owned' } },
        // Editing one's own address cannot move it to someone else.
        {
          method: 'PUT',
          url: apiPaths.addressUpdate.build({ id: ownId }),
          payload: { name: 'Gift', user: victim.userId },
        },
        { method: 'DELETE', url: apiPaths.addressDelete.build({ id }) },
      ] as const;
      for (const call of calls) {
        for (const headers of [attacker.cookie, attacker.bearer]) {
          const res = await t.app.inject({ ...call, headers });
          expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
          expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'لا تملك صلاحية هذا الإجراء' });
        }
        const visitor = await t.app.inject({ ...call, headers: { 'accept-language': 'en' } });
        expect(visitor.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(visitor.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Log in first' });
      }
      expect(await snapshotUser(t.app.db, victim.userId)).toBe(before);
      const [own] = await t.app.db.select().from(addresses).where(eq(addresses.id, ownId));
      expect(own).toMatchObject({ userId: attacker.userId, name: 'Mine' });
    });
  });
});
