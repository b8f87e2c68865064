import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { adminContentPaths as paths, apiPaths, type ImportJob } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/schema.ts';
import { productImages, products } from './schema.ts';
import { catalogImportJobs } from '../imports/schema.ts';
import type { TestContext } from '../../test/harness.ts';
import { importShop, type ImportShop } from '../../test/import-shop.ts';

describe('back office: a ZIP archive brings a catalog file with new images', () => {
  let shop: ImportShop;
  let t: TestContext;
  let staff: Record<string, string>;
  let shopImage: string;
  let category: string;
  let company: string;
  let photo: Buffer;
  beforeAll(async () => {
    shop = await importShop();
    ({ t, staff, image: shopImage, category, company } = shop);
    // A photo as a camera writes it: larger than the shop keeps, with metadata to drop.
    photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'camera owner' } } })
      .toBuffer();
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer | Uint8Array, fileName: string, lang: 'ar' | 'en' = 'en') =>
    shop.upload(bytes, fileName, { lang, contentType: 'application/zip' });
  const job = (id: string, lang: 'ar' | 'en' = 'en') => shop.job(id, lang);
  const storedImages = async () => (await readdir(path.join(t.config.uploadsDir, 'catalog'))).sort();
  const product = (sku: string, image: string, extra: string[] = []) => ({
    sku,
    name: { ar: `منتج ${sku}`, en: `Product ${sku}` },
    category,
    company,
    price: 250,
    stock: 3,
    image,
    ...(extra.length && { images: extra }),
  });
  const text = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

  it('imports a product whose new image is in the archive: the shop shows it, re-encoded', async () => {
    const before = await storedImages();
    const archive = zipSync({
      // The catalog in a folder, its images in a folder beside it, as the command line reads them.
      'shop/catalog.json': text({ products: [product('zip-1', 'images/red.jpg', [shopImage])] }),
      'shop/images/red.jpg': photo,
      // What macOS adds when it packs a folder is not taken for a second catalog file.
      '__MACOSX/shop/._catalog.json': new Uint8Array([0, 5, 22, 7]),
    });
    const res = await upload(archive, 'catalog.zip');
    expect(res.statusCode).toBe(200);
    const checked = res.json().job as ImportJob;
    expect(checked).toMatchObject({ status: 'checked', errors: [], fileName: 'catalog.zip' });
    expect(checked.summary?.products).toEqual({ created: 1, updated: 0 });

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: paths.importStart.build({ id: checked.id }),
          headers: staff,
        })
      ).statusCode,
    ).toBe(200);
    let current = await job(checked.id);
    // The import runs between requests: each poll lets it go on (setImmediate) before asking again.
    while (current.status === 'running') {
      await new Promise((resolve) => setImmediate(resolve));
      current = await job(checked.id);
    }
    expect(current.status).toBe('done');

    const [row] = await t.app.db.select().from(products).where(eq(products.sku, 'zip-1'));
    expect(row!.image).toMatch(/^\/uploads\/catalog\/[0-9a-f-]+\.webp$/);
    expect(row!.image).not.toBe(shopImage);
    expect((await storedImages()).length).toBe(before.length + 1);
    const extra = await t.app.db.select().from(productImages).where(eq(productImages.productId, row!.id));
    expect(extra.map((e) => e.image)).toEqual([shopImage]);

    // A shopper sees the product with the new image, served as WebP at most 1000 px, metadata gone.
    const shown = await t.app.inject({ url: apiPaths.productById.build({ id: row!.id }) });
    expect(shown.statusCode).toBe(200);
    expect(JSON.stringify(shown.json())).toContain(row!.image);
    const served = await t.app.inject({ url: row!.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 1000, 750, undefined]);
  });

  it('discards a checked archive without importing it: its images and kept file go, and it cannot start', async () => {
    const before = await storedImages();
    const kept = () => readdir(path.join(t.config.dataDir, 'imports'));
    const archive = zipSync({
      'catalog.json': text({ products: [product('zip-discard', 'red.jpg')] }),
      'red.jpg': photo,
    });
    const checked = (await upload(archive, 'discard.zip')).json().job as ImportJob;
    expect(checked.status).toBe('checked');
    expect(await storedImages()).toHaveLength(before.length + 1);
    expect(await kept()).toContain(`${checked.id}.json`);

    const discard = (lang: 'ar' | 'en') =>
      t.app.inject({
        method: 'POST',
        url: paths.importDiscard.build({ id: checked.id }),
        headers: { ...staff, 'accept-language': lang },
      });
    const res = await discard('ar');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'أُلغي الملف ولم يُستورد منه شيء',
      job: { id: checked.id, status: 'discarded' },
    });
    expect(await storedImages()).toEqual(before);
    expect(await kept()).not.toContain(`${checked.id}.json`);
    expect(await t.app.db.select().from(products).where(eq(products.sku, 'zip-discard'))).toEqual([]);
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, checked.id));
    expect(entry).toMatchObject({
      action: 'catalog.import_discard',
      after: { fileName: 'discard.zip', images: 1 },
    });

    // Neither started nor discarded again, in the member's language.
    const start = await shop.start(checked.id);
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({ code: 'IMPORT_NOT_READY' });
    const again = await discard('en');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'IMPORT_DISCARD_NOT_CHECKED',
      message: 'Only a checked file that has not been imported can be discarded',
    });
  });

  it('discards a checked archive nobody imported within a day, with its images, when the next file is checked', async () => {
    const before = await storedImages();
    const archive = zipSync({
      'catalog.json': text({ products: [product('zip-abandoned', 'red.jpg')] }),
      'red.jpg': photo,
    });
    const abandoned = (await upload(archive, 'abandoned.zip')).json().job as ImportJob;
    const recent = (await upload(archive, 'recent.zip')).json().job as ImportJob;
    expect(await storedImages()).toHaveLength(before.length + 2);
    await t.app.db
      .update(catalogImportJobs)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(catalogImportJobs.id, abandoned.id));

    const next = await upload(text({ products: [product('zip-next', shopImage)] }), 'next.json');
    expect(next.json().job).toMatchObject({ status: 'checked' });
    expect((await job(abandoned.id)).status).toBe('discarded');
    // A file checked within the day waits for its member.
    expect((await job(recent.id)).status).toBe('checked');
    expect(await storedImages()).toHaveLength(before.length + 1);
  });

  it('reports a missing image and a web page named .png on their rows, in file order, in both languages, storing nothing', async () => {
    const before = await storedImages();
    const archive = zipSync({
      'catalog.json': text({
        products: [
          product('zip-ok', 'images/red.jpg'),
          product('zip-html', 'images/page.png'),
          product('zip-gone', '/uploads/catalog/gone.webp'),
          product('zip-missing', 'images/nope.png'),
        ],
      }),
      'images/red.jpg': photo,
      'images/page.png': new TextEncoder().encode(
        '<!doctype html><html><body><script>alert(1)</script></body></html>',
      ),
    });
    const invalid = (await upload(archive, 'bad.zip')).json().job as ImportJob;
    expect(invalid.status).toBe('invalid');
    expect(invalid.errors).toEqual([
      {
        section: 'products',
        row: 2,
        field: 'image',
        message: 'not a JPEG, PNG or WebP image: images/page.png',
      },
      {
        section: 'products',
        row: 3,
        field: 'image',
        message: 'must be the path of an image already in the shop (/uploads/…)',
      },
      {
        section: 'products',
        row: 4,
        field: 'image',
        message: 'file not found in the ZIP file: images/nope.png',
      },
    ]);
    expect((await job(invalid.id, 'ar')).errors.map((e) => e.message)).toEqual([
      'ليست صورة JPEG أو PNG أو WebP: images/page.png',
      'يجب أن يكون مسار صورة موجودة في المتجر (/uploads/…)',
      'الملف غير موجود في ملف ZIP: images/nope.png',
    ]);
    // The good image the check stored is removed again: a file with problems leaves nothing behind.
    expect(await storedImages()).toEqual(before);
    expect(await t.app.db.select().from(products).where(eq(products.sku, 'zip-ok'))).toHaveLength(0);
  });

  it('refuses a zip bomb before unpacking it, with a clear message in both languages', async () => {
    // 60 MB of zeros packs into a few kilobytes: past the 50 MB a file may unpack to.
    const archive = zipSync({
      'catalog.json': text({ products: [product('zip-bomb', 'images/bomb.png')] }),
      'images/bomb.png': new Uint8Array(60 * 1024 * 1024),
    });
    expect(archive.length).toBeLessThan(1024 * 1024);
    const en = await upload(archive, 'bomb.zip');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 'IMPORT_ZIP_TOO_LARGE',
      message:
        'The ZIP file was refused: unpacked, it holds more than allowed (20,000 files, 50 MB per file, 200 MB in all)',
    });
    const ar = await upload(archive, 'bomb.zip', 'ar');
    expect(ar.json().message).toMatch(/^رُفض ملف ZIP/);
    expect(await t.app.db.select().from(products).where(eq(products.sku, 'zip-bomb'))).toHaveLength(0);
  });

  it('refuses an archive with a path leaving its folder, an absolute path, or no catalog file', async () => {
    const catalog = text({ products: [product('zip-evil', 'images/red.jpg')] });
    for (const name of ['../evil.png', 'images/../../evil.png', '/etc/evil.png']) {
      const res = await upload(
        zipSync({ 'catalog.json': catalog, 'images/red.jpg': photo, [name]: photo }),
        'x.zip',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('IMPORT_ZIP_UNSAFE_PATH');
    }
    const none = await upload(zipSync({ 'images/red.jpg': photo }), 'x.zip');
    expect(none.json()).toMatchObject({
      code: 'IMPORT_ZIP_NO_CATALOG',
      message: 'The ZIP file must hold one catalog file (JSON or CSV) beside the images',
    });
    const broken = await upload(Buffer.from('PK\u0003\u0004 not really a zip file'), 'x.zip');
    expect(broken.json().code).toBe('IMPORT_ZIP_UNREADABLE');
    // An image path in the catalog that climbs out of the archive is not looked for outside it.
    const climbing = zipSync({
      'shop/catalog.json': text({ products: [product('zip-climb', '../../../../etc/passwd')] }),
    });
    expect(((await upload(climbing, 'x.zip')).json().job as ImportJob).errors).toEqual([
      {
        section: 'products',
        row: 1,
        field: 'image',
        message: 'file not found in the ZIP file: ../../../../etc/passwd',
      },
    ]);
  });
});
