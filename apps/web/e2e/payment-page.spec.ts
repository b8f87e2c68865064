import { readFileSync } from 'node:fs';
import { pathIn, waitForHydration, type Lang } from './fixtures.ts';
import {
  expect,
  login,
  originHeaders,
  placeOrder,
  placePaidOrder,
  registerUser,
  test,
} from './shopper-helpers.ts';

/**
 * The payment page belongs to one order (`/payment/{orderId}`) and reads it from the server:
 * it survives a reload, a second tab and the back button, says when the order is already paid,
 * and is not found for someone else's order. `/payment` alone goes to the newest order
 * awaiting payment.
 */
function text(lang: Lang, key: string): string {
  const words = JSON.parse(
    readFileSync(new URL(`../public/locales/${lang}/checkout.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const value = words[key];
  if (typeof value !== 'string') throw new Error(`no text checkout:${key} in ${lang}`);
  return value;
}

const payButton = (lang: Lang) => new RegExp(`^${text(lang, 'pay').split('{{')[0]!.trim()}`);

for (const lang of ['ar', 'en'] as const) {
  test(`the payment page survives a reload, a second tab and the back button; /payment finds it (${lang})`, async ({
    page,
    shopper,
    baseURL,
  }) => {
    const { product, order } = await placeOrder(page, shopper, baseURL, lang);
    const url = pathIn(lang, `/payment/${order.invoiceId}`);
    await page.goto(url);
    await waitForHydration(page);
    const summary = page.getByRole('main');
    await expect(summary.getByText(product.productName)).toBeVisible();
    await expect(page.getByRole('button', { name: payButton(lang) })).toBeVisible();
    // On a phone the order's long product name and the test cards do not widen the page.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.reload();
    await waitForHydration(page);
    await expect(summary.getByText(product.productName)).toBeVisible();
    await expect(page.getByRole('button', { name: payButton(lang) })).toBeVisible();

    const second = await page.context().newPage();
    await second.goto(url);
    await expect(second.getByRole('main')).toContainText(product.productName);
    await second.close();

    await page.goto(pathIn(lang, '/cart'));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/payment/${order.invoiceId}$`));
    await expect(summary.getByText(product.productName)).toBeVisible();

    // The address the cart used to open with the order in its history state.
    await page.goto(pathIn(lang, '/payment'));
    await expect(page).toHaveURL(new RegExp(`${lang === 'en' ? '/en' : ''}/payment/${order.invoiceId}$`));
  });

  test(`an order already paid says so and offers no card form (${lang})`, async ({
    page,
    shopper,
    baseURL,
  }) => {
    const { order } = await placePaidOrder(page, shopper, baseURL, { lang, verify: true });
    await page.goto(pathIn(lang, `/payment/${order.invoiceId}`));
    await waitForHydration(page);
    await expect(page.getByRole('status').filter({ hasText: text(lang, 'alreadyPaid') })).toBeVisible();
    await expect(page.getByRole('button', { name: payButton(lang) })).toHaveCount(0);
    await page.getByRole('link', { name: text(lang, 'viewOrder') }).click();
    await expect(page).toHaveURL(new RegExp(`/order/details/${order.invoiceId}$`));
  });
}

test.describe(() => {
  // Chromium reports the 404 document itself as a failed resource.
  test.use({ allowConsoleErrors: [/status of 404/] });
  for (const lang of ['ar', 'en'] as const) {
    test(`another shopper's order is not found (${lang})`, async ({ page, shopper, baseURL }) => {
      const { order } = await placeOrder(page, shopper, baseURL, lang);
      // Someone else logs in on this browser.
      await page.context().clearCookies();
      const other = await registerUser(page.request);
      await login(page, other);
      const response = await page.goto(pathIn(lang, `/payment/${order.invoiceId}`));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'ar' ? 'الصفحة غير موجودة' : 'Page not found',
      );
      await expect(page.getByText(order.invoiceId)).toHaveCount(0);
      await page.request.put(`/api/User/Deactivate/User/${other.userId}`, {
        data: { password: other.password },
        headers: originHeaders(baseURL),
      });
    });
  }
});

test.describe(() => {
  test.use({ javaScriptEnabled: false });
  test('without JavaScript the payment page pays with the sandbox card through its action (en)', async ({
    page,
    shopper,
    baseURL,
  }) => {
    const { order } = await placeOrder(page, shopper, baseURL, 'en', 2);
    await page.goto(`/en/payment/${order.invoiceId}`);
    await page.getByLabel(text('en', 'cardHolder')).fill('Test Shopper');
    await page.getByLabel(text('en', 'cardNumber')).fill('4111111111111111');
    await page.getByLabel(text('en', 'expiry')).fill('12/35');
    await page.getByLabel(text('en', 'cvc')).fill('123');
    await page.getByRole('button', { name: payButton('en') }).click();
    // Paid and verified by the server; the orders page lists it as paid.
    await expect(page).toHaveURL(/\/en\/user\/allorders/);
    await page.goto(`/en/payment/${order.invoiceId}`);
    await expect(page.getByRole('status').filter({ hasText: text('en', 'alreadyPaid') })).toBeVisible();
  });
});
