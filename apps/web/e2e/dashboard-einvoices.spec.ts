import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  expectAccessible,
  expectLangDir,
  expectNoHorizontalOverflow,
  pathIn,
  waitForHydration,
  type Lang,
} from './fixtures.ts';
import { expect, placeOrder, test, toast } from './shopper-helpers.ts';
import { signInOwner } from './staff-helpers.ts';

/**
 * E-invoices end to end, against the shop's own Fatoora simulator: an owner connects a signing
 * unit on the onboarding page (once, the first test), a shopper pays with the sandbox card
 * 4111 1111 1111 1111, the back office lists the signed invoice as reported; a partial refund
 * gives a credit note, also reported; the shopper's invoice and credit note print the signed
 * (phase 2) QR code.
 */

test.describe.configure({ mode: 'serial' });

const words = {
  ar: {
    otp: 'رمز التحقق (OTP)',
    connect: 'الربط بمنصة فاتورة',
    connected: 'تم ربط وحدة التوقيع بمنصة فاتورة',
    reported: 'تم الإبلاغ',
    invoice: 'فاتورة ضريبية مبسطة',
    creditNote: 'إشعار دائن',
    download: 'تنزيل XML',
    amount: 'المبلغ المسترد (ريال، شامل الضريبة)',
    reason: 'السبب',
    submit: 'استرداد…',
    yes: 'نعم، استرد المبلغ',
    refunded: 'تم استرداد المبلغ',
    status: 'الحالة',
    filter: 'تصفية',
  },
  en: {
    otp: 'One-time password (OTP)',
    connect: 'Connect to Fatoora',
    connected: 'The signing unit is connected to Fatoora',
    reported: 'Reported',
    invoice: 'Simplified tax invoice',
    creditNote: 'Credit note',
    download: 'Download XML',
    amount: 'Amount to refund (SAR, VAT included)',
    reason: 'Reason',
    submit: 'Refund…',
    yes: 'Yes, refund',
    refunded: 'The amount has been refunded',
    status: 'Status',
    filter: 'Filter',
  },
} as const;

const seller = {
  legalName: 'شركة متجر الرياض للإلكترونيات',
  vatNumber: '399999999900003',
  commercialRegister: '1010010000',
  branch: 'الفرع الرئيسي',
  businessCategory: 'Electronics retail',
  street: 'طريق الملك فهد',
  buildingNumber: '2322',
  district: 'العليا',
  city: 'الرياض',
  postalCode: '12214',
};

/** A word of the storefront's checkout page, as the shopper of that language reads it. */
function checkoutText(lang: Lang, key: string): string {
  const words = JSON.parse(
    readFileSync(new URL(`../public/locales/${lang}/checkout.json`, import.meta.url), 'utf8'),
  );
  return words[key] as string;
}

/** The shopper pays the order on the payment page with the sandbox's test card 4111 1111 1111 1111. */
async function payOnPaymentPage(page: Page, lang: Lang, invoiceId: string) {
  await page.goto(pathIn(lang, `/payment/${invoiceId}`));
  await waitForHydration(page);
  await page.getByLabel(checkoutText(lang, 'cardHolder')).fill('Test Shopper');
  await page.getByLabel(checkoutText(lang, 'cardNumber')).fill('4111 1111 1111 1111');
  await page.getByLabel(checkoutText(lang, 'expiry')).fill('12/35');
  await page.getByLabel(checkoutText(lang, 'cvc')).fill('123');
  const payLabel = checkoutText(lang, 'pay').split('{{')[0]!.trim();
  await page.getByRole('button', { name: new RegExp(`^${payLabel}`) }).click();
  await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/user/allorders')}$`), { timeout: 20_000 });
}

const shots = process.env.E2E_SCREENSHOTS_DIR;
async function shoot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** Connects the signing unit on the onboarding page unless one is connected already. */
async function onboardIfNeeded(owner: Page, lang: Lang) {
  const w = words[lang];
  await owner.goto(pathIn(lang, '/dashboard/einvoices/onboarding'));
  await expectLangDir(owner, lang);
  await owner.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(owner);
  await shoot(owner, `einvoice-onboarding-${lang}-375`);
  await owner.setViewportSize({ width: 1280, height: 800 });
  // Not connected yet: the notice says so (role status) and offers the link.
  if ((await owner.getByTestId('einvoice-unit').getAttribute('role')) === 'status') {
    await owner.getByLabel(w.otp).fill('123345');
    for (const [name, value] of Object.entries(seller))
      await owner.locator(`input[name="${name}"]`).fill(value);
    await expectAccessible(owner);
    await shoot(owner, `einvoice-onboarding-${lang}-1280`);
    await owner.getByRole('button', { name: w.connect }).click();
    await expect(toast(owner, w.connected)).toBeVisible({ timeout: 30_000 });
    await expect(owner).toHaveURL((url) => url.pathname === pathIn(lang, '/dashboard/einvoices'));
  }
}

