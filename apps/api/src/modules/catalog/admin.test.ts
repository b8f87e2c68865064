import { crc32 } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { adminCatalogPaths, adminPaths, apiPaths, type AdminProduct } from '@shop/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createCategory, createCompany, createProduct } from '../../test/factories.ts';
import { createShopper, placeOrderCall, placeOrderOk, putInCart } from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';
import { multipart, signedInUser } from '../../test/users.ts';
import { applyOfferSchedule } from './admin.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInMember>>;
let owner: Awaited<ReturnType<typeof signedInMember>>;
let categoryId: number;
let brandId: number;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInMember(t.app.db, { role: 'staff' });
  owner = await signedInMember(t.app.db, { role: 'owner' });
  categoryId = (await createCategory(t.app.db, { nameAr: 'هواتف', nameEn: 'Phones' })).id;
  brandId = (await createCompany(t.app.db, { nameAr: 'سامسونج', nameEn: 'Samsung' })).id;
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const fields = (overrides: Record<string, string> = {}) => ({
  nameAr: 'هاتف تجريبي',
  nameEn: 'Testphone',
  descriptionAr: 'وصف',
  descriptionEn: 'A description',
  price: '199.50',
  stock: '7',
  categoryId: String(categoryId),
  brandId: String(brandId),
  ...overrides,
});

function imagePart(data: Buffer, filename = 'photo.png', contentType = 'image/png') {
  return { name: 'image', filename, contentType, data };
}

async function create(overrides: Record<string, string> = {}, image: Buffer | null = png, lang = 'en') {
  const body = multipart(fields(overrides), image ? [imagePart(image)] : []);
  return t.app.inject({
    method: 'POST',
    url: `${adminCatalogPaths.products.pattern}?lang=${lang}`,
    headers: { ...staff.headers, ...body.headers },
    payload: body.payload,
  });
}

async function createOk(overrides: Record<string, string> = {}): Promise<AdminProduct> {
  const res = await create(overrides);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ product: AdminProduct }>().product;
}

function edit(product: AdminProduct, changes: Record<string, unknown>, lang = 'en', headers = staff.headers) {
  return t.app.inject({
    method: 'PUT',
    url: `${adminCatalogPaths.product.build({ id: product.id })}?lang=${lang}`,
    headers,
    payload: {
      nameAr: product.nameAr,
      nameEn: product.nameEn,
      descriptionAr: product.descriptionAr,
      descriptionEn: product.descriptionEn,
      price: product.price,
      offerPrice: product.offerPrice,
      stock: product.stock,
      categoryId: product.categoryId,
      brandId: product.brandId,
      featured: product.featured,
      hidden: product.hidden,
      version: product.version,
      ...changes,
    },
  });
}

async function storefrontListing(lang = 'en') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${apiPaths.productsPaged.build({ pageSize: 100, page: 1 })}?lang=${lang}`,
  });
  return res.json<{
    products: { productId: number; productName: string; productPrice: number }[];
    pagging: { rawCount: number };
  }>();
}

async function storefrontSearch(text: string, lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: `${apiPaths.productSearch.build({ pageSize: 20, page: 1 })}?lang=${lang}`,
    payload: { productName: text },
  });
  return res.json<{ products: { productId: number }[] }>().products.map((p) => p.productId);
}

async function auditActions(entityId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${adminPaths.auditLog.pattern}?entityType=product&entityId=${entityId}`,
    headers: owner.headers,
  });
  return res.json<{ items: { action: string; actor: string; before: unknown; after: unknown }[] }>().items;
}

