import { readFileSync } from 'node:fs';
import { expectLangDir, pathIn, waitForHydration, type Lang } from './fixtures.ts';
import { expect, placeOrder, test } from './shopper-helpers.ts';
import { ownerPage } from './staff-helpers.ts';

/**
 * A pay-later order waiting for its capture, in the back office: the order page warns of the
 * provider's deadline and what the shop does a day before it (Riyadh time), and offers to
 * capture what shipped and close the rest (an amount over the authorisation is refused beside
 * the form, kept as typed); the orders list finds it under "awaiting capture", with its method
 * in its column.
 */

function locale(lang: Lang, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../public/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));
}

const approve = { ar: 'موافقة والدفع', en: 'Approve and pay' } as const;

for (const lang of ['ar', 'en'] as const) {
  test(`an authorised Tabby order shows its capture deadline and is listed as awaiting capture (${lang})`, async ({
    page,
    shopper,
    baseURL,
    browser,
  }) => {
    const checkout = locale(lang, 'checkout') as Record<string, string>;
    const orders = locale(lang, 'dashboard-orders') as {
      methods: Record<string, string>;
      details: { capture: Record<string, string> };
    };
    const { order } = await placeOrder(page, shopper, baseURL, lang);
    await page.goto(pathIn(lang, `/payment/${order.invoiceId}`));
    await waitForHydration(page);
    await page.getByRole('button', { name: checkout.tabbyPay }).click();
    await page.getByRole('button', { name: approve[lang] }).click();
    await expect(page).toHaveURL(new RegExp(`${pathIn(lang, `/order/details/${order.invoiceId}`)}$`));

    const owner = await ownerPage(browser, baseURL!, lang);
    await owner.goto(pathIn(lang, `/dashboard/orders/${order.number}`));
    await waitForHydration(owner);
    await expectLangDir(owner, lang);
    await expect(owner.getByRole('heading', { name: orders.details.capture.title })).toBeVisible();
    const lead = orders.details.capture.awaiting!.split('{{')[0]!.trim();
    await expect(owner.getByRole('status').filter({ hasText: lead })).toBeVisible();
    // More than was authorised: refused beside the form, the amount as it was typed.
    await owner.getByLabel(orders.details.capture.partAmount!).fill('99999');
    await owner.getByRole('button', { name: orders.details.capture.partSubmit }).click();
    await expect(owner.getByRole('alert').filter({ hasText: /\S/ }).first()).toBeVisible();
    await expect(owner.getByLabel(orders.details.capture.partAmount!)).toHaveValue('99999');

    await owner.goto(pathIn(lang, `/dashboard/orders?awaitingCapture=yes&method=tabby`));
    await expect(owner.getByRole('link', { name: new RegExp(`${order.number}`) })).toBeVisible();
    await expect(owner.getByRole('cell', { name: orders.methods.tabby }).first()).toBeVisible();
    await owner.context().close();
  });
}