/** Reloads the order's e-invoices page until `count` documents are reported. */
async function untilReported(owner: Page, lang: Lang, orderNumber: number, count: number) {
  await expect(async () => {
    await owner.goto(pathIn(lang, `/dashboard/orders/${orderNumber}/einvoices`));
    const docs = owner.getByTestId('einvoice-document');
    await expect(docs).toHaveCount(count, { timeout: 1_000 });
    for (let i = 0; i < count; i += 1)
      await expect(docs.nth(i)).toContainText(words[lang].reported, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

for (const lang of ['ar', 'en'] as Lang[]) {
  test(`${lang}: a paid order's signed invoice is reported, a partial refund's credit note too, and the shopper's invoice prints the phase 2 QR code`, async ({
    page,
    shopper,
    browser,
    baseURL,
  }) => {
    test.slow();
    const w = words[lang];
    const ownerContext = await browser.newContext({ baseURL });
    const owner = await ownerContext.newPage();
    await signInOwner(owner, lang, pathIn(lang, '/dashboard/einvoices'));
    await onboardIfNeeded(owner, lang);

    const { order } = await placeOrder(page, shopper, baseURL, lang);
    await payOnPaymentPage(page, lang, order.invoiceId);

    await untilReported(owner, lang, order.number, 1);
    const invoice = owner.getByTestId('einvoice-document').first();
    await expect(invoice).toContainText(w.invoice);
    await expect(invoice).toContainText(String(order.number));
    const xml = await owner.request.get(
      (await invoice.getByRole('link', { name: new RegExp(String(order.number)) }).getAttribute('href'))!,
    );
    expect(xml.status()).toBe(200);
    expect(await xml.text()).toContain(`<cbc:ID>${order.number}</cbc:ID>`);
    await expectAccessible(owner);
    await shoot(owner, `einvoice-order-${lang}-1280`);

    // A partial refund, from the refund page.
    await owner.goto(pathIn(lang, `/dashboard/orders/${order.number}/refund`));
    await owner.getByLabel(w.amount).fill('10.50');
    await owner.getByLabel(w.reason).fill(lang === 'ar' ? 'خدش في الشاشة' : 'Scratched screen');
    await owner.getByRole('button', { name: w.submit }).click();
    await owner.getByRole('button', { name: w.yes }).click();
    await expect(toast(owner, w.refunded)).toBeVisible();

    await untilReported(owner, lang, order.number, 2);
    const note = owner.getByTestId('einvoice-document').nth(1);
    await expect(note).toContainText(w.creditNote);
    await shoot(owner, `einvoice-order-${lang}-refunded-1280`);
    await owner.setViewportSize({ width: 375, height: 800 });
    await owner.reload();
    await expectNoHorizontalOverflow(owner);
    await shoot(owner, `einvoice-order-${lang}-375`);

    // The documents list, filtered by status.
    await owner.setViewportSize({ width: 1280, height: 800 });
    await owner.goto(pathIn(lang, '/dashboard/einvoices?status=reported'));
    const table = owner.getByRole('table');
    await expect(table).toContainText(String(order.number));
    await expect(table).toContainText(w.creditNote);
    await expectAccessible(owner);
    await shoot(owner, `einvoices-${lang}-1280`);
    await owner.setViewportSize({ width: 375, height: 800 });
    await owner.reload();
    await expectNoHorizontalOverflow(owner);
    await shoot(owner, `einvoices-${lang}-375`);
    await ownerContext.close();

    // The shopper's invoice: the signed document's QR code.
    await page.goto(pathIn(lang, `/order/details/${order.invoiceId}`));
    await expect(page.getByTestId('invoice-qr')).toHaveAttribute('data-qr-phase', '2');
    await page.getByTestId('order-refunds').getByRole('link').click();
    await expect(page.getByTestId('credit-note-qr')).toHaveAttribute('data-qr-phase', '2');
    await shoot(page, `shopper-credit-note-einvoice-${lang}-1280`);
  });
}