describe('creating and editing products', () => {
  it('a staff member creates a product with an image; shoppers find it at once in both languages', async () => {
    const product = await createOk({ nameEn: 'Zephyrphone Ultra', nameAr: 'زفير فون الترا' });
    expect(product).toMatchObject({ price: 199.5, stock: 7, hidden: false, version: 1 });
    expect(product.images).toHaveLength(1);
    expect(product.images[0]).toMatch(/^\/uploads\/catalog\/[0-9a-f-]+\.webp$/);

    const en = await storefrontListing('en');
    expect(en.products.find((p) => p.productId === product.id)).toMatchObject({
      productName: 'Zephyrphone Ultra',
      productPrice: 199.5,
    });
    const ar = await storefrontListing('ar');
    expect(ar.products.find((p) => p.productId === product.id)?.productName).toBe('زفير فون الترا');
    expect(await storefrontSearch('zephyrphone', 'en')).toContain(product.id);
    expect(await storefrontSearch('زفير', 'ar')).toContain(product.id);

    const served = await t.app.inject({ method: 'GET', url: product.images[0]! });
    expect(served.statusCode).toBe(200);
    const [entry] = await auditActions(product.id);
    expect(entry).toMatchObject({ action: 'product.create', actor: staff.member.email });
  });

  it('a product needs an image, a price below its offer is refused, in the staff member’s language', async () => {
    const noImage = await create({}, null, 'ar');
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toMatchObject({ code: 'PRODUCT_IMAGE_REQUIRED', message: 'اختر صورة لرفعها' });
    const offer = await create({ offerPrice: '250' }, png, 'en');
    expect(offer.statusCode).toBe(400);
    expect(offer.json().code).toBe('OFFER_NOT_BELOW_PRICE');
    const price = await create({ price: '12.345' }, png, 'en');
    expect(price.json().code).toBe('PRICE_INVALID');
  });

  it('an edit with the current version saves; a second edit from the same old copy is refused and changes nothing', async () => {
    const product = await createOk();
    const first = await edit(product, { price: '149.99', nameEn: 'First editor' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().product).toMatchObject({ price: 149.99, nameEn: 'First editor', version: 2 });

    const second = await edit(product, { price: '99', nameEn: 'Second editor' }, 'en');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'PRODUCT_VERSION_CONFLICT' });
    expect(second.json().message).toMatch(/Someone else changed this product/);
    const inArabic = await edit(product, { price: '99' }, 'ar');
    expect(inArabic.json().message).toMatch(/عدّل شخص آخر/);

    const now = await t.app.inject({
      method: 'GET',
      url: adminCatalogPaths.product.build({ id: product.id }),
      headers: staff.headers,
    });
    expect(now.json()).toMatchObject({ price: 149.99, nameEn: 'First editor', version: 2 });
    const actions = (await auditActions(product.id)).map((a) => a.action);
    expect(actions.filter((a) => a === 'product.update')).toHaveLength(1);
  });

  it('a new price is what the product page answers on the next request', async () => {
    const product = await createOk();
    const before = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.productById.build({ id: product.id })}?lang=en`,
    });
    expect(before.json().productPrice).toBe(199.5);
    await edit(product, { price: '175.25' });
    const after = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.productById.build({ id: product.id })}?lang=en`,
    });
    expect(after.json().productPrice).toBe(175.25);
  });

  it('an offer with dates is shown only while its dates hold', async () => {
    const product = await createOk();
    const starts = new Date(Date.now() + 2 * 3600_000);
    const ends = new Date(Date.now() + 5 * 3600_000);
    const res = await edit(product, {
      offerPrice: '150',
      offerStartsAt: starts.toISOString(),
      offerEndsAt: ends.toISOString(),
    });
    expect(res.json().product).toMatchObject({ offerPrice: 150, offerLive: false });
    const page = () =>
      t.app.inject({ method: 'GET', url: `${apiPaths.productById.build({ id: product.id })}?lang=en` });
    expect((await page()).json().productPriceAfterOffer).toBeUndefined();

    // As the minute task does: the products whose offer started or ended go on the change bus.
    const schedule = async (now: Date) => {
      const ids = await applyOfferSchedule(t.app.db, now);
      await t.app.changes.publish({ topic: 'catalog', productIds: ids });
      return ids;
    };
    expect(await schedule(new Date(starts.getTime() + 1000))).toContain(product.id);
    expect((await page()).json().productPriceAfterOffer).toBe(150);
    expect(await schedule(new Date(ends.getTime() + 1000))).toContain(product.id);
    expect((await page()).json().productPriceAfterOffer).toBeUndefined();
  });
});

