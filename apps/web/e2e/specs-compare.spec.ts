import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, pathIn, test, type Lang } from './fixtures.ts';

/*
 * Specifications on the product page and the comparison of products, in Arabic and English,
 * on a phone's screen and a desktop's, with and without JavaScript. The demo catalog gives its
 * phones and laptops specifications.
 */

const SHOTS = 'screenshots';

/**
 * The demo product with this English name, or else the search's first answer ("iPhone 15" also
 * finds the Pro and the Pro Max: the phones' names carry no storage, sold as an option).
 */
async function idOf(request: APIRequestContext, query: string): Promise<number> {
  const res = await request.post('/api/Product/Select/Product/By/Name/8/1?lang=en', {
    data: { productName: query },
  });
  const body = (await res.json()) as { products: { productId: number; productName: string }[] };
  const id = (body.products.find((p) => p.productName === query) ?? body.products[0])?.productId;
  if (id === undefined) throw new Error(`No demo product matches ${query}`);
  return id;
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const words = {
  ar: {
    specs: 'المواصفات',
    screen: 'حجم الشاشة',
    battery: 'البطارية',
    compare: 'مقارنة ',
    title: 'مقارنة الجوالات',
    full: 'يمكنك مقارنة أربعة منتجات على الأكثر',
    other: 'من قسم آخر',
    empty: 'لا يوجد ما تقارنه بعد',
  },
  en: {
    specs: 'Specifications',
    screen: 'Screen size',
    battery: 'Battery',
    compare: 'Compare ',
    title: 'Compare Phones',
    full: 'You can compare up to four products',
    other: 'is in another category',
    empty: 'Nothing to compare yet',
  },
} as const;

for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
  const w = words[lang];

  test.describe(`specifications (${lang})`, () => {
    test('the product page shows its filled specifications as a table; a product without any shows none', async ({
      page,
      request,
    }) => {
      const pro = await idOf(request, 'iPhone 15 Pro');
      await page.goto(pathIn(lang, `/product/${pro}`));
      const table = page
        .getByRole('region', { name: w.specs })
        .or(page.locator('section[aria-labelledby="specs-title"]'));
      await expect(page.getByRole('heading', { name: w.specs })).toBeVisible();
      await expect(table.getByRole('row', { name: new RegExp(w.screen) })).toContainText(
        lang === 'ar' ? '6.1 بوصة' : '6.1 inch',
      );
      await expect(table.getByRole('row', { name: new RegExp(w.battery) })).toContainText('3274 mAh');
      await expect(table.getByRole('row', { name: lang === 'ar' ? /المعالج/ : /Processor/ })).toContainText(
        'A17 Pro',
      );
      await expectAccessible(page);
      await shot(page, `product-specs-${lang}-1280`);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.getByRole('heading', { name: w.specs }).scrollIntoViewIfNeeded();
      await shot(page, `product-specs-${lang}-375`);

      const tablet = await idOf(request, 'iPad Air');
      await page.goto(pathIn(lang, `/product/${tablet}`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: w.specs })).toHaveCount(0);
    });
  });

  test.describe(`compare (${lang}, 375 px)`, () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('adds phones from their pages, shares the address, refuses a fifth and another category', async ({
      page,
      request,
      browser,
    }) => {
      const phones = await Promise.all(
        ['iPhone 15', 'Galaxy S24', 'Xiaomi 14 Ultra', 'Pixel', 'Redmi 13C'].map((q) =>
          q === 'Pixel' ? idOf(request, 'Sony Xperia 1 V') : idOf(request, q),
        ),
      );
      const laptop = await idOf(request, 'MacBook Air');

      await page.goto(pathIn(lang, '/compare?clear=1'));
      await expect(page.getByText(w.empty)).toBeVisible();

      for (const id of phones.slice(0, 2)) {
        await page.goto(pathIn(lang, `/product/${id}`));
        await page
          .locator('main')
          .getByRole('button', { name: new RegExp(w.compare) })
          .first()
          .click();
        await expect(page).toHaveURL(new RegExp(`/compare\\?ids=`));
      }
      expect(new URL(page.url()).searchParams.get('ids')).toBe(phones.slice(0, 2).join(','));
      await expect(page).toHaveTitle(new RegExp(w.title));
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      const table = page.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveCount(2);
      // The batteries differ (3349 and 4000 mAh): the row is marked as differing.
      const battery = table.getByRole('row', { name: new RegExp(w.battery) });
      await expect(battery).toHaveAttribute('data-differs', 'true');
      await expect(battery).toContainText('3349 mAh');
      await expect(battery).toContainText('4000 mAh');
      await shot(page, `compare-${lang}-375`);

      // A laptop is of another category: refused, the list unchanged.
      await page.goto(pathIn(lang, `/product/${laptop}`));
      await page
        .locator('main')
        .getByRole('button', { name: new RegExp(w.compare) })
        .first()
        .click();
      await expect(page.getByRole('status').filter({ hasText: w.other })).toBeVisible();
      expect(new URL(page.url()).searchParams.get('ids')).toBe(phones.slice(0, 2).join(','));

      for (const id of phones.slice(2, 4)) await page.goto(pathIn(lang, `/compare?add=${id}`));
      await expect(table.getByRole('columnheader')).toHaveCount(4);
      // The table scrolls sideways on a phone's screen rather than squeezing four products.
      const region = page.getByRole('region', { name: new RegExp(w.title) });
      expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await page.goto(pathIn(lang, `/compare?add=${phones[4]}`));
      await expect(page.getByRole('status').filter({ hasText: w.full })).toBeVisible();
      await expect(table.getByRole('columnheader')).toHaveCount(4);

      // The address alone is the comparison: another visitor (no cookie) sees the same.
      const shared = page.url();
      const other = await browser.newPage({ viewport: { width: 375, height: 812 } });
      await other.goto(shared);
      await expect(other.getByRole('table').getByRole('columnheader')).toHaveCount(4);
      await other.close();
    });
  });

  test.describe(`compare without JavaScript (${lang})`, () => {
    test.use({ javaScriptEnabled: false });

    test('the Compare button of a product card adds it; Remove takes it out', async ({ page, request }) => {
      const phone = await idOf(request, 'iPhone 15 Pro Max');
      await page.goto(pathIn(lang, '/compare?clear=1'));
      const phonesCategory = (
        (await (await request.get(`/api/Product/Select/Product/${phone}?lang=${lang}`)).json()) as {
          categoryId: number;
        }
      ).categoryId;
      await page.goto(pathIn(lang, `/products/category/${phonesCategory}`));
      await page
        .getByRole('button', { name: new RegExp(w.compare) })
        .first()
        .click();
      await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(1);
      await page.getByRole('link', { name: lang === 'ar' ? /إزالة/ : /Remove/ }).click();
      await expect(page.getByText(w.empty)).toBeVisible();
    });
  });

  test.describe(`compare at 1280 px (${lang})`, () => {
    test('two laptops side by side', async ({ page, request }) => {
      const ids = await Promise.all([idOf(request, 'MacBook Air'), idOf(request, 'Yoga Slim 7')]);
      await page.goto(pathIn(lang, `/compare?ids=${ids.join(',')}`));
      await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(2);
      await expect(
        page.getByRole('row', { name: 'RAM' }).or(page.getByRole('row', { name: /الذاكرة/ })),
      ).toContainText(lang === 'ar' ? '16 جيجابايت' : '16 GB');
      await expectAccessible(page);
      await shot(page, `compare-${lang}-1280`);
    });
  });
}
