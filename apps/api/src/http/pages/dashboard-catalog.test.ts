import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../modules/audit/schema.ts';
import { products, productVariants } from '../../modules/catalog/schema.ts';
import { createCategory, createCompany, createProduct } from '../../test/factories.ts';
import { type TestContext } from '../../test/harness.ts';
import { pagesApp, QueryLog } from '../../test/query-log.ts';
import { ADMIN_HOST, ADMIN_ORIGIN, signedInMember } from '../../test/staff.ts';
import { multipart } from '../../test/users.ts';

/**
 * The catalog's pages make their changes through the load context: a saved product goes
 * straight to the use case (no request of its own through the API's routes), and an image
 * posted to a page is checked, re-encoded and refused exactly as the API's upload is.
 */
describe('catalog changes from the dashboard', () => {
  let t: TestContext;
  const log = new QueryLog();
  const statements = log.statements;

  beforeAll(async () => {
    t = await pagesApp(log);
  }, 180_000);
  afterAll(() => t.close());

  const pageHeaders = (token: string) => ({
    host: ADMIN_HOST,
    origin: ADMIN_ORIGIN,
    cookie: `staff_session=${token}`,
  });

  it('saves a product with one staff session lookup and one read of the product before its change', async () => {
    const product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 3 });
    const staff = await signedInMember(t.app.db, { role: 'staff' });
    const form = new URLSearchParams({
      intent: 'save',
      version: String(product.version),
      nameAr: 'هاتف محفوظ',
      nameEn: 'Saved phone',
      descriptionAr: '',
      descriptionEn: '',
      price: '149.50',
      offerPrice: '',
      offerStartsAt: '',
      offerEndsAt: '',
      stock: '9',
      categoryId: String(product.categoryId),
      brandId: String(product.companyId),
    });
    const res = await log.record(() =>
      t.app.inject({
        method: 'POST',
        url: `/en/dashboard/products/${product.id}`,
        headers: { ...pageHeaders(staff.token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      }),
    );

    // Without JavaScript the page answers post-redirect-get, back to the product's page.
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(`/en/dashboard/products/${product.id}`);
    const [saved] = await t.app.db.select().from(products).where(eq(products.id, product.id));
    expect(saved).toMatchObject({
      nameEn: 'Saved phone',
      priceHalalas: 14_950,
      stock: 9,
      version: product.version + 1,
    });
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(product.id)));
    expect(entries.map((e) => [e.action, e.actor])).toEqual([['product.update', staff.member.email]]);

    const sessionReads = statements.filter((sql) => /from "staff_sessions"/.test(sql));
    const productReads = statements.filter((sql) => /^select\b[\s\S]*\bfrom "products"/i.test(sql));
    // No request went through the API's routes: the member was resolved once, by the page.
    expect(sessionReads).toHaveLength(1);
    // The product is read once, locked at its version; nothing reads it again for an answer
    // the page does not show (the page's loaders read it after the redirect).
    expect(productReads, productReads.join('\n')).toHaveLength(1);
  });

  it('checks an image posted to the new-product page as the API checks an upload, and keeps no refused file', async () => {
    const staff = await signedInMember(t.app.db, { role: 'staff' });
    const category = await createCategory(t.app.db);
    const brand = await createCompany(t.app.db);
    const catalogDir = path.join(t.config.uploadsDir, 'catalog');
    const stored = async () => (await readdir(catalogDir).catch(() => [])).length;
    const post = (
      nameEn: string,
      file: { filename: string; contentType: string; data: Buffer },
      categoryId = category.id,
    ) => {
      const body = multipart(
        {
          nameAr: 'هاتف صورة',
          nameEn,
          price: '99',
          stock: '1',
          categoryId: String(categoryId),
          brandId: String(brand.id),
        },
        [{ name: 'image', ...file }],
      );
      return t.app.inject({
        method: 'POST',
        url: '/en/dashboard/products/new',
        headers: { ...pageHeaders(staff.token), ...body.headers },
        payload: body.payload,
      });
    };
    const before = await stored();

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>');
    const refused = await post('Svgphone', { filename: 'photo.png', contentType: 'image/png', data: svg });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('The image must be a JPEG, PNG or WebP file');
    expect(await t.app.db.select().from(products).where(eq(products.nameEn, 'Svgphone'))).toEqual([]);
    expect(await stored()).toBe(before);

    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer();
    // A good image for a change that is refused: the image stored for it is removed again.
    const noCategory = await post(
      'Lostphone',
      { filename: 'photo.png', contentType: 'image/png', data: png },
      999_999_999,
    );
    expect(noCategory.statusCode).toBe(200);
    expect(noCategory.body).toContain('The category was not found');
    expect(await stored()).toBe(before);

    const created = await post('Pngphone', { filename: 'photo.png', contentType: 'image/png', data: png });
    expect(created.statusCode, created.body).toBe(302);
    const [row] = await t.app.db.select().from(products).where(eq(products.nameEn, 'Pngphone'));
    expect(created.headers.location).toBe(`/en/dashboard/products/${row!.id}`);
    expect(row!.image).toMatch(/^\/uploads\/catalog\/[0-9a-f-]+\.webp$/);
    // Re-encoded as the API re-encodes a product image: WebP, at most 1000 px on its longest side.
    const meta = await sharp(
      await readFile(path.join(t.config.uploadsDir, row!.image.replace('/uploads/', ''))),
    ).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1000, height: 750 });
    expect(await stored()).toBe(before + 1);
  });

  it('refuses to remove a category that products use, saying how many, in the page’s language', async () => {
    const staff = await signedInMember(t.app.db, { role: 'staff' });
    const category = await createCategory(t.app.db);
    await createProduct(t.app.db, { categoryId: category.id });
    await createProduct(t.app.db, { categoryId: category.id, hidden: true });
    const form = new URLSearchParams({
      intent: 'delete',
      id: String(category.id),
      confirm: '1',
      confirmKey: `delete:${category.id}`,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/en/dashboard/categories',
      headers: { ...pageHeaders(staff.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('The category cannot be removed: 2 products use it');
  });

  it('sets a product’s options and edits its variants from the editor’s plain forms, a bulk change included', async () => {
    const product = await createProduct(t.app.db, { sku: 'PG-PHONE', priceHalalas: 300_000, stock: 2 });
    const staff = await signedInMember(t.app.db, { role: 'staff' });
    const post = (form: Record<string, string>, lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url: `${lang === 'en' ? '/en' : ''}/dashboard/products/${product.id}`,
        headers: { ...pageHeaders(staff.token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    const options = await post({
      intent: 'options',
      version: String(product.version),
      'option0.nameAr': 'السعة',
      'option0.nameEn': 'Storage',
      'option0.kind': 'text',
      'option0.values': '128 جيجابايت | 128 GB\n256 جيجابايت | 256 GB',
      'option1.nameAr': 'اللون',
      'option1.nameEn': 'Colour',
      'option1.kind': 'colour',
      'option1.values': 'أزرق | Blue | #1e3a8a',
      'option2.nameAr': '',
      'option2.nameEn': '',
      'option2.values': '',
    });
    expect(options.statusCode, options.body).toBe(302);
    const variants = await t.app.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(productVariants.position);
    expect(variants.map((v) => [v.sku, v.priceHalalas, v.stock])).toEqual([
      ['PG-PHONE', 300_000, 2],
      ['PG-PHONE-256-GB-Blue', 300_000, 0],
    ]);

    // The grid with the second row ticked: its price set and 5 units added; the rest as typed.
    const [current] = await t.app.db.select().from(products).where(eq(products.id, product.id));
    const grid = await post({
      intent: 'variants',
      version: String(current!.version),
      count: '2',
      bulk: '1',
      bulkPrice: '3499',
      bulkStock: '5',
      'variant0.id': String(variants[0]!.id),
      'variant0.sku': 'PG-128-BLU',
      'variant0.price': '2999',
      'variant0.offerPrice': '2799',
      'variant0.stock': '2',
      'variant1.id': String(variants[1]!.id),
      'variant1.sku': 'PG-256-BLU',
      'variant1.price': '3000',
      'variant1.stock': '0',
      'variant1.selected': 'on',
    });
    expect(grid.statusCode, grid.body).toBe(302);
    const saved = await t.app.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(productVariants.position);
    expect(saved.map((v) => [v.sku, v.priceHalalas, v.offerPriceHalalas, v.stock])).toEqual([
      ['PG-128-BLU', 299_900, 279_900, 2],
      ['PG-256-BLU', 349_900, null, 5],
    ]);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(product.id)));
    expect(entries.map((e) => e.action)).toEqual(['product.options', 'product.variants']);

    // A refused grid comes back to the page (no JavaScript) with the message in its language.
    const [again] = await t.app.db.select().from(products).where(eq(products.id, product.id));
    const refused = await post(
      {
        intent: 'variants',
        version: String(again!.version),
        count: '2',
        'variant0.id': String(variants[0]!.id),
        'variant0.sku': 'SAME',
        'variant0.price': '10',
        'variant0.stock': '1',
        'variant1.id': String(variants[1]!.id),
        'variant1.sku': 'SAME',
        'variant1.price': '10',
        'variant1.stock': '1',
      },
      'ar',
    );
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('هذا الرمز مكرر');
  });
});
