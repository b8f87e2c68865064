import type { Page } from '@playwright/test';
import { expectAccessible, expectLangDir, pathIn, waitForHydration, type Lang } from './fixtures.ts';
import { expect, openPage, placePaidOrder, test, told, toast } from './shopper-helpers.ts';
import { ownerPage } from './staff-helpers.ts';

/**
 * A return from a delivered order: the shopper asks for it on the order's page, the back office
 * finds it in the returns queue, approves it with a note, marks the goods received and refunds
 * it with the units back in stock; the shopper's order page shows each step.
 */

const words = {
  ar: {
    deliver: 'تعليم كمُسلَّم',
    deliveredLabel: 'تم التوصيل',
    ask: 'طلب إرجاع',
    quantity: /الكمية المرتجعة من/,
    reason: 'المنتج معيب',
    details: 'تفاصيل إضافية (اختياري)',
    submit: 'إرسال طلب الإرجاع',
    requested: 'استلمنا طلب الإرجاع وسنرد عليك قريباً',
    reasonRequired: 'اختر سبب الإرجاع',
    status: {
      requested: 'بانتظار الرد',
      approved: 'مقبول',
      received: 'استلمنا المنتج',
      refunded: 'تم الاسترداد',
    },
    queueSearch: 'رقم الطلب',
    approve: 'قبول الإرجاع',
    approveNote: 'ملاحظة للعميل (اختيارية)، مثل عنوان إرسال المنتج',
    approved: 'تم قبول طلب الإرجاع',
    receive: 'تم استلام المنتج',
    received: 'تم تسجيل استلام البضاعة',
    refund: /^استرداد /,
    refundConfirm: 'نعم، استرداد المبلغ',
    refunded: 'تم استرداد مبلغ الإرجاع',
    note: 'أرسل الجهاز إلى فرع العليا',
    filter: 'تطبيق',
  },
  en: {
    deliver: 'Mark delivered',
    deliveredLabel: 'Delivered',
    ask: 'Ask for a return',
    quantity: /Quantity of .* to return/,
    reason: 'Defective',
    details: 'More details (optional)',
    submit: 'Send the return request',
    requested: 'We received your return request and will answer soon',
    reasonRequired: 'Choose the reason for the return',
    status: {
      requested: 'Awaiting our answer',
      approved: 'Approved',
      received: 'Goods received',
      refunded: 'Refunded',
    },
    queueSearch: 'Order number',
    approve: 'Approve return',
    approveNote: 'Note for the customer (optional), e.g. where to send the item',
    approved: 'The return was approved',
    receive: 'Mark goods received',
    received: 'The goods were marked received',
    refund: /^Refund /,
    refundConfirm: 'Yes, refund',
    refunded: 'The return was refunded',
    note: 'Send the device to our Olaya branch',
    filter: 'Apply',
  },
} as const;

/** The owner marks the order delivered on its page (the back office's fulfilment step). */
async function deliver(owner: Page, lang: Lang, number: number, js: boolean) {
  await openPage(owner, pathIn(lang, `/dashboard/orders/${number}`), js);
  await owner.getByRole('button', { name: words[lang].deliver }).click();
  await expect(owner.getByTestId('fulfilment-status')).toHaveText(words[lang].deliveredLabel);
}

function returnStatus(page: Page) {
  return page.getByTestId('order-return-requests').getByTestId('return-status').first();
}

/** Says yes in the question a back-office step asks first. */
async function confirm(owner: Page, button: string | RegExp, yes: string) {
  await owner.getByRole('button', { name: button }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: yes, exact: true }).click();
}

