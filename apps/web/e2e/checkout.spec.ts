import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { errorMessages, successMessages } from '@shop/contract';
import { pathIn, waitForHydration, type Lang } from './fixtures.ts';
import { addToCart, expect, jsModes, openPage, productInStock, test, told } from './shopper-helpers.ts';

/** The storefront's own words, so each journey reads the page as a shopper of that language does. */
function words(lang: Lang, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../public/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));
}
function text(lang: Lang, ns: string, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], words(lang, ns));
  if (typeof value !== 'string') throw new Error(`no text ${ns}:${key} in ${lang}`);
  return value;
}

/** Cart → Confirm order → a new delivery address → Next: the payment page with the order. */
async function goToPayment(page: Page, lang: Lang, js = true) {
  await openPage(page, pathIn(lang, '/cart'), js);
  await page.getByRole('link', { name: text(lang, 'cart', 'confirmOrder') }).click();
  const dialog = page.getByRole('dialog', { name: text(lang, 'cart', 'addressTitle') });
  await dialog
    .getByLabel(text(lang, 'account', 'addresses.fields.name'))
    .fill(lang === 'ar' ? 'المنزل' : 'Home');
  await dialog
    .getByLabel(text(lang, 'account', 'addresses.fields.address'))
    .fill('King Fahd Road 12, Riyadh');
  await dialog.getByRole('button', { name: text(lang, 'account', 'addresses.save') }).click();
  await expect(told(page, successMessages.SAVED[lang], js)).toBeVisible();
  await expect(dialog.getByRole('radio')).toBeChecked();
  await dialog.getByRole('button', { name: text(lang, 'cart', 'next') }).click();
  await expect(page).toHaveURL(new RegExp(`${lang === 'en' ? '/en' : ''}/payment/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1, name: text(lang, 'checkout', 'title') })).toBeVisible();
}

async function payWithCard(page: Page, lang: Lang, number: string) {
  await page.getByLabel(text(lang, 'checkout', 'cardHolder')).fill('Test Shopper');
  await page.getByLabel(text(lang, 'checkout', 'cardNumber')).fill(number);
  await page.getByLabel(text(lang, 'checkout', 'expiry')).fill('12/35');
  await page.getByLabel(text(lang, 'checkout', 'cvc')).fill('123');
  const payLabel = text(lang, 'checkout', 'pay').split('{{')[0]!.trim();
  await page.getByRole('button', { name: new RegExp(`^${payLabel}`) }).click();
}

for (const lang of ['ar', 'en'] as const) {
  for (const { js, mode } of jsModes) {
    test.describe(() => {
      test.use({ javaScriptEnabled: js });

      test(`a full purchase with the sandbox card: paid order in the orders tab, cart empty (${lang}, ${mode})`, async ({
        page,
        shopper: _shopper,
        baseURL,
      }) => {
        const product = await productInStock(page.request, lang, 2);
        await addToCart(page, product.productId, baseURL);
        await goToPayment(page, lang, js);
        await expect(page.getByText(product.productName)).toBeVisible();
        await payWithCard(page, lang, lang === 'ar' ? '4201320111111010' : '4111111111111111');

        const completed = page
          .getByRole('status')
          .filter({ hasText: successMessages.PAYMENT_COMPLETED[lang] });
        // Hydrated, the payment page says so first, then goes on after its delay.
        if (js) await expect(completed).toBeVisible();
        // The provider's return: the orders page's loader verified the payment on the server and
        // came back to its own clean address, saying so, with the paid order listed.
        await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/user/allorders')}$`), { timeout: 20_000 });
        await expect(completed).toBeVisible();
        const firstRow = page.getByRole('row').nth(1);
        await expect(firstRow).toContainText(text(lang, 'account', 'orders.statuses.paid'));
        await expect(firstRow).toContainText('King Fahd Road 12, Riyadh');
        // The header was drawn after the payment: the cart is already empty.
        await expect(
          page.getByRole('link', { name: lang === 'ar' ? 'السلة، لا توجد منتجات' : 'Cart, 0 items' }),
        ).toBeVisible();

        await page.goto(pathIn(lang, '/cart'));
        await expect(page.getByText(text(lang, 'cart', 'empty'))).toBeVisible();
      });
    });
  }
}

const declines = [
  { lang: 'en', card: '5105105105105100', code: 'PAYMENT_DECLINED' },
  { lang: 'ar', card: '4201320000311101', code: 'PAYMENT_INSUFFICIENT_FUNDS' },
  { lang: 'en', card: '4201320000311101', code: 'PAYMENT_INSUFFICIENT_FUNDS' },
] as const;

for (const { lang, card, code } of declines) {
  test.describe(() => {
    // The refused payment answers 402, which Chromium logs as a failed resource.
    test.use({ allowConsoleErrors: [/status of 402/] });
    test(`a refused card (${card}) pays nothing, keeps the cart and says why (${lang})`, async ({
      page,
      shopper: _shopper,
      baseURL,
    }) => {
      const product = await productInStock(page.request, lang, 3);
      await addToCart(page, product.productId, baseURL);
      await goToPayment(page, lang);
      await payWithCard(page, lang, card);

      await expect(page.getByRole('alert').filter({ hasText: errorMessages[code][lang] })).toBeVisible();
      await expect(page.getByText(text(lang, 'checkout', 'cartKept'))).toBeVisible();
      await expect(
        page.getByRole('status').filter({ hasText: successMessages.PAYMENT_COMPLETED[lang] }),
      ).toHaveCount(0);

      await page.goto(pathIn(lang, '/cart'));
      await waitForHydration(page);
      await expect(page.getByRole('link', { name: product.productName, exact: true })).toBeVisible();
      await page.goto(pathIn(lang, '/user/allorders'));
      await expect(page.getByRole('row').nth(1)).toContainText(
        text(lang, 'account', 'orders.statuses.failed'),
      );
    });
  });
}
