import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  pathIn,
  test,
  waitForHydration,
  type Lang,
} from './fixtures.ts';
import { E2E_OWNER, signInToDashboard } from './staff-helpers.ts';

/*
 * The catalog in the back office, as staff use it and shoppers then see it: a category and a
 * product made with their images appear in the shop's listing and search in both languages; a
 * new price is on the product page at the next request; a hidden product is gone from the
 * listing, search and sitemap, and its page is a 404 to shoppers.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR;

async function pngFile(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 120, height: 90, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A shopper's view: a fresh browser context, no staff cookie. */
async function asShopper<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const words = {
  ar: {
    addCategory: 'إضافة قسم',
    add: 'إضافة',
    nameAr: 'الاسم بالعربية',
    nameEn: 'الاسم بالإنجليزية',
    image: 'الصورة',
    newProduct: 'إضافة منتج',
    price: 'السعر (ريال، شامل الضريبة)',
    stock: 'المخزون (وحدات)',
    category: 'القسم',
    brand: 'العلامة التجارية',
    create: 'إضافة المنتج',
    save: 'حفظ',
    hidden: 'مخفي عن المتجر',
    search: 'ابحث عن المنتجات',
  },
  en: {
    addCategory: 'Add a category',
    add: 'Add',
    nameAr: 'Name in Arabic',
    nameEn: 'Name in English',
    image: 'Image',
    newProduct: 'Add a product',
    price: 'Price (SAR, VAT included)',
    stock: 'Stock (units)',
    category: 'Category',
    brand: 'Brand',
    create: 'Add the product',
    save: 'Save',
    hidden: 'Hidden from the shop',
    search: 'Search products',
  },
} as const;

