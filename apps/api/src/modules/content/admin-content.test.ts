import { deflateSync, crc32 } from 'node:zlib';
import path from 'node:path';
import {
  adminContentPaths as paths,
  adminContentSchema,
  adminSettingsSchema,
  apiPaths,
  sliderListSchema,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/schema.ts';
import { paymentKeys } from '../payments/schema.ts';
import { createProduct } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createShopper, orderRow, placeOrderOk, putInCart } from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';
import { multipart, signedInUser, type FilePart } from '../../test/users.ts';
import { infoPage } from '../../views/store/content.ts';

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const file = (name: string, data: Buffer, filename = `${name}.png`, contentType = 'image/png'): FilePart => ({
  name,
  filename,
  contentType,
  data,
});

/** A PNG whose header says 20,000 × 20,000 pixels (400 megapixels), a few hundred bytes long. */
function pixelFlood(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(240_004))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('back office: content', () => {
  let t: TestContext;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    staff = (await signedInMember(t.app.db)).headers;
  });
  afterAll(() => t.close());

  const send = (
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string>,
    files: FilePart[],
    lang = 'ar',
  ) => {
    const body = multipart(fields, files);
    return t.app.inject({
      method,
      url,
      headers: { ...staff, ...body.headers, 'accept-language': lang },
      payload: body.payload,
    });
  };
  const slides = async (lang: 'ar' | 'en') =>
    sliderListSchema.parse((await t.app.inject({ url: `${apiPaths.sliders.pattern}?lang=${lang}` })).json());

  it('adds a slide with its own image and link per language, each home shows its own', async () => {
    const res = await send(
      'POST',
      paths.sliders.pattern,
      { linkAr: '/products/new', linkEn: 'https://example.com/sale' },
      [file('imageAr', await png(1600, 600, '#0a0')), file('imageEn', await png(1600, 600, '#00a'))],
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('تم حفظ الشريحة');
    const { slider } = res.json();
    expect(slider.imageAr).not.toBe(slider.imageEn);
    // Stored as WebP, no larger than the slide size.
    const stored = await sharp(
      path.join(t.config.uploadsDir, slider.imageAr.replace('/uploads/', '')),
    ).metadata();
    expect(stored.format).toBe('webp');
    expect((await slides('ar'))[0]).toMatchObject({
      sliderImage: slider.imageAr,
      sliderLink: '/products/new',
    });
    expect((await slides('en'))[0]).toMatchObject({
      sliderImage: slider.imageEn,
      sliderLink: 'https://example.com/sale',
    });
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'slider.create'));
    expect(entry?.entityId).toBe(String(slider.id));
  });

  it('changes only the Arabic image of a slide', async () => {
    const [before] = (await t.app.inject({ url: paths.content.pattern, headers: staff })).json().sliders;
    const res = await send('PUT', paths.slider.build({ id: before.id }), {}, [
      file('imageAr', await png(800, 300, '#a00')),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().slider.imageAr).not.toBe(before.imageAr);
    expect(res.json().slider.imageEn).toBe(before.imageEn);
    expect(res.json().slider.linkAr).toBe(before.linkAr);
  });

  it('refuses an SVG or an HTML page disguised as a PNG, and a 20,000 × 20,000 pixel flood', async () => {
    const count = (await slides('ar')).length;
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    );
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const [bytes, code, status] of [
      [svg, 'IMAGE_INVALID', 415],
      [html, 'IMAGE_INVALID', 415],
      [pixelFlood(), 'IMAGE_TOO_MANY_PIXELS', 413],
    ] as const) {
      const res = await send('POST', paths.sliders.pattern, {}, [file('imageAr', bytes, 'banner.png')], 'en');
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code, fields: [{ path: 'imageAr', code }] });
    }
    expect(await slides('ar')).toHaveLength(count);
  });

  it('refuses a javascript: link, in the member’s language', async () => {
    const image = file('imageAr', await png(100, 40, '#333'));
    const ar = await send('POST', paths.sliders.pattern, { linkAr: 'javascript:alert(1)' }, [image]);
    expect(ar.statusCode).toBe(400);
    expect(ar.json().fields[0]).toMatchObject({
      path: 'body.linkAr',
      message: expect.stringContaining('https://'),
    });
    expect(ar.json().fields[0].message).toMatch(/الرابط/);
    const en = await send('POST', paths.sliders.pattern, { linkEn: '//evil.example' }, [image], 'en');
    expect(en.json().fields[0].message).toBe('The link must start with / (a page of the shop) or https://');
  });

  it('adds, reorders and removes agents', async () => {
    const add = (name: string) =>
      send(
        'POST',
        paths.agents.pattern,
        {
          nameAr: `وكيل ${name}`,
          nameEn: `Agent ${name}`,
          companyAr: 'مؤسسة',
          companyEn: 'Co',
          phone: '+966501234567',
        },
        [],
      );
    expect((await add('A')).json()).toMatchObject({ code: 'AGENT_IMAGE_REQUIRED' });
    const withImage = async (name: string) =>
      (
        await send(
          'POST',
          paths.agents.pattern,
          {
            nameAr: `وكيل ${name}`,
            nameEn: `Agent ${name}`,
            companyAr: 'مؤسسة',
            companyEn: 'Co',
            phone: '0501234567',
          },
          [file('image', await png(500, 500, '#456'))],
        )
      ).json().agent;
    const a = await withImage('A');
    const b = await withImage('B');
    const order = await t.app.inject({
      method: 'PUT',
      url: paths.agentOrder.pattern,
      headers: staff,
      payload: { ids: [b.id, a.id] },
    });
    expect(order.statusCode).toBe(200);
    const en = (await t.app.inject({ url: `${apiPaths.agents.pattern}?lang=en` })).json();
    expect(en.map((x: { agentName: string }) => x.agentName)).toEqual(['Agent B', 'Agent A']);
    const bad = await t.app.inject({
      method: 'PUT',
      url: paths.agentOrder.pattern,
      headers: staff,
      payload: { ids: [a.id] },
    });
    expect(bad.json().code).toBe('CONTENT_ORDER_INVALID');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: paths.agent.build({ id: a.id }),
      headers: staff,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ url: apiPaths.agents.pattern })).json()).toHaveLength(1);
  });

  it('neutralizes script, javascript: links, iframes and event attributes in an info page', async () => {
    const markdown =
      '## Returns\n\nWithin **7 days**. <script>alert(1)</script>\n\n[click](javascript:alert(1)) ' +
      '<iframe src="https://evil.example"></iframe> <img src=x onerror="alert(1)"> ' +
      '<a href="https://ok.example" onclick="alert(1)">ok</a>';
    const save = await t.app.inject({
      method: 'PUT',
      url: paths.infoPage.build({ kind: 'refund' }),
      headers: staff,
      payload: { ar: markdown, en: markdown },
    });
    expect(save.statusCode).toBe(200);
    const preview = await t.app.inject({
      method: 'POST',
      url: paths.markdownPreview.pattern,
      headers: staff,
      payload: { ar: markdown, en: '# Title' },
    });
    const shown = (await infoPage(t.app.db, 'refund', 'en')).html;
    for (const html of [preview.json().ar, shown]) {
      expect(html).toContain('<strong>7 days</strong>');
      expect(html).not.toMatch(/<script|javascript:|<iframe|onerror|onclick|<img/i);
      expect(html).toContain('href="https://ok.example"');
    }
    // A level-1 heading would compete with the page's own title.
    expect(preview.json().en).toBe('<h2>Title</h2>\n');
  });

  it('has a privacy policy by default, in both languages, naming the shop’s contact details', async () => {
    const content = adminContentSchema.parse(
      (await t.app.inject({ url: paths.content.pattern, headers: staff })).json(),
    );
    expect(content.infoPages.find((p) => p.kind === 'privacy')).toMatchObject({ isDefault: true });
    const en = await infoPage(t.app.db, 'privacy', 'en');
    expect(en.html).toContain('Personal Data Protection Law');
    expect(en.html).toMatch(/never receive or store your card details/);
    for (const right of ['Access', 'Correction', 'Deletion'])
      expect(en.html).toContain(`<strong>${right}:</strong>`);
    expect(en.html).toContain('920000000');
    const ar = await infoPage(t.app.db, 'privacy', 'ar');
    expect(ar.html).toContain('نظام حماية البيانات الشخصية');
    expect(ar.html).toContain('لا نستلم بيانات بطاقتك');
  });

  it('lets no shopper and nobody signed out reach the content calls', async () => {
    const shopper = await signedInUser(t.app.db);
    for (const headers of [shopper.cookie, shopper.bearer, {}]) {
      const res = await t.app.inject({ url: paths.content.pattern, headers });
      expect(res.statusCode).toBe(401);
      const put = await t.app.inject({
        method: 'PUT',
        url: paths.infoPage.build({ kind: 'terms' }),
        headers: { ...headers, origin: 'http://shop.test', host: 'shop.test' },
        payload: { ar: 'x', en: 'x' },
      });
      expect(put.statusCode).toBe(401);
    }
  });
});