describe('hidden products', () => {
  it('are gone from the listing, its count, search and related products, and their page is a 404 to shoppers', async () => {
    const category = await createCategory(t.app.db);
    const product = await createOk({ nameEn: 'Quokkaphone Secret', categoryId: String(category.id) });
    const sibling = await createProduct(t.app.db, { categoryId: category.id, companyId: brandId });
    // Written straight to the database: announced as every writer of products does.
    await t.app.changes.publish({ topic: 'catalog', productIds: [sibling.id] });
    const listed = await storefrontListing();
    const countBefore = listed.pagging.rawCount;
    expect(await storefrontSearch('quokkaphone')).toContain(product.id);

    const res = await edit(product, { hidden: true });
    expect(res.statusCode, res.body).toBe(200);
    const after = await storefrontListing();
    expect(after.products.map((p) => p.productId)).not.toContain(product.id);
    expect(after.pagging.rawCount).toBe(countBefore - 1);
    expect(await storefrontSearch('quokkaphone')).toEqual([]);
    const page = await t.app.inject({ method: 'GET', url: apiPaths.productById.build({ id: product.id }) });
    expect(page.statusCode).toBe(404);
    const related = await t.app.inject({
      method: 'GET',
      url: apiPaths.relatedProducts.build({ id: sibling.id }),
    });
    expect(related.json<{ productId: number }[]>().map((p) => p.productId)).not.toContain(product.id);
    const byCategory = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.productsPaged.build({ pageSize: 20, page: 1 })}?categoryId=${category.id}`,
    });
    expect(byCategory.json().pagging.rawCount).toBe(1);

    // Staff still find it in the back office, by its name.
    const admin = await t.app.inject({
      method: 'GET',
      url: `${adminCatalogPaths.products.pattern}?q=quokkaphone&visibility=hidden`,
      headers: staff.headers,
    });
    expect(admin.json().items.map((p: AdminProduct) => p.id)).toEqual([product.id]);

    // Published again: back everywhere.
    const again = await edit(res.json().product, { hidden: false });
    expect(again.statusCode).toBe(200);
    expect(await storefrontSearch('quokkaphone')).toContain(product.id);
    expect((await storefrontListing()).pagging.rawCount).toBe(countBefore);
  });

  it('a shopper cannot put a hidden product in the cart', async () => {
    const product = await createOk({ hidden: 'on' });
    const shopper = await signedInUser(t.app.db);
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.cartInsert.pattern,
      headers: shopper.bearer,
      payload: { productId: product.id },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
  });

  it('an order from a cart that holds a product hidden since is refused, and no stock is taken', async () => {
    const product = await createOk({ stock: '4' });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    await edit(product, { hidden: true });
    const res = await placeOrderCall(t, shopper);
    expect(res.statusCode).toBe(409);
    const [row] = await t.app.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.stock).toBe(4);
  });
});

describe('the back office’s product search', () => {
  const find = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${adminCatalogPaths.products.pattern}?q=${encodeURIComponent(q)}`,
      headers: staff.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: AdminProduct[] }>().items.map((p) => p.id);
  };

  it('finds a renamed product by its new name at once, and no longer by its old one', async () => {
    const product = await createOk({ nameEn: 'Numbat Speaker', nameAr: 'سماعة نمبات' });
    expect(await find('numbat')).toEqual([product.id]);
    const res = await edit(product, { nameEn: 'Bilby Speaker', nameAr: 'سماعة بلبي' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await find('bilby')).toEqual([product.id]);
    expect(await find('بلبي')).toEqual([product.id]);
    expect(await find('numbat')).toEqual([]);
    // Stock sold or set elsewhere changes no text: the product is still found.
    await t.app.db.update(products).set({ stock: 3 }).where(eq(products.id, product.id));
    await t.app.changes.publish({ topic: 'catalog', productIds: [product.id] });
    expect(await find('bilbi')).toEqual([product.id]);
  });

  it('finds a hidden product by a word only it holds, while shoppers’ typos still go to a visible one', async () => {
    const hidden = await createOk({ nameEn: 'Quollphone Prototype', hidden: 'on' });
    const visible = await createOk({ nameEn: 'Quollfone Mini' });
    // Staff find both (the other is a near match, as for shoppers); the list is newest first.
    expect(await find('quollphone')).toEqual([visible.id, hidden.id]);
    // To shoppers the hidden product's word is unknown: taken for a typo of the visible one's.
    expect(await storefrontSearch('quollphone')).toEqual([visible.id]);
  });
});

