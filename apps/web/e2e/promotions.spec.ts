import { pathIn } from './fixtures.ts';
import { E2E_OWNER } from './staff-helpers.ts';
import {
  addToCart,
  expect,
  openPage,
  originHeaders,
  placePaidOrder,
  productInStock,
  test,
} from './shopper-helpers.ts';

/*
 * An automatic promotion as a shopper meets it: on the product's card and page with its name
 * and end, the cart total lowered, and the paid order's invoice at the same price. Each
 * language promotes a product of its own for a few minutes, so other specs' prices stay as
 * they are.
 */

/** A Riyadh wall-clock time `minutes` from now, as the back office's form sends it. */
const riyadh = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000 + 3 * 3_600_000).toISOString().slice(0, 16);

/** The SAR figure in a formatted price (`SAR 1,234.5`, `‏1,234.50 ر.س.‏`). */
const amount = (s: string | null) => Number(/\d[\d,]*(?:\.\d+)?/.exec(s ?? '')?.[0].replace(/,/g, '') ?? NaN);

const SKIP = { ar: 11, en: 12 } as const;

for (const lang of ['ar', 'en'] as const) {
  test(`a promotion shows on the card and the page with its end, lowers the cart and the invoice (${lang})`, async ({
    page,
    shopper,
    baseURL,
    playwright,
  }) => {
    const product = await productInStock(page.request, lang, SKIP[lang]);
    const owner = await playwright.request.newContext({ baseURL });
    const headers = originHeaders(baseURL);
    expect((await owner.post('/api/admin/auth/sign-in', { data: E2E_OWNER, headers })).status()).toBe(200);
    const name = lang === 'ar' ? 'عرض الاختبار' : 'Test week';
    const created = await owner.post('/api/admin/promotions', {
      data: {
        nameAr: 'عرض الاختبار',
        nameEn: 'Test week',
        kind: 'percent',
        value: 10,
        scope: 'items',
        productIds: [product.productId],
        startsAt: riyadh(-1),
        endsAt: riyadh(5),
        enabled: true,
      },
      headers,
    });
    expect(created.status(), await created.text()).toBe(200);
    await owner.dispose();
    const details = await (
      await page.request.get(`/api/Product/Select/Product/${product.productId}?lang=${lang}`)
    ).json();
    const promoted: number = details.productPriceAfterOffer;
    expect(promoted).toBeLessThan(details.productPrice);
    const ends = lang === 'ar' ? 'ينتهي العرض' : 'ends';

    await openPage(page, pathIn(lang, `/products?q=${encodeURIComponent(product.productName)}`), true);
    const card = page.getByRole('article').filter({ hasText: product.productName }).first();
    await expect(card).toContainText(`${name}: ${ends}`);

    await openPage(page, pathIn(lang, `/product/${product.productId}`), true);
    const main = page.getByRole('main');
    await expect(main).toContainText(`${name}: ${ends}`);
    await expect(main.locator('s').first()).toBeVisible();

    await addToCart(page, product.productId, baseURL);
    await openPage(page, pathIn(lang, '/cart'), true);
    await expect(page.getByRole('main')).toContainText(`${name}: ${ends}`);
    // The promoted price, and the shipping fee unless the shop waives it for this amount.
    const total = amount(await page.getByTestId('cart-total').textContent());
    expect([promoted, promoted + 70].map((x) => x.toFixed(2))).toContain(total.toFixed(2));

    // Paid with a second unit of the same product: both at the promoted price on the invoice.
    const { order } = await placePaidOrder(page, shopper, baseURL, { lang, product, verify: true });
    const lines = await (
      await page.request.get(`/api/User/Select/Invoice/Product/${order.invoiceId}?lang=${lang}`)
    ).json();
    expect(lines.map((l: { productPrice: number }) => l.productPrice)).toEqual([promoted]);
    await openPage(page, pathIn(lang, `/order/details/${order.invoiceId}`), true);
    expect(amount(await page.getByTestId('order-total').textContent())).toBeCloseTo(order.amountSar, 2);
  });
}
