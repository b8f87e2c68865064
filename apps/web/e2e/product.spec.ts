import type { APIRequestContext } from '@playwright/test';
import { expect, expectNotHydrated, pathIn, test } from './fixtures.ts';

interface ApiProduct {
  productId: number;
  productName: string;
  productPrice: number;
  productPriceAfterOffer?: number;
  productStock: number;
  productImages: { productImage: string }[];
}

async function productOnOffer(request: APIRequestContext, lang: 'ar' | 'en') {
  const offers = (await (
    await request.get(`/api/Product/Select/Four/Image/Product?lang=${lang}`)
  ).json()) as {
    productId: number;
  }[];
  const id = offers[0]?.productId ?? 1;
  return (await (await request.get(`/api/Product/Select/Product/${id}?lang=${lang}`)).json()) as ApiProduct;
}

for (const lang of ['ar', 'en'] as const) {
  test.describe(`product page (${lang})`, () => {
    test('shows name, real stock, offer price with discount badge, and Product JSON-LD', async ({
      page,
      request,
    }) => {
      const product = await productOnOffer(request, lang);
      const offer = product.productPriceAfterOffer ?? product.productPrice;
      const percent = Math.round(((product.productPrice - offer) / product.productPrice) * 100);
      await page.goto(pathIn(lang, `/product/${product.productId}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.productName);
      // The product's own label comes first; related products follow.
      await expect(
        page.getByText(lang === 'ar' ? 'متوفر' : 'In stock', { exact: true }).first(),
      ).toBeVisible();
      await expect(page.getByText(lang === 'ar' ? `خصم ${percent}%` : `${percent}% off`)).toBeVisible();
      await expect(page.locator('main s').first()).toContainText(
        product.productPrice.toLocaleString('en-US'),
      );

      const jsonLd = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
      );
      expect(jsonLd['@type']).toBe('Product');
      expect(jsonLd.offers.priceCurrency).toBe('SAR');
      expect(Number(jsonLd.offers.price)).toBe(offer);
      expect(jsonLd.offers.availability).toBe(
        product.productStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      );
      await expect(
        page.getByRole('heading', { name: lang === 'ar' ? 'منتجات قد تعجبك' : 'Products you may like' }),
      ).toBeVisible();
      await expect(
        page.getByRole('heading', { name: lang === 'ar' ? 'وكلاؤنا' : 'Our agents' }),
      ).toBeVisible();
    });

    test('a visitor adding to cart is told to log in first and nothing is sent', async ({
      page,
      request,
    }) => {
      const product = await productOnOffer(request, lang);
      const cartCalls: string[] = [];
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/Cart')) cartCalls.push(r.url());
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await page.goto(pathIn(lang, `/product/${product.productId}`));
      // Opened directly, the page is not hydrated (decision 052): the form posts to the page,
      // which answers with the warning and never calls the cart API for a visitor.
      await expectNotHydrated(page);
      await page.getByRole('button', { name: lang === 'ar' ? 'أضف إلى السلة' : 'Add to cart' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: lang === 'ar' ? 'سجّل الدخول أولاً' : 'Log in first' }),
      ).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${pathIn(lang, `/product/${product.productId}`)}$`));
      // Shown once: a reload (the page was redirected to, so nothing is posted again) clears it.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.productName);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(
        page.getByRole('link', {
          name:
            lang === 'ar' ? 'سجّل الدخول لتستفيد من جميع مزايا الموقع' : 'Log in to use all the site features',
        }),
      ).toBeVisible();
      expect(cartCalls).toEqual([]);
      // Each of the three loads fetched only the page's own small script.
      expect(scripts.length).toBeGreaterThan(0);
      for (const url of scripts) expect(new URL(url).pathname).toMatch(/^\/assets\/static-page\.client-/);
    });

    test('the gallery switches the main image from the thumbnails', async ({ page, request }) => {
      const product = await productOnOffer(request, lang);
      expect(product.productImages.length, 'the demo product has extra images').toBeGreaterThan(0);
      await page.goto(pathIn(lang, `/product/${product.productId}`));
      const gallery = page.getByRole('region', { name: lang === 'ar' ? 'صور المنتج' : 'Product images' });
      const mainImage = gallery.getByRole('img');
      await expect(mainImage).toHaveAttribute('alt', new RegExp(lang === 'ar' ? 'الصورة 1' : 'image 1'));
      // No script involved: the thumbnail is the label of a radio button, and CSS shows the checked image.
      await page.getByTestId('gallery-thumb').nth(1).click();
      await expect(
        gallery.getByRole('radio', { name: lang === 'ar' ? 'اعرض الصورة 2' : 'Show image 2' }),
      ).toBeChecked();
      await expect(mainImage).toHaveAttribute('alt', new RegExp(lang === 'ar' ? 'الصورة 2' : 'image 2'));
      // The chosen thumbnail is framed in the primary colour, the others are not.
      await page.mouse.move(0, 0);
      const frame = (n: number) =>
        page
          .getByTestId('gallery-thumb')
          .nth(n)
          .evaluate((el) => getComputedStyle(el).borderTopColor);
      expect(await frame(1)).toBe('rgb(15, 118, 110)');
      expect(await frame(0)).toBe('rgba(0, 0, 0, 0)');
      // The keyboard moves through the images with the arrow keys (after the last, the first).
      const next = product.productImages.length + 1 >= 3 ? 3 : 1;
      await gallery.getByRole('radio', { checked: true }).focus();
      await page.keyboard.press('ArrowDown');
      await expect(mainImage).toHaveAttribute(
        'alt',
        new RegExp(lang === 'ar' ? `الصورة ${next}` : `image ${next}`),
      );
      const thumb = await page.getByTestId('gallery-thumb').first().boundingBox();
      expect(thumb?.width).toBe(80);
      const main = await gallery.locator('.gallery-slide:visible').boundingBox();
      expect(main?.height).toBe(400);
      expect(
        Math.round((thumb?.y ?? 0) - ((main?.y ?? 0) + (main?.height ?? 0))),
        'image to thumbnails',
      ).toBe(10);
      // Five thumbnails fit a row 10 px apart, starting on the reading side.
      const second = await page.getByTestId('gallery-thumb').nth(1).boundingBox();
      expect(Math.abs((second?.x ?? 0) - (thumb?.x ?? 0))).toBe(90);
      if (lang === 'ar') expect((second?.x ?? 0) < (thumb?.x ?? 0)).toBe(true);
      else expect((second?.x ?? 0) > (thumb?.x ?? 0)).toBe(true);
    });
  });
}
