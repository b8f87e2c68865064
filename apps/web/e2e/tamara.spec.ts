import { readFileSync } from 'node:fs';
import { expectLangDir, pathIn, waitForHydration, type Lang } from './fixtures.ts';
import { addToCart, expect, originHeaders, test, type Shopper } from './shopper-helpers.ts';
import type { Page } from '@playwright/test';

/**
 * Tamara's pay in 4 on its simulator (payments are simulated in the browser suite): approved, the
 * shopper comes back to the order, paid with Tamara; declined (Tamara's declined test phone),
 * the shopper comes back to the cart, kept, with the reason. Shipping and refunds are the same
 * flow as Tabby's (tabby.spec.ts) and are tested through the API.
 */

function locale(lang: Lang, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../public/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));
}

const approve = { ar: 'موافقة والدفع', en: 'Approve and pay' } as const;
const declined = {
  ar: 'لم تتمكن تمارا من الموافقة على هذا الطلب',
  en: 'Tamara could not approve this order',
} as const;

/** An order awaiting payment of a product Tamara's limits take, placed with `phone`. */
async function placeOrder(
  page: Page,
  shopper: Shopper,
  baseURL: string | undefined,
  lang: Lang,
  phone: string,
) {
  const response = await page.request.get(`/api/Product/Select/All/Product/60/1?lang=${lang}`);
  const { products } = (await response.json()) as {
    products: { productId: number; productPrice: number; productStock: number; variantCount?: number }[];
  };
  const product = products.find(
    (p) =>
      p.variantCount === undefined &&
      p.productStock >= 5 &&
      // Well inside Tamara's limits (the contract's TAMARA_LIMITS, 99 to 5,000 SAR), shipping included.
      p.productPrice >= 100 &&
      p.productPrice <= 4_900,
  );
  if (!product) throw new Error("the demo catalog has no product within Tamara's limits");
  await addToCart(page, product.productId, baseURL);
  const placed = await page.request.post(`/api/User/Pay/TheInvoice?lang=${lang}`, {
    data: {
      userId: shopper.userId,
      invoiceUserAdress: 'Home, Riyadh',
      invoiceUserPhone: phone,
      products: [],
    },
    headers: originHeaders(baseURL),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as { invoiceId: string; number: number };
}

for (const lang of ['ar', 'en'] as const) {
  test(`a shopper pays with Tamara on its page; a declined attempt leaves the cart intact (${lang})`, async ({
    page,
    shopper,
    baseURL,
  }) => {
    const checkout = locale(lang, 'checkout') as Record<string, string>;
    const paidWith = (locale(lang, 'account').orders as { paidWith: Record<string, string> }).paidWith;
    const cart = locale(lang, 'cart') as Record<string, string>;

    const order = await placeOrder(page, shopper, baseURL, lang, '0544337866');
    await page.goto(pathIn(lang, `/payment/${order.invoiceId}`));
    await waitForHydration(page);
    await expectLangDir(page, lang);
    await expect(page.getByRole('heading', { name: checkout.tamaraTitle })).toBeVisible();
    await page.getByRole('button', { name: checkout.tamaraPay }).click();
    await expect(page).toHaveURL(/\/api\/payments\/tamara-sandbox\//);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await page.getByRole('button', { name: approve[lang] }).click();
    await expect(page).toHaveURL(new RegExp(`${pathIn(lang, `/order/details/${order.invoiceId}`)}$`));
    await expect(page.getByText(paidWith.tamara!)).toBeVisible();

    const refused = await placeOrder(page, shopper, baseURL, lang, '0526422337');
    await page.goto(pathIn(lang, `/payment/${refused.invoiceId}`));
    await waitForHydration(page);
    await page.getByRole('button', { name: checkout.tamaraPay }).click();
    await page.getByRole('button', { name: approve[lang] }).click();
    await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/cart')}\\?payment=TAMARA_REJECTED$`));
    await expect(page.getByText(declined[lang])).toBeVisible();
    // The cart was kept: it can still be confirmed (and paid by card).
    await expect(page.getByRole('link', { name: cart.confirmOrder })).toBeVisible();
  });
}

test.describe(() => {
  test.use({ javaScriptEnabled: false });
  test('without JavaScript the Tamara choice posts to the page action and the order is paid (en)', async ({
    page,
    shopper,
    baseURL,
  }) => {
    const checkout = locale('en', 'checkout') as Record<string, string>;
    const order = await placeOrder(page, shopper, baseURL, 'en', '0544337866');
    await page.goto(`/en/payment/${order.invoiceId}`);
    await page.getByRole('button', { name: checkout.tamaraPay }).click();
    await expect(page).toHaveURL(/\/api\/payments\/tamara-sandbox\//);
    await page.getByRole('button', { name: approve.en }).click();
    await expect(page).toHaveURL(new RegExp(`/en/order/details/${order.invoiceId}$`));
  });
});
