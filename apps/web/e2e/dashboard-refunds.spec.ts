import type { Page } from '@playwright/test';
import {
  expectAccessible,
  expectLangDir,
  expectNoHorizontalOverflow,
  pathIn,
  type Lang,
} from './fixtures.ts';
import { expect, placePaidOrder, test, toast } from './shopper-helpers.ts';
import { signInOwner, waitForMail } from './staff-helpers.ts';

/**
 * Refunds end to end: an owner (made with the command line) refunds part of a sandbox-paid
 * order on the back office's refund page; the shopper's order page shows the refund and its
 * credit note; the outbox holds the shopper's e-mail in the shopper's language.
 */

const words = {
  ar: {
    reason: 'السبب',
    amount: 'المبلغ المسترد (ريال، شامل الضريبة)',
    submit: 'استرداد…',
    yes: 'نعم، استرد المبلغ',
    done: 'تم استرداد المبلغ',
    refunded: 'تم الاسترداد',
    partly: 'مسترد جزئياً',
    creditNoteTitle: 'إشعار دائن ضريبي مبسط',
    refundLink: 'استرداد',
    subject: (n: number) => `استرداد مبلغ من طلبك رقم ${n}`,
  },
  en: {
    reason: 'Reason',
    amount: 'Amount to refund (SAR, VAT included)',
    submit: 'Refund…',
    yes: 'Yes, refund',
    done: 'The amount has been refunded',
    refunded: 'Refunded',
    partly: 'Partly refunded',
    creditNoteTitle: 'Simplified tax credit note',
    refundLink: 'Refund',
    subject: (n: number) => `A refund on your order ${n}`,
  },
} as const;

/** Screenshots of the pages for a person to look at, when E2E_SCREENSHOTS_DIR names a folder. */
const shots = process.env.E2E_SCREENSHOTS_DIR;
async function shoot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

for (const lang of ['ar', 'en'] as Lang[]) {
  test(`${lang}: an owner refunds part of a paid order; the shopper sees it and gets the e-mail`, async ({
    page,
    shopper,
    browser,
    baseURL,
  }) => {
    test.slow();
    const w = words[lang];
    const { order } = await placePaidOrder(page, shopper, baseURL, { lang, verify: true });

    // The owner, in a browser of their own.
    const ownerContext = await browser.newContext({ baseURL });
    const owner = await ownerContext.newPage();
    // From the order's page, as staff find it, to its refund page.
    await signInOwner(owner, lang, pathIn(lang, `/dashboard/orders/${order.number}`));
    await owner.getByRole('link', { name: w.refundLink, exact: true }).click();
    await expect(owner).toHaveURL(
      (url) => url.pathname === pathIn(lang, `/dashboard/orders/${order.number}/refund`),
    );
    await expectLangDir(owner, lang);
    await expect(owner.getByRole('heading', { level: 1 })).toContainText(String(order.number));
    const amount = owner.getByLabel(w.amount);
    await expect(amount).toHaveValue(order.amountSar.toFixed(2));
    await expectAccessible(owner);
    await shoot(owner, `refund-${lang}-1280`);

    await amount.fill('10.50');
    await owner.getByLabel(w.reason).fill(lang === 'ar' ? 'خدش في الشاشة' : 'Scratched screen');
    await owner.getByRole('button', { name: w.submit }).click();
    // The question comes first; nothing is refunded until the owner says yes.
    const question = owner.getByRole('alertdialog');
    await expect(question).toContainText(String(order.number));
    await expect(owner.getByTestId('refunded-so-far')).toContainText('0');
    await owner.getByRole('button', { name: w.yes }).click();
    await expect(toast(owner, w.done)).toBeVisible();
    const table = owner.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(w.refunded);
    await expect(owner.getByTestId('refunded-so-far')).toContainText('10.50');

    await owner.setViewportSize({ width: 375, height: 800 });
    // The page may still be reloading its data after the refund: a reload that meets that
    // navigation is aborted by the browser. It is made once the page is quiet, and again, up to
    // five times, if a slow machine still aborts it.
    await owner.waitForLoadState('networkidle');
    for (let tries = 1; ; tries++) {
      try {
        await owner.reload();
        break;
      } catch (error) {
        if (tries === 5) throw error;
      }
    }
    await expectNoHorizontalOverflow(owner);
    await shoot(owner, `refund-${lang}-375`);

    // The back office's credit note, on screen and as printed.
    await owner.setViewportSize({ width: 1280, height: 800 });
    await table.getByRole('link').first().click();
    await expect(owner.getByTestId('credit-note')).toContainText(w.creditNoteTitle);
    await expect(owner.getByTestId('credit-note-total')).toContainText('10.50');
    await expectAccessible(owner);
    await shoot(owner, `credit-note-${lang}-1280`);
    await owner.emulateMedia({ media: 'print' });
    await shoot(owner, `credit-note-${lang}-print`);
    await owner.emulateMedia({ media: 'screen' });
    await owner.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(owner);
    await shoot(owner, `credit-note-${lang}-375`);
    await ownerContext.close();

    // The shopper's order page: the status, the refund and its credit note.
    await page.goto(pathIn(lang, `/order/details/${order.invoiceId}`));
    await expect(page.getByText(w.partly).first()).toBeVisible();
    await expect(page.getByTestId('order-refunded')).toContainText('10.50');
    const refunds = page.getByTestId('order-refunds');
    await expect(refunds).toContainText(lang === 'ar' ? 'خدش في الشاشة' : 'Scratched screen');
    await refunds.getByRole('link').click();
    await expect(page.getByTestId('credit-note-total')).toContainText('10.50');
    await expectAccessible(page);
    await shoot(page, `shopper-credit-note-${lang}-1280`);

    // The refund's e-mail (the shopper also has the payment's), in the language the shopper
    // placed the order in.
    const mail = await waitForMail(
      (m) => m.to.includes(shopper.email) && m.subject === w.subject(order.number),
    );
    expect(mail.text).toContain(`${lang === 'en' ? '/en' : ''}/order/details/${order.invoiceId}`);
    expect(mail.html).toContain(`dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);
  });
}

test('without JavaScript, the refund form asks first, then refunds once', async ({
  page,
  shopper,
  browser,
  baseURL,
}) => {
  test.slow();
  const w = words.ar;
  const { order } = await placePaidOrder(page, shopper, baseURL, { lang: 'ar', verify: true });
  const signedIn = await browser.newContext({ baseURL });
  const refundPath = `/dashboard/orders/${order.number}/refund`;
  await signInOwner(await signedIn.newPage(), 'ar', refundPath);
  // The same member, in a browser that runs no scripts.
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await signedIn.storageState(),
  });
  await signedIn.close();
  const owner = await context.newPage();
  await owner.goto(refundPath);
  await owner.getByLabel(w.amount).fill('7.25');
  await owner.getByLabel(w.reason).fill('تأخر التوصيل');
  await owner.getByRole('button', { name: w.submit }).click();
  const question = owner.getByRole('alertdialog');
  await expect(question).toContainText(String(order.number));
  await expect(owner.getByTestId('refunded-so-far')).toContainText('0');
  await question.getByRole('button', { name: w.yes }).click();
  await expect(owner).toHaveURL((url) => url.pathname === `/dashboard/orders/${order.invoiceId}/refund`);
  await expect(owner.getByTestId('refunded-so-far')).toContainText('7.25');
  await expect(owner.getByRole('table').getByRole('row')).toHaveCount(2);
  await context.close();
});