for (const lang of ['ar', 'en'] as const) {
  test(`a shopper returns a delivered item; the back office approves, receives and refunds it (${lang})`, async ({
    page,
    shopper,
    baseURL,
    browser,
  }) => {
    // The whole journey (pay, deliver, ask, approve, receive, refund) on a busy 2-core machine.
    test.setTimeout(180_000);
    const w = words[lang];
    const { order } = await placePaidOrder(page, shopper, baseURL, { lang, verify: true });
    const owner = await ownerPage(browser, baseURL!, lang);
    await deliver(owner, lang, order.number, true);

    const orderPath = pathIn(lang, `/order/details/${order.invoiceId}`);
    await openPage(page, orderPath, true);
    await expectLangDir(page, lang);
    await page.getByRole('link', { name: w.ask }).click();
    await expect(page).toHaveURL(new RegExp(`${orderPath}/return$`));
    await waitForHydration(page);
    await page.getByLabel(w.quantity).selectOption('1');
    await page.getByLabel(w.reason).check();
    await page.getByLabel(w.details).fill('The screen flickers');
    await expectAccessible(page);
    await page.getByRole('button', { name: w.submit }).click();
    await expect(toast(page, w.requested)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
    await expect(returnStatus(page)).toHaveText(w.status.requested);

    // The queue finds it by its order number; its page decides it.
    await openPage(owner, pathIn(lang, '/dashboard/returns'), true);
    await owner.getByLabel(w.queueSearch).fill(String(order.number));
    await owner.getByRole('button', { name: w.filter }).click();
    const inQueue = owner.getByRole('link', { name: new RegExp(`\\b${order.number}\\b`) });
    await expect(inQueue).toHaveCount(1);
    await expectAccessible(owner);
    await inQueue.click();
    await waitForHydration(owner);
    await owner.getByLabel(w.approveNote).fill(w.note);
    await confirm(owner, w.approve, w.approve);
    await expect(toast(owner, w.approved)).toBeVisible();

    await page.reload();
    await expect(returnStatus(page)).toHaveText(w.status.approved);
    await expect(page.getByTestId('order-return-requests')).toContainText(w.note);

    await confirm(owner, w.receive, w.receive);
    await expect(toast(owner, w.received)).toBeVisible();
    await page.reload();
    await expect(returnStatus(page)).toHaveText(w.status.received);

    await confirm(owner, w.refund, w.refundConfirm);
    await expect(toast(owner, w.refunded)).toBeVisible();
    await owner.context().close();
    await page.reload();
    await expect(returnStatus(page)).toHaveText(w.status.refunded);
    await expect(page.getByTestId('order-refunds')).toBeVisible();
  });
}

test('without JavaScript: the return form keeps what was chosen on an error, and the approval asks first', async ({
  page,
  shopper,
  baseURL,
  browser,
}) => {
  const w = words.ar;
  const { order } = await placePaidOrder(page, shopper, baseURL, { lang: 'ar', verify: true });
  const owner = await ownerPage(browser, baseURL!, 'ar', false);
  await deliver(owner, 'ar', order.number, false);

  const shopperContext = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noJs = await shopperContext.newPage();
  const formPath = `/order/details/${order.invoiceId}/return`;
  await noJs.goto(formPath);
  await noJs.getByLabel(w.quantity).selectOption('1');
  await noJs.getByLabel(w.details).fill('الشاشة ترمش');
  await noJs.getByRole('button', { name: w.submit }).click();
  await expect(noJs.getByText(w.reasonRequired)).toBeVisible();
  await expect(noJs.getByLabel(w.quantity)).toHaveValue('1');
  await expect(noJs.getByLabel(w.details)).toHaveValue('الشاشة ترمش');
  await noJs.getByLabel(w.reason).check();
  await noJs.getByRole('button', { name: w.submit }).click();
  await expect(noJs).toHaveURL(new RegExp(`/order/details/${order.invoiceId}$`));
  await expect(told(noJs, w.requested, false)).toBeVisible();
  await expect(returnStatus(noJs)).toHaveText(w.status.requested);

  await owner.reload();
  await owner.getByLabel(w.approveNote).fill(w.note);
  await owner.getByRole('button', { name: w.approve }).click();
  // The question comes back as the page; its yes carries the note typed before.
  await owner.getByRole('alertdialog').getByRole('button', { name: w.approve }).click();
  await expect(owner).toHaveURL(new RegExp(`/dashboard/orders/${order.number}$`));
  await owner.context().close();

  await noJs.reload();
  await expect(returnStatus(noJs)).toHaveText(w.status.approved);
  await expect(noJs.getByTestId('order-return-requests')).toContainText(w.note);
  await shopperContext.close();
});
