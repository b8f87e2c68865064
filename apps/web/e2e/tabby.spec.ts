import { readFileSync } from 'node:fs';
import { expectLangDir, pathIn, waitForHydration, type Lang } from './fixtures.ts';
import { expect, placeOrder, test, toast } from './shopper-helpers.ts';
import { ownerPage } from './staff-helpers.ts';

/**
 * Tabby's pay in 4 on the simulator (payments are simulated in the browser suite): the shopper
 * chooses Tabby on the payment page, approves on Tabby's page and comes back to the order, paid
 * with Tabby and not yet invoiced; the owner ships it, which captures the payment and issues the
 * invoice, and both order pages then show it.
 */

function locale(lang: Lang, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../public/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));
}

const words = {
  ar: {
    approve: 'موافقة والدفع',
    preparing: 'تعليم قيد التجهيز',
    carrier: 'شركة الشحن',
    trackingNumber: 'رقم التتبع',
    ship: 'تعليم كمشحون',
    shippedToast: 'تم تعليم الطلب كمشحون',
  },
  en: {
    approve: 'Approve and pay',
    preparing: 'Mark preparing',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    ship: 'Mark shipped',
    shippedToast: 'The order is marked as shipped',
  },
} as const;

for (const lang of ['ar', 'en'] as const) {
  test(`a shopper pays with Tabby on its page and the order is paid; shipping captures it and invoices it (${lang})`, async ({
    page,
    shopper,
    baseURL,
    browser,
  }) => {
    const w = words[lang];
    const checkout = locale(lang, 'checkout') as Record<string, string>;
    const paidWith = (locale(lang, 'account').orders as { paidWith: Record<string, string> }).paidWith;
    const dashboard = locale(lang, 'dashboard-orders') as Record<string, Record<string, string>>;
    const { order } = await placeOrder(page, shopper, baseURL, lang);

    await page.goto(pathIn(lang, `/payment/${order.invoiceId}`));
    await waitForHydration(page);
    await expectLangDir(page, lang);
    await expect(page.getByRole('heading', { name: checkout.tabbyTitle })).toBeVisible();
    await page.getByRole('button', { name: checkout.tabbyPay }).click();
    await expect(page).toHaveURL(/\/api\/payments\/tabby-sandbox\//);
    await page.getByRole('button', { name: w.approve }).click();

    await expect(page).toHaveURL(new RegExp(`${pathIn(lang, `/order/details/${order.invoiceId}`)}$`));
    await expect(page.getByText(paidWith.tabby!)).toBeVisible();
    // Authorised, not captured: no supply yet, so no invoice.
    await expect(page.getByTestId('invoice-qr')).toHaveCount(0);

    const owner = await ownerPage(browser, baseURL!, lang);
    await owner.goto(pathIn(lang, `/dashboard/orders/${order.number}`));
    await waitForHydration(owner);
    await expect(owner.getByText(dashboard.methods!.tabby!).first()).toBeVisible();
    await owner.getByRole('button', { name: w.preparing }).click();
    await owner.getByLabel(w.carrier).fill('SMSA');
    await owner.getByLabel(w.trackingNumber).fill('RUH-4455');
    await owner.getByRole('button', { name: w.ship }).click();
    await expect(toast(owner, w.shippedToast)).toBeVisible();
    // Captured in full: Tabby closes the payment, and the order has its invoice.
    await owner.reload();
    await expect(owner.getByText('CLOSED').first()).toBeVisible();
    await expect(owner.getByRole('link', { name: dashboard.actions!.invoice! })).toBeVisible();
    await owner.context().close();

    await page.reload();
    await expect(page.getByTestId('invoice-qr')).toBeVisible();
  });
}