describe('back office: settings', () => {
  let t: TestContext;
  let owner: Record<string, string>;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signedInMember(t.app.db, { role: 'owner' })).headers;
    staff = (await signedInMember(t.app.db)).headers;
  });
  afterAll(() => t.close());

  const put = (headers: Record<string, string>, payload: unknown, lang = 'ar') =>
    t.app.inject({
      method: 'PUT',
      url: paths.settings.pattern,
      headers: { ...headers, 'accept-language': lang },
      payload: payload as object,
    });

  it('is for owners only: staff get 403, shoppers and strangers 401', async () => {
    expect((await t.app.inject({ url: paths.settings.pattern, headers: staff })).statusCode).toBe(403);
    const refused = await put(staff, { shippingFee: 1 }, 'en');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'STAFF_ROLE_REQUIRED',
      message: 'Only an owner can do this',
    });
    const shopper = await signedInUser(t.app.db);
    expect((await put(shopper.cookie, { shippingFee: 1 })).statusCode).toBe(401);
    expect((await t.app.inject({ url: paths.settings.pattern })).statusCode).toBe(401);
    const settings = adminSettingsSchema.parse(
      (await t.app.inject({ url: paths.settings.pattern, headers: owner })).json(),
    );
    expect(settings.shippingFee).toBe(70);
  });

  it('checks the VAT number: 15 digits starting and ending with 3, the message in the member’s language', async () => {
    for (const [lang, text] of [
      ['ar', 'الرقم الضريبي 15 رقماً يبدأ بـ 3 وينتهي بـ 3'],
      ['en', 'The VAT number is 15 digits that start and end with 3'],
    ] as const) {
      const res = await put(owner, { taxNumber: '310123456700004' }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([
        { path: 'body.taxNumber', code: 'VAT_NUMBER_INVALID', message: text },
      ]);
    }
    const ok = await put(owner, {
      taxNumber: '310123456700003',
      sellerName: { ar: 'متجر التقنية', en: 'Tech Shop' },
    });
    expect(ok.statusCode).toBe(200);
    const storefront = await t.app.inject({ url: `${apiPaths.settings.pattern}?lang=en` });
    expect(storefront.json().data).toMatchObject({ taxNumber: '310123456700003', sellerName: 'Tech Shop' });
  });

  it('never answers a saved payment secret, stores it sealed, and uses it over the env variable', async () => {
    const secret = 'sk_live_9f8e7d6c5b4a3210';
    const res = await put(owner, { moyasarSecretKey: secret, moyasarPublishableKey: 'pk_live_public' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(secret);
    expect(res.json().settings.payments).toMatchObject({
      secretKey: { set: true, source: 'saved' },
      publishableKey: { set: true, source: 'saved', value: 'pk_live_public' },
      webhookSecret: { set: false, source: 'none' },
    });
    const read = await t.app.inject({ url: paths.settings.pattern, headers: owner });
    expect(read.body).not.toContain(secret);
    const audit = await t.app.inject({ url: '/api/admin/audit?action=settings.update', headers: owner });
    expect(audit.body).not.toContain(secret);
    expect(audit.json().items[0].after.paymentKeysChanged).toEqual(['secretKey', 'publishableKey']);
    const rows = await t.app.db.select().from(paymentKeys);
    expect(rows.map((r) => r.sealed).join()).not.toContain(secret);
    expect(t.app.paymentKeys.get('secretKey')).toBe(secret);
    // Leaving the field out keeps it; an empty value removes it.
    await put(owner, { shippingFee: 70 });
    expect(t.app.paymentKeys.get('secretKey')).toBe(secret);
    await put(owner, { moyasarSecretKey: '' });
    expect(t.app.paymentKeys.get('secretKey')).toBeUndefined();
  });

  it('switches payment methods on and off: the storefront offers those on, and all off is refused', async () => {
    const none = await put(owner, { paymentMethodsOn: [] }, 'en');
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([
      {
        path: 'body.paymentMethodsOn',
        code: 'PAYMENT_METHODS_NONE',
        message: 'Keep at least one payment method on, or shoppers cannot pay',
      },
    ]);
    const offered = async () =>
      (await t.app.inject({ url: `${apiPaths.settings.pattern}?lang=ar` })).json().data.paymentMethods;
    expect(await offered()).toEqual(['card', 'applepay', 'stcpay', 'tabby', 'tamara']);

    const res = await put(owner, { paymentMethodsOn: ['card', 'tamara'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.payments.methods).toContainEqual({ method: 'tabby', on: false, ready: true });
    expect(await offered()).toEqual(['card', 'tamara']);

    // An order placed now is offered the card and Tamara only; Tabby and STC Pay are refused.
    const product = await createProduct(t.app.db, { priceHalalas: 100_000, stock: 5 });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const order = await placeOrderOk(t, shopper);
    expect(order.payment).toMatchObject({
      card: true,
      applepay: false,
      stcpay: false,
      tabby: false,
      tamara: true,
    });
    const tabby = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.tabbyCheckout.build({})}?lang=en`,
      headers: shopper.headers,
      payload: { invoiceId: order.invoiceId },
    });
    expect(tabby.statusCode).toBe(404);
    expect(tabby.json()).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      message: 'This payment method is not available at the moment; choose another one',
    });
    const stcpay = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.stcPayStart.build({})}?lang=en`,
      headers: shopper.headers,
      payload: { invoiceId: order.invoiceId, mobile: '0551234567' },
    });
    expect(stcpay.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
    const audit = await t.app.inject({ url: '/api/admin/audit?action=settings.update', headers: owner });
    expect(audit.json().items[0].before.paymentMethodsOn).toEqual([
      'card',
      'applepay',
      'stcpay',
      'tabby',
      'tamara',
    ]);
    expect(audit.json().items[0].after.paymentMethodsOn).toEqual(['card', 'tamara']);

    await put(owner, { paymentMethodsOn: ['card', 'applepay', 'stcpay', 'tabby', 'tamara'] });
    expect(await offered()).toEqual(['card', 'applepay', 'stcpay', 'tabby', 'tamara']);
  });

  it('keeps Tabby’s and Tamara’s keys sealed like Moyasar’s, never answering them', async () => {
    const secrets = { tabbySecretKey: 'sk_tabby_4f3e2d1c', tamaraNotificationKey: 'tamara-notify-9a8b' };
    const res = await put(owner, secrets);
    expect(res.statusCode).toBe(200);
    for (const secret of Object.values(secrets)) expect(res.body).not.toContain(secret);
    expect(res.json().settings.payments).toMatchObject({
      tabby: { secretKey: { set: true, source: 'saved' }, webhookSecret: { set: false, source: 'none' } },
      tamara: { apiToken: { set: false, source: 'none' }, notificationKey: { set: true, source: 'saved' } },
    });
    const rows = await t.app.db.select().from(paymentKeys);
    for (const secret of Object.values(secrets))
      expect(rows.map((r) => r.sealed).join()).not.toContain(secret);
    expect(t.app.paymentKeys.get('tabbySecretKey')).toBe(secrets.tabbySecretKey);
    await put(owner, { tabbySecretKey: '', tamaraNotificationKey: '' });
    expect(t.app.paymentKeys.get('tabbySecretKey')).toBeUndefined();
  });

  it('charges the changed shipping fee on the next order, and nothing from the free-shipping threshold', async () => {
    const save = await put(owner, { shippingFee: '25.50', freeShippingThreshold: null });
    expect(save.statusCode).toBe(200);
    const product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 50 });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const order = await placeOrderOk(t, shopper);
    expect((await orderRow(t.app.db, order.invoiceId)).shippingHalalas).toBe(2550);
    expect(order.amount).toBe(10_000 + 2550);

    await put(owner, { freeShippingThreshold: 200 });
    const settings = (await t.app.inject({ url: apiPaths.settings.pattern })).json().data;
    expect(settings.freeShippingFrom).toBe(200);
    const second = await createShopper(t.app.db);
    await putInCart(t.app.db, second.id, product.id, 2);
    const free = await placeOrderOk(t, second);
    expect((await orderRow(t.app.db, free.invoiceId)).shippingHalalas).toBe(0);
  });

  it('records each change in the audit log, and nothing for a save that changes nothing', async () => {
    const count = async () =>
      (await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).length;
    const before = await count();
    await put(owner, { lowStockThreshold: 9 });
    await put(owner, { lowStockThreshold: 9 });
    expect(await count()).toBe(before + 1);
  });
});
