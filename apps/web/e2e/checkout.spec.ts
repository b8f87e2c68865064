import { errorMessages, successMessages } from '@shop/contract';
import { goToPayment, payWithCard, text } from './checkout-helpers.ts';
import { pathIn, waitForHydration } from './fixtures.ts';
import { addToCart, expect, jsModes, productInStock, test } from './shopper-helpers.ts';

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
