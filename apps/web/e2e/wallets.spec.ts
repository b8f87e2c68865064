import { text } from './checkout-helpers.ts';
import { expectLangDir, pathIn, waitForHydration } from './fixtures.ts';
import { expect, placeOrder, test } from './shopper-helpers.ts';

/**
 * Saved cards and STC Pay on the sandbox (payments are simulated in the browser suite): the
 * shopper saves a mada card while paying one order and pays the next with it in one step,
 * then pays a third with STC Pay's mobile number and test code, and a fourth with the sandbox's
 * Apple Pay once the browser says it has Apple Pay; each order names what paid it.
 */
for (const lang of ['ar', 'en'] as const) {
  test(`a saved card pays the next order in one step; STC Pay and Apple Pay pay theirs (${lang})`, async ({
    page,
    shopper,
    baseURL,
  }) => {
    const t = (key: string) => text(lang, 'checkout', key);
    const masked = text(lang, 'common', 'cards.masked')
      .replace('{{brand}}', text(lang, 'common', 'cards.brands.mada'))
      .replace('{{lastFour}}', '1010');
    const ordersPage = new RegExp(`${pathIn(lang, '/user/allorders')}$`);

    const first = await placeOrder(page, shopper, baseURL, lang);
    await page.goto(pathIn(lang, `/payment/${first.order.invoiceId}`));
    await waitForHydration(page);
    await expectLangDir(page, lang);
    await page.getByLabel(t('cardHolder')).fill('Test Shopper');
    await page.getByLabel(t('cardNumber')).fill('4201320111111010');
    await page.getByLabel(t('expiry')).fill('12/35');
    await page.getByLabel(t('cvc')).fill('123');
    await page.getByLabel(t('saveCard')).check();
    await page.getByRole('button', { name: new RegExp(`^${t('pay').split('{{')[0]!.trim()}`) }).click();
    await expect(page).toHaveURL(ordersPage);

    const second = await placeOrder(page, shopper, baseURL, lang);
    await page.goto(pathIn(lang, `/payment/${second.order.invoiceId}`));
    await waitForHydration(page);
    const saved = page.getByRole('region', { name: t('savedCardsTitle') });
    await expect(saved.getByRole('radio', { name: new RegExp(masked) })).toBeChecked();
    await saved
      .getByRole('button', { name: new RegExp(t('payWithSavedCard').split('{{')[0]!.trim()) })
      .click();
    await expect(page).toHaveURL(ordersPage);
    await page.goto(pathIn(lang, `/order/details/${second.order.invoiceId}`));
    await expect(page.getByTestId('paid-with')).toContainText(masked);

    const third = await placeOrder(page, shopper, baseURL, lang);
    await page.goto(pathIn(lang, `/payment/${third.order.invoiceId}`));
    await waitForHydration(page);
    await page.getByLabel(t('stcpayMobile')).fill('0551234567');
    await page.getByRole('button', { name: t('stcpaySend') }).click();
    await page.getByLabel(t('stcpayOtp')).fill('123456');
    await page.getByRole('button', { name: t('stcpayConfirm') }).click();
    await expect(page).toHaveURL(ordersPage);
    await page.goto(pathIn(lang, `/order/details/${third.order.invoiceId}`));
    await expect(page.getByTestId('paid-with')).toContainText('STC Pay');

    await page.goto(pathIn(lang, '/user/cards'));
    await expect(page.getByRole('heading', { name: masked })).toBeVisible();

    // Apple Pay shows only where the browser has it: this one does not, until it says it can pay.
    const fourth = await placeOrder(page, shopper, baseURL, lang);
    await page.goto(pathIn(lang, `/payment/${fourth.order.invoiceId}`));
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: t('applePayButton') })).toHaveCount(0);
    await page.addInitScript(() => {
      Object.assign(window, { ApplePaySession: { canMakePayments: () => true } });
    });
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: t('applePayButton') }).click();
    await expect(page).toHaveURL(ordersPage);
    await page.goto(pathIn(lang, `/order/details/${fourth.order.invoiceId}`));
    await expect(page.getByTestId('paid-with')).toContainText('Apple Pay');
  });
}
