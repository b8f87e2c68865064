import { expectAccessible, expectLangDir, expectNoHorizontalOverflow, pathIn } from './fixtures.ts';
import { expect, login, placeOrder, placePaidOrder, registerUser, test, toast } from './shopper-helpers.ts';
import { ownerPage } from './staff-helpers.ts';

/**
 * Orders in the back office, as an owner uses them: the owner the global setup made with
 * `npm run staff:create` signs in on the sign-in page, finds a shopper's order and acts on it;
 * the shopper's own pages show the outcome.
 */

const words = {
  ar: {
    search: 'رقم الطلب أو الاسم أو البريد أو الجوال',
    exportCsv: 'تصدير هذه الطلبات في ملف CSV',
    apply: 'تطبيق',
    deliver: 'تعليم كمُسلَّم',
    delivered: 'تم التوصيل',
    deliveredToast: 'تم تعليم الطلب كمُسلَّم',
    cancel: 'إلغاء الطلب',
    cancelYes: 'نعم، ألغِ الطلب',
    cancelled: 'ملغي',
    cancelledNotice: 'تم إلغاء الطلب وإعادة كمياته إلى المخزون',
  },
  en: {
    search: 'Order number, name, e-mail or phone',
    exportCsv: 'Export these orders as a CSV file',
    apply: 'Apply',
    deliver: 'Mark delivered',
    delivered: 'Delivered',
    deliveredToast: 'The order is marked as delivered',
    cancel: 'Cancel order',
    cancelYes: 'Yes, cancel the order',
    cancelled: 'Cancelled',
    cancelledNotice: 'The order is cancelled and its stock is back on sale',
  },
} as const;

for (const lang of ['ar', 'en'] as const) {
  test(`an owner finds a paid order, marks it delivered, and the shopper sees it delivered (${lang})`, async ({
    page,
    shopper,
    baseURL,
    browser,
  }) => {
    const { order } = await placePaidOrder(page, shopper, baseURL, { lang, verify: true });

    const owner = await ownerPage(browser, baseURL!, lang);
    await owner.goto(pathIn(lang, '/dashboard/orders'));
    await expectLangDir(owner, lang);
    await owner.getByLabel(words[lang].search).fill(shopper.email);
    await owner.getByRole('button', { name: words[lang].apply }).click();
    const row = owner.getByRole('row').filter({ hasText: `#${order.number}` });
    await expect(row).toHaveCount(1);
    await expectAccessible(owner);
    // The export link carries the same search, and the member's session opens it.
    const csvHref = await owner.getByRole('link', { name: words[lang].exportCsv }).getAttribute('href');
    const csv = await owner.context().request.get(csvHref!);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${order.number},`));
    await row.getByRole('link', { name: new RegExp(String(order.number)) }).click();

    await expect(owner.getByRole('heading', { level: 1 })).toContainText(String(order.number));
    await expectAccessible(owner);
    // On a slow device (the processor slowed twentyfold) the answer and the page read again
    // after it can arrive before the page is drawn between them; the toast must still show,
    // although the button that posted is gone.
    const cdp = await owner.context().newCDPSession(owner);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await owner.getByRole('button', { name: words[lang].deliver }).click();
    await expect(toast(owner, words[lang].deliveredToast)).toBeVisible();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(owner.getByRole('button', { name: words[lang].deliver })).toHaveCount(0);
    await expect(owner.getByText(words[lang].delivered).first()).toBeVisible();
    await owner.context().close();

    // The shopper's own orders page, in the storefront's words.
    await page.goto(pathIn(lang, '/user/allorders'));
    const mine = page.getByRole('row').filter({ hasText: `#${order.number}` });
    await expect(mine).toContainText(words[lang].delivered);
  });
}

test('the order pages fit a 375 px screen in both languages', async ({ browser, baseURL, page }) => {
  const shopper = await registerUser(page.request);
  await login(page, shopper);
  const { order } = await placePaidOrder(page, shopper, baseURL, { verify: true });
  for (const lang of ['ar', 'en'] as const) {
    const owner = await ownerPage(browser, baseURL!, lang);
    await owner.setViewportSize({ width: 375, height: 800 });
    for (const url of ['/dashboard/orders', `/dashboard/orders/${order.number}`]) {
      await owner.goto(pathIn(lang, url));
      await expectNoHorizontalOverflow(owner);
      await expectAccessible(owner);
    }
    await owner.context().close();
  }
});

test('without JavaScript, cancelling an unpaid order asks first, then cancels it', async ({
  browser,
  baseURL,
  page,
  shopper,
}) => {
  const { order } = await placeOrder(page, shopper, baseURL, 'en');
  const owner = await ownerPage(browser, baseURL!, 'en', false);
  await owner.goto(`/en/dashboard/orders/${order.number}`);
  await owner.getByRole('button', { name: words.en.cancel }).click();
  // The page comes back with the question in place of the button.
  const question = owner.getByRole('alertdialog');
  await expect(question).toContainText(`Cancel order ${order.number}?`);
  await question.getByRole('button', { name: words.en.cancelYes }).click();
  await expect(owner).toHaveURL(new RegExp(`/en/dashboard/orders/${order.number}$`));
  await expect(owner.getByText(words.en.cancelledNotice)).toBeVisible();
  await expect(owner.getByText(words.en.cancelled, { exact: true }).first()).toBeVisible();
  await expect(owner.getByRole('button', { name: words.en.cancel })).toHaveCount(0);
  await owner.context().close();
});
