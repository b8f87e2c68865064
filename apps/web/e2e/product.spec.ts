import type { APIRequestContext } from '@playwright/test';
import { expect, pathIn, test, waitForHydration } from './fixtures.ts';

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
      page.on('request', (r) => {
        if (r.url().includes('/api/Cart')) cartCalls.push(r.url());
      });
      await page.goto(pathIn(lang, `/product/${product.productId}`));
      await waitForHydration(page);
      await page.getByRole('button', { name: lang === 'ar' ? 'أضف إلى السلة' : 'Add to cart' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: lang === 'ar' ? 'سجّل الدخول أولاً' : 'Log in first' }),
      ).toBeVisible();
      await expect(
        page.getByRole('link', {
          name:
            lang === 'ar' ? 'سجّل الدخول لتستفيد من جميع مزايا الموقع' : 'Log in to use all the site features',
        }),
      ).toBeVisible();
      expect(cartCalls).toEqual([]);
    });

    test('the gallery switches the main image from the thumbnails', async ({ page, request }) => {
      const product = await productOnOffer(request, lang);
      expect(product.productImages.length, 'the demo product has extra images').toBeGreaterThan(0);
      await page.goto(pathIn(lang, `/product/${product.productId}`));
      await waitForHydration(page);
      const gallery = page.getByRole('region', { name: lang === 'ar' ? 'صور المنتج' : 'Product images' });
      await gallery.getByRole('listitem').nth(1).getByRole('button').click();
      await expect(gallery.getByRole('img').first()).toHaveAttribute(
        'alt',
        new RegExp(lang === 'ar' ? 'الصورة 2' : 'image 2'),
      );
      const thumb = await gallery.getByRole('listitem').first().boundingBox();
      expect(thumb?.width).toBe(80);
      const main = await gallery.locator('div').first().boundingBox();
      expect(main?.height).toBe(400);
    });
  });
}
