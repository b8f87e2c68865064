import type { Page } from '@playwright/test';
import { goToPayment, payWithCard } from './checkout-helpers.ts';
import { expectAccessible, expectLangDir, pathIn, waitForHydration, type Lang } from './fixtures.ts';
import { addToCart, expect, placePaidOrder, productInStock, test, toast } from './shopper-helpers.ts';
import { ownerPage } from './staff-helpers.ts';

/**
 * A paid order through its fulfilment: the owner moves it to preparing, ships it with a carrier,
 * tracking number and tracking link, then marks it delivered; the shopper's order page shows
 * each step with its date and the link to follow the shipment.
 */

const words = {
  ar: {
    preparing: 'تعليم قيد التجهيز',
    preparingLabel: 'قيد التجهيز',
    carrier: 'شركة الشحن',
    trackingNumber: 'رقم التتبع',
    trackingUrl: 'رابط التتبع (اختياري)',
    ship: 'تعليم كمشحون',
    shippedToast: 'تم تعليم الطلب كمشحون',
    shippedLabel: 'تم الشحن',
    deliver: 'تعليم كمُسلَّم',
    deliveredLabel: 'تم التوصيل',
    track: 'تتبع شحنتك',
    trackingUrlInvalid: 'رابط التتبع يجب أن يبدأ بـ https://',
  },
  en: {
    preparing: 'Mark preparing',
    preparingLabel: 'Preparing',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    trackingUrl: 'Tracking link (optional)',
    ship: 'Mark shipped',
    shippedToast: 'The order is marked as shipped',
    shippedLabel: 'Shipped',
    deliver: 'Mark delivered',
    deliveredLabel: 'Delivered',
    track: 'Track your shipment',
    trackingUrlInvalid: 'The tracking link must start with https://',
  },
} as const;

/** The shopper pays for one product at checkout with the sandbox's card; the order's id. */
async function checkOut(page: Page, lang: Lang, baseURL: string | undefined): Promise<string> {
  const product = await productInStock(page.request, lang, 2);
  await addToCart(page, product.productId, baseURL);
  await goToPayment(page, lang);
  const orderId = /\/payment\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await payWithCard(page, lang, '4111111111111111');
  await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/user/allorders')}$`), { timeout: 20_000 });
  return orderId;
}

/** The steps on the shopper's order page, as the shopper reads them. */
function timeline(page: Page) {
  return page.getByTestId('order-timeline').getByRole('listitem');
}

for (const lang of ['ar', 'en'] as const) {
  test(`the shopper pays, then watches the order go through preparing, shipped with a tracking link, and delivered (${lang})`, async ({
    page,
    shopper: _shopper,
    baseURL,
    browser,
  }) => {
    const w = words[lang];
    const orderId = await checkOut(page, lang, baseURL);
    const orderPath = pathIn(lang, `/order/details/${orderId}`);
    await page.goto(orderPath);
    await expectLangDir(page, lang);
    await expect(page.getByTestId('order-timeline')).toHaveCount(0);

    const owner = await ownerPage(browser, baseURL!, lang);
    await owner.goto(pathIn(lang, `/dashboard/orders/${orderId}`));
    await waitForHydration(owner);
    await owner.getByRole('button', { name: w.preparing }).click();
    await expect(owner.getByTestId('fulfilment-status')).toHaveText(w.preparingLabel);

    await page.reload();
    await expect(timeline(page)).toHaveCount(1);
    await expect(timeline(page).first()).toContainText(w.preparingLabel);

    // A link that is not https is refused, under its field.
    await owner.getByLabel(w.carrier).fill('SMSA');
    await owner.getByLabel(w.trackingNumber).fill('RUH-778899');
    await owner.getByLabel(w.trackingUrl).fill('javascript:alert(1)');
    await owner.getByRole('button', { name: w.ship }).click();
    await expect(owner.getByText(w.trackingUrlInvalid).first()).toBeVisible();
    await owner.getByLabel(w.trackingUrl).fill('https://track.example.com/RUH-778899');
    await owner.getByRole('button', { name: w.ship }).click();
    await expect(toast(owner, w.shippedToast)).toBeVisible();
    await expect(owner.getByTestId('fulfilment-status')).toHaveText(w.shippedLabel);
    await expectAccessible(owner);

    await page.reload();
    await expect(timeline(page)).toHaveCount(2);
    await expect(timeline(page).nth(1)).toContainText(w.shippedLabel);
    await expect(timeline(page).nth(1)).toContainText('RUH-778899');
    const track = page.getByRole('link', { name: w.track });
    await expect(track).toHaveAttribute('href', 'https://track.example.com/RUH-778899');
    await expect(track).toHaveAttribute('rel', /noopener/);

    await owner.getByRole('button', { name: w.deliver }).click();
    await expect(owner.getByTestId('fulfilment-status')).toHaveText(w.deliveredLabel);
    await owner.context().close();

    await page.reload();
    await expect(timeline(page)).toHaveCount(3);
    await expect(timeline(page).nth(2)).toContainText(w.deliveredLabel);
    // Every step carries its date (the shop's date format, Riyadh time).
    await expect(page.getByTestId('order-timeline').locator('time')).toHaveCount(3);
    await expectAccessible(page);
  });
}

test('without JavaScript, the staff forms move an order through preparing, shipped and delivered', async ({
  page,
  shopper,
  baseURL,
  browser,
}) => {
  const w = words.en;
  const { order } = await placePaidOrder(page, shopper, baseURL, { lang: 'en', verify: true });
  const owner = await ownerPage(browser, baseURL!, 'en', false);
  const orderPage = `/en/dashboard/orders/${order.number}`;
  await owner.goto(orderPage);
  await owner.getByRole('button', { name: w.preparing }).click();
  await expect(owner).toHaveURL(new RegExp(`${orderPage}$`));
  await expect(owner.getByTestId('fulfilment-status')).toHaveText(w.preparingLabel);

  // A shipment without its tracking number comes back with the error under the field.
  await owner.getByLabel(w.carrier).fill('Aramex');
  await owner.getByRole('button', { name: w.ship }).click();
  await expect(owner.getByText('Enter the tracking number')).toBeVisible();
  await owner.getByLabel(w.carrier).fill('Aramex');
  await owner.getByLabel(w.trackingNumber).fill('ARX-1');
  await owner.getByLabel(w.trackingUrl).fill('https://track.example.com/ARX-1');
  await owner.getByRole('button', { name: w.ship }).click();
  await expect(owner).toHaveURL(new RegExp(`${orderPage}$`));
  await expect(owner.getByTestId('fulfilment-status')).toHaveText(w.shippedLabel);

  await owner.getByRole('button', { name: w.deliver }).click();
  await expect(owner.getByTestId('fulfilment-status')).toHaveText(w.deliveredLabel);
  await owner.context().close();

  await page.goto(`/en/order/details/${order.invoiceId}`);
  await expect(timeline(page)).toHaveCount(3);
  await expect(page.getByRole('link', { name: w.track })).toHaveAttribute(
    'href',
    'https://track.example.com/ARX-1',
  );
});
