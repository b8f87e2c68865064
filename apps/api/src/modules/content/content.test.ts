import {
  aboutUsSchema,
  agentListSchema,
  apiPaths,
  refundPolicySchema,
  settingsSchema,
  sliderListSchema,
  termsSchema,
} from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, infoPages, sliders } from './schema.ts';
import { settings } from '../settings/schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { defaultSettings, getSettings, putSettings } from '../settings/service.ts';

describe('content', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, lang?: 'ar' | 'en') =>
    t.app.inject({ method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });

  describe('on a new shop', () => {
    it('answers [] for sliders and agents', async () => {
      expect((await get(apiPaths.sliders.pattern)).json()).toEqual([]);
      expect((await get(apiPaths.agents.pattern)).json()).toEqual([]);
    });

    it('answers empty info pages', async () => {
      expect((await get(apiPaths.aboutUs.pattern)).json()).toEqual({ aboutUsDescripition: '' });
      expect((await get(apiPaths.refundPolicy.pattern)).json()).toEqual({ refundPolicyDescripition: '' });
      expect((await get(apiPaths.termsAndConditions.pattern)).json()).toEqual({
        termsAndConditionsDescripition: '',
      });
    });

    it('answers the default settings, with a 70 SAR shipping fee', async () => {
      const res = await get(apiPaths.settings.pattern);
      expect(res.statusCode).toBe(200);
      const { data } = settingsSchema.parse(res.json());
      expect(data).toMatchObject({
        shippingFee: 70,
        showAddressDetails: false,
        deliveryDays: 3,
        returnHours: 24,
        sellerName: 'متجر الإلكترونيات',
        paymentSandbox: true,
      });
      expect(data.phones.length).toBeGreaterThan(0);
      expect((await getSettings(t.app.db)).shippingFeeHalalas).toBe(7000);
    });
  });

  it('lists sliders in their order', async () => {
    await t.app.db.insert(sliders).values([
      { imageAr: '/uploads/catalog/second.webp', imageEn: '/uploads/catalog/second-en.webp', sort: 2 },
      { imageAr: '/uploads/catalog/first.webp', imageEn: '/uploads/catalog/first-en.webp', sort: 1 },
    ]);
    const list = sliderListSchema.parse((await get(apiPaths.sliders.pattern)).json());
    expect(list.map((s) => s.sliderImage)).toEqual([
      '/uploads/catalog/first.webp',
      '/uploads/catalog/second.webp',
    ]);
    expect(list.every((s) => Number.isInteger(s.sliderId))).toBe(true);
  });

  it('lists agents in the request language', async () => {
    await t.app.db.insert(agents).values({
      slug: 'riyadh',
      nameAr: 'عبدالله',
      nameEn: 'Abdullah',
      companyAr: 'مؤسسة الأفق',
      companyEn: 'Al-Ofuq',
      phone: '+966501234567',
      image: '/uploads/catalog/agent.webp',
    });
    const ar = agentListSchema.parse((await get(apiPaths.agents.pattern)).json());
    expect(ar).toEqual([
      {
        agentId: expect.any(Number),
        agentName: 'عبدالله',
        agentCompany: 'مؤسسة الأفق',
        agentPhone: '+966501234567',
        agentImage: '/uploads/catalog/agent.webp',
      },
    ]);
    const en = agentListSchema.parse((await get(`${apiPaths.agents.pattern}?lang=en`)).json());
    expect([en[0]?.agentName, en[0]?.agentCompany]).toEqual(['Abdullah', 'Al-Ofuq']);
  });

  it('answers each info page in the request language', async () => {
    await t.app.db.insert(infoPages).values([
      { kind: 'about', bodyAr: 'من نحن', bodyEn: 'About us' },
      { kind: 'refund', bodyAr: 'سياسة الاسترجاع', bodyEn: 'Refund policy' },
      { kind: 'terms', bodyAr: 'الشروط', bodyEn: 'Terms' },
    ]);
    expect(aboutUsSchema.parse((await get(apiPaths.aboutUs.pattern)).json()).aboutUsDescripition).toBe(
      'من نحن',
    );
    expect(aboutUsSchema.parse((await get(apiPaths.aboutUs.pattern, 'en')).json()).aboutUsDescripition).toBe(
      'About us',
    );
    expect(refundPolicySchema.parse((await get(apiPaths.refundPolicy.pattern, 'en')).json())).toEqual({
      refundPolicyDescripition: 'Refund policy',
    });
    expect(termsSchema.parse((await get(apiPaths.termsAndConditions.pattern)).json())).toEqual({
      termsAndConditionsDescripition: 'الشروط',
    });
  });

  it('answers stored settings over the defaults, bilingual ones in the request language', async () => {
    await putSettings(t.app.db, {
      shippingFeeHalalas: 2550,
      showAddressDetails: true,
      primaryColor: '#123456',
      address: { ar: 'الرياض، العليا', en: 'Olaya, Riyadh' },
      sellerName: { ar: 'متجر التقنية', en: 'Tech Shop' },
      taxNumber: '310123456700003',
    });
    const ar = settingsSchema.parse((await get(apiPaths.settings.pattern)).json()).data;
    expect(ar).toMatchObject({
      shippingFee: 25.5,
      showAddressDetails: true,
      primaryColor: '#123456',
      address: 'الرياض، العليا',
      sellerName: 'متجر التقنية',
      taxNumber: '310123456700003',
    });
    const en = settingsSchema.parse((await get(apiPaths.settings.pattern, 'en')).json()).data;
    expect([en.address, en.sellerName]).toEqual(['Olaya, Riyadh', 'Tech Shop']);
    // Settings not stored keep their defaults.
    expect(en.returnHours).toBe(defaultSettings.returnHours);
  });

  it('ignores a stored setting that does not fit its type', async () => {
    await t.app.db
      .insert(settings)
      .values({ key: 'deliveryDays', value: 'three' })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'three' } });
    const res = await get(apiPaths.settings.pattern);
    expect(res.statusCode).toBe(200);
    expect(settingsSchema.parse(res.json()).data.deliveryDays).toBe(3);
  });

  it('refuses to store a setting of the wrong type', async () => {
    await expect(putSettings(t.app.db, { shippingFeeHalalas: -1 })).rejects.toThrow();
    expect((await getSettings(t.app.db)).shippingFeeHalalas).toBe(2550);
  });
});

describe('settings with a real payment provider', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      PAYMENT_SANDBOX: 'false',
      MOYASAR_SECRET_KEY: 'sk_test_x',
      MOYASAR_PUBLISHABLE_KEY: 'pk_test_x',
    });
  });
  afterAll(() => t.close());

  it('says payments are not simulated', async () => {
    const res = await t.app.inject({ method: 'GET', url: apiPaths.settings.pattern });
    expect(settingsSchema.parse(res.json()).data.paymentSandbox).toBe(false);
  });
});