for (const lang of ['ar', 'en'] as const satisfies Lang[]) {
  test(`staff add a product with an image; shoppers see it, its new price, then not at all once hidden (${lang})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const w = words[lang];
    const tag = `${lang}${Date.now().toString(36)}`;
    const category = { ar: `فئة اختبار ${tag}`, en: `Testcat ${tag}` };
    const product = { ar: `جهاز زيفوني ${tag}`, en: `Zephony ${tag}` };
    await signInToDashboard(page, lang, E2E_OWNER);

    // A category of its own, so the product's listing holds it alone.
    await page.goto(pathIn(lang, '/dashboard/categories'));
    await waitForHydration(page);
    const add = page.getByRole('region', { name: w.addCategory });
    await add.getByLabel(w.nameAr).fill(category.ar);
    await add.getByLabel(w.nameEn).fill(category.en);
    await add.getByLabel(w.image).setInputFiles(await pngFile('category.png', '#2266aa'));
    await add.getByRole('button', { name: w.add, exact: true }).click();
    await expect(page.getByRole('heading', { name: category[lang] })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, `categories-${lang}`);

    // The product, with its image.
    await page.goto(pathIn(lang, '/dashboard/products/new'));
    await waitForHydration(page);
    await page.getByLabel(w.nameAr).fill(product.ar);
    await page.getByLabel(w.nameEn).fill(product.en);
    await page.getByLabel(w.price, { exact: true }).fill('349.90');
    await page.getByLabel(w.stock).fill('12');
    await page.getByLabel(w.category, { exact: true }).selectOption({ label: category[lang] });
    await page.getByLabel(w.brand, { exact: true }).selectOption({ index: 1 });
    await page.getByLabel(w.image, { exact: true }).setInputFiles(await pngFile('phone.png', '#aa4422'));
    await page.getByRole('button', { name: w.create }).click();
    await expect(page).toHaveURL(/\/dashboard\/products\/[0-9]+$/);
    const id = Number(/\/dashboard\/products\/([0-9]+)$/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { level: 1, name: product[lang] })).toBeVisible();
    await expect(page.getByRole('img', { name: lang === 'ar' ? 'الصورة 1' : 'Image 1' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, `product-edit-${lang}`);

    const categoryId = await asShopper(browser, async (shop) => {
      await shop.goto(pathIn('en', '/allcategory'));
      const link = shop.getByRole('link', { name: category.en });
      return Number(/category\/([0-9]+)/.exec((await link.getAttribute('href')) ?? '')![1]);
    });

    // Shoppers: the listing and search, in both languages, with the image.
    await asShopper(browser, async (shop) => {
      for (const l of ['ar', 'en'] as const) {
        await shop.goto(pathIn(l, `/products/category/${categoryId}`));
        const card = shop.getByRole('article').filter({ hasText: product[l] });
        await expect(card).toHaveCount(1);
        await expect(card.locator('img').first()).toHaveAttribute('src', /\/uploads\/catalog\/.+\.webp/);
        await shop.goto(`${pathIn(l, '/products')}?q=${encodeURIComponent(product[l].split(' ')[1]!)}`);
        await expect(shop.getByRole('article').filter({ hasText: product[l] })).toHaveCount(1);
      }
      await shop.goto(pathIn(lang, `/product/${id}`));
      await expect(shop.locator('main')).toContainText(/349[.,٫]9/);
    });

    // A new price: the product page shows it at the next request.
    await page.getByLabel(w.price, { exact: true }).fill('299.50');
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(page.getByLabel(w.price, { exact: true })).toHaveValue('299.50');
    await asShopper(browser, async (shop) => {
      await shop.goto(pathIn(lang, `/product/${id}`));
      await expect(shop.locator('main')).toContainText(/299[.,٫]5/);
      await expect(shop.locator('main')).not.toContainText(/349[.,٫]9/);
    });

    // Hidden: gone from the listing, search and sitemap; its page is a 404 to shoppers.
    await page.getByLabel(w.hidden).check();
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(page.getByLabel(w.hidden)).toBeChecked();
    await asShopper(browser, async (shop) => {
      for (const l of ['ar', 'en'] as const) {
        await shop.goto(pathIn(l, `/products/category/${categoryId}`));
        await expect(shop.getByRole('article').filter({ hasText: product[l] })).toHaveCount(0);
        await shop.goto(`${pathIn(l, '/products')}?q=${encodeURIComponent(product[l].split(' ')[1]!)}`);
        await expect(shop.getByRole('article').filter({ hasText: product[l] })).toHaveCount(0);
      }
      const sitemap = await shop.request.get('/sitemap.xml');
      expect(await sitemap.text()).not.toContain(`/product/${id}<`);
      const gone = await shop.goto(pathIn(lang, `/product/${id}`));
      expect(gone?.status()).toBe(404);
    });
    // Staff still preview it on the shop's own page.
    const preview = await page.goto(pathIn(lang, `/product/${id}`));
    expect(preview?.status()).toBe(200);
    await expect(page.locator('main')).toContainText(product[lang]);

    // The list finds it among hidden products.
    await page.goto(
      `${pathIn(lang, '/dashboard/products')}?visibility=hidden&q=${encodeURIComponent(product.en.split(' ')[1]!)}`,
    );
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: product[lang] })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(pathIn(lang, '/dashboard/products'));
    await shoot(page, `products-${lang}`);
  });
}

test('without JavaScript, ticked products are hidden and shown again with the bulk form (en)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await signInToDashboard(page, 'en', E2E_OWNER, { javaScript: false });
    // Two demo products found by one word; both are ticked and hidden in one post.
    await page.goto(`${pathIn('en', '/dashboard/products')}?q=galaxy&visibility=visible`);
    const rows = page.getByRole('checkbox', { name: /^Select / });
    const count = await rows.count();
    expect(count).toBeGreaterThan(1);
    const names = (
      await page.getByRole('table').locator('a[href*="/dashboard/products/"]').allTextContents()
    ).slice(0, 2);
    await rows.nth(0).check();
    await rows.nth(1).check();
    const bulk = page.getByRole('form', { name: 'Bulk action on the ticked products' });
    await bulk.getByLabel('Action on the selected products').selectOption('hide');
    await bulk.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByText('The action was applied to the selected products')).toBeVisible();
    await page.goto(`${pathIn('en', '/dashboard/products')}?q=galaxy&visibility=hidden`);
    for (const name of names) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

    // Shown again, so the shop is as it was for the other tests.
    for (let i = 0; i < names.length; i++)
      await page
        .getByRole('checkbox', { name: /^Select / })
        .nth(i)
        .check();
    await bulk.getByLabel('Action on the selected products').selectOption('publish');
    await bulk.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByText('The action was applied to the selected products')).toBeVisible();
    await page.goto(`${pathIn('en', '/dashboard/products')}?q=galaxy&visibility=hidden`);
    await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
  } finally {
    await context.close();
  }
});