describe('deleting products', () => {
  it('a product in an order is hidden, never deleted; one never ordered is deleted', async () => {
    const ordered = await createOk();
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, ordered.id, 1);
    await placeOrderOk(t, shopper);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${adminCatalogPaths.product.build({ id: ordered.id })}?lang=en`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'hidden' });
    expect(res.json().message).toMatch(/appears in orders/);
    const [row] = await t.app.db.select().from(products).where(eq(products.id, ordered.id));
    expect(row?.hidden).toBe(true);

    const fresh = await createOk();
    const gone = await t.app.inject({
      method: 'DELETE',
      url: adminCatalogPaths.product.build({ id: fresh.id }),
      headers: staff.headers,
    });
    expect(gone.json()).toMatchObject({ outcome: 'deleted' });
    expect(await t.app.db.select().from(products).where(eq(products.id, fresh.id))).toEqual([]);
    expect((await auditActions(fresh.id)).map((a) => a.action)).toContain('product.delete');
  });
});

/** A valid PNG header declaring `width`×`height` pixels, with one tiny compressed row after it. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('product images', () => {
  async function upload(
    product: AdminProduct,
    data: Buffer,
    filename: string,
    contentType: string,
    lang = 'en',
  ) {
    const body = multipart({ version: String(product.version) }, [imagePart(data, filename, contentType)]);
    return t.app.inject({
      method: 'POST',
      url: `${adminCatalogPaths.productImages.build({ id: product.id })}?lang=${lang}`,
      headers: { ...staff.headers, ...body.headers },
      payload: body.payload,
    });
  }

  it('refuses a script named .png, an SVG, an HTML file renamed, a pixel flood and an oversized file', async () => {
    const product = await createOk();
    const script = await upload(product, Buffer.from('<script>alert(1)</script>'), 'cat.png', 'image/png');
    expect(script.statusCode).toBe(415);
    expect(script.json()).toMatchObject({
      code: 'IMAGE_INVALID',
      message: 'The image must be a JPEG, PNG or WebP file',
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    expect((await upload(product, svg, 'logo.svg', 'image/svg+xml')).json().code).toBe('IMAGE_INVALID');
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    expect((await upload(product, html, 'photo.jpg', 'image/jpeg')).json().code).toBe('IMAGE_INVALID');

    const flood = await upload(product, pngDeclaring(20_000, 20_000), 'flood.png', 'image/png', 'ar');
    expect(flood.statusCode).toBe(413);
    expect(flood.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS', message: 'أبعاد الصورة كبيرة جداً' });

    const big = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await upload(product, big, 'big.png', 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('IMAGE_TOO_LARGE');

    const now = await t.app.inject({
      method: 'GET',
      url: adminCatalogPaths.product.build({ id: product.id }),
      headers: staff.headers,
    });
    expect(now.json()).toMatchObject({ images: product.images, version: product.version });
  });

  it('stores an upload as WebP without its metadata; images are reordered and removed', async () => {
    const product = await createOk();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa3322' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location-42', Artist: 'someone' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(product, jpeg, 'holiday.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const withTwo = res.json<{ product: AdminProduct }>().product;
    expect(withTwo.images).toHaveLength(2);
    const stored = await readFile(
      path.join(t.config.uploadsDir, withTwo.images[1]!.replace('/uploads/', '')),
    );
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('secret-location-42')).toBe(false);

    const reordered = await t.app.inject({
      method: 'PUT',
      url: adminCatalogPaths.productImages.build({ id: product.id }),
      headers: staff.headers,
      payload: { images: [...withTwo.images].reverse(), version: withTwo.version },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const swapped = reordered.json<{ product: AdminProduct }>().product;
    expect(swapped.images).toEqual([...withTwo.images].reverse());
    const shopperView = await t.app.inject({
      method: 'GET',
      url: apiPaths.productById.build({ id: product.id }),
    });
    expect(shopperView.json().productImage).toBe(withTwo.images[1]);

    const foreign = await t.app.inject({
      method: 'PUT',
      url: adminCatalogPaths.productImages.build({ id: product.id }),
      headers: staff.headers,
      payload: { images: ['/uploads/users/someone.webp'], version: swapped.version },
    });
    expect(foreign.json().code).toBe('PRODUCT_IMAGES_MISMATCH');
    const removed = await t.app.inject({
      method: 'PUT',
      url: adminCatalogPaths.productImages.build({ id: product.id }),
      headers: staff.headers,
      payload: { images: [swapped.images[1]], version: swapped.version },
    });
    expect(removed.json().product.images).toEqual([withTwo.images[0]]);
    const last = await t.app.inject({
      method: 'PUT',
      url: adminCatalogPaths.productImages.build({ id: product.id }),
      headers: staff.headers,
      payload: { images: [], version: removed.json().product.version },
    });
    expect(last.json().code).toBe('PRODUCT_LAST_IMAGE');
  });
});

describe('bulk actions', () => {
  it('a price change by percent rounds each price to the nearest halala, with one audit entry per product', async () => {
    const a = await createProduct(t.app.db, { priceHalalas: 1999, categoryId, companyId: brandId });
    const b = await createProduct(t.app.db, {
      priceHalalas: 1005,
      offerPriceHalalas: 995,
      categoryId,
      companyId: brandId,
    });
    const up = await t.app.inject({
      method: 'POST',
      url: adminCatalogPaths.productsBulk.pattern,
      headers: staff.headers,
      payload: { action: 'price_percent', ids: [a.id, b.id], percent: '10' },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().updated).toBe(2);
    const price = async (id: number) =>
      (await t.app.db.select().from(products).where(eq(products.id, id)))[0]!;
    // 1999 × 1.1 = 2198.9 → 2199; 1005 × 1.1 = 1105.5 → 1106 (halves away from zero); 995 × 1.1 = 1094.5 → 1095
    expect((await price(a.id)).priceHalalas).toBe(2199);
    expect(await price(b.id)).toMatchObject({ priceHalalas: 1106, offerPriceHalalas: 1095 });

    const down = await t.app.inject({
      method: 'POST',
      url: adminCatalogPaths.productsBulk.pattern,
      headers: staff.headers,
      payload: { action: 'price_percent', ids: [a.id], percent: '-12.5' },
    });
    expect(down.statusCode).toBe(200);
    // 2199 × 0.875 = 1924.125 → 1924
    expect((await price(a.id)).priceHalalas).toBe(1924);
    expect((await auditActions(a.id)).filter((e) => e.action === 'product.bulk_price')).toHaveLength(2);
    expect((await auditActions(b.id)).filter((e) => e.action === 'product.bulk_price')).toHaveLength(1);
  });

  it('sets stock, hides and publishes a selection in one go', async () => {
    const ids = [
      (await createProduct(t.app.db, { categoryId, companyId: brandId })).id,
      (await createProduct(t.app.db, { categoryId, companyId: brandId })).id,
    ];
    const call = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: adminCatalogPaths.productsBulk.pattern,
        headers: staff.headers,
        payload,
      });
    expect((await call({ action: 'set_stock', ids, stock: '0' })).statusCode).toBe(200);
    expect((await call({ action: 'hide', ids })).json().updated).toBe(2);
    const rows = await t.app.db.select().from(products).where(eq(products.id, ids[0]!));
    expect(rows[0]).toMatchObject({ stock: 0, hidden: true });
    expect((await storefrontListing()).products.map((p) => p.productId)).not.toContain(ids[0]);
    await call({ action: 'publish', ids });
    expect((await storefrontListing()).products.map((p) => p.productId)).toContain(ids[0]);
    const none = await call({ action: 'hide', ids: [] });
    expect(none.json().code).toBe('BULK_SELECTION_REQUIRED');
  });
});

describe('categories and brands', () => {
  it('creates, renames and reorders; removing one that products use is refused with how many', async () => {
    const body = multipart({ nameAr: 'ساعات', nameEn: 'Watches' }, [imagePart(png)]);
    const created = await t.app.inject({
      method: 'POST',
      url: adminCatalogPaths.categories.pattern,
      headers: { ...staff.headers, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(200);
    const watches = created.json().item;
    expect(watches).toMatchObject({ nameEn: 'Watches', productCount: 0 });
    const storefront = await t.app.inject({ method: 'GET', url: `${apiPaths.categories.pattern}?lang=en` });
    expect(storefront.json().map((c: { categoryName: string }) => c.categoryName)).toContain('Watches');

    const renamed = await t.app.inject({
      method: 'PUT',
      url: adminCatalogPaths.category.build({ id: watches.id }),
      headers: staff.headers,
      payload: { nameAr: 'ساعات ذكية', nameEn: 'Smart watches' },
    });
    expect(renamed.json().item.nameEn).toBe('Smart watches');

    for (let i = 0; i < 2; i++) await createProduct(t.app.db, { categoryId: watches.id, companyId: brandId });
    await createProduct(t.app.db, { categoryId: watches.id, companyId: brandId, hidden: true });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${adminCatalogPaths.category.build({ id: watches.id })}?lang=en`,
      headers: staff.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CATEGORY_IN_USE',
      message: 'The category cannot be removed: 3 products use it. Move them to another category first',
    });
    const inArabic = await t.app.inject({
      method: 'DELETE',
      url: `${adminCatalogPaths.category.build({ id: watches.id })}?lang=ar`,
      headers: staff.headers,
    });
    expect(inArabic.json().message).toContain('3');

    const list = await t.app.inject({
      method: 'GET',
      url: adminCatalogPaths.categories.pattern,
      headers: staff.headers,
    });
    const ids: number[] = list.json().items.map((c: { id: number }) => c.id);
    const reversed = [...ids].reverse();
    const ordered = await t.app.inject({
      method: 'PUT',
      url: adminCatalogPaths.categoriesOrder.pattern,
      headers: staff.headers,
      payload: { ids: reversed },
    });
    expect(ordered.json().items.map((c: { id: number }) => c.id)).toEqual(reversed);
    const partial = await t.app.inject({
      method: 'PUT',
      url: adminCatalogPaths.categoriesOrder.pattern,
      headers: staff.headers,
      payload: { ids: reversed.slice(1) },
    });
    expect(partial.json().code).toBe('ORDER_IDS_INVALID');
  });

  it('an unused brand is removed', async () => {
    const brand = await createCompany(t.app.db);
    const res = await t.app.inject({
      method: 'DELETE',
      url: adminCatalogPaths.brand.build({ id: brand.id }),
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: adminCatalogPaths.brands.pattern,
      headers: staff.headers,
    });
    expect(list.json().items.map((c: { id: number }) => c.id)).not.toContain(brand.id);
  });
});

describe('who may call', () => {
  it('a shopper reaches none of the catalog calls, signed in or not', async () => {
    const shopper = await signedInUser(t.app.db);
    const product = await createProduct(t.app.db, { categoryId, companyId: brandId });
    const calls = [
      { method: 'GET', url: adminCatalogPaths.products.pattern },
      { method: 'GET', url: adminCatalogPaths.product.build({ id: product.id }) },
      { method: 'PUT', url: adminCatalogPaths.product.build({ id: product.id }), payload: {} },
      { method: 'DELETE', url: adminCatalogPaths.product.build({ id: product.id }) },
      {
        method: 'POST',
        url: adminCatalogPaths.productsBulk.pattern,
        payload: { action: 'hide', ids: [product.id] },
      },
      { method: 'GET', url: adminCatalogPaths.categories.pattern },
      { method: 'DELETE', url: adminCatalogPaths.brand.build({ id: brandId }) },
    ] as const;
    for (const call of calls) {
      for (const headers of [shopper.cookie, shopper.bearer, {}]) {
        const res = await t.app.inject({
          ...call,
          headers: { origin: 'http://shop.test', host: 'shop.test', ...headers },
        });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      }
    }
    const [row] = await t.app.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.hidden).toBe(false);
  });
});
