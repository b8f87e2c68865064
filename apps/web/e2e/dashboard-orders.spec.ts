import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { root, startShopServer } from '../../../scripts/shop-server.mjs';
import {
  expectAccessible,
  expectLangDir,
  expectNoHorizontalOverflow,
  pathIn,
  type Lang,
} from './fixtures.ts';
import {
  expect,
  login,
  placeOrder,
  placePaidOrder,
  registerUser,
  test as shopperTest,
  toast,
} from './shopper-helpers.ts';

/**
 * Orders in the back office, as an owner uses them. The owner is made with the command line
 * (`npm run staff:create`), which works on the embedded database only while no shop holds it:
 * so this file runs its own shop, started after the command has made the owner in its data
 * directory. Its tests run in one worker, one after the other, on that shop.
 */

const OWNER = { email: 'owner@orders.test', name: 'نورة المالكة', password: 'owner horse battery staple' };

const test = shopperTest.extend<object, { ownerShop: { url: string } }>({
  ownerShop: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-orders-'));
      const made = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'src/modules/staff/cli.ts',
          '--email',
          OWNER.email,
          '--name',
          OWNER.name,
          '--role',
          'owner',
        ],
        {
          cwd: path.join(root, 'apps/api'),
          env: { ...process.env, DATA_DIR: dataDir, STAFF_PASSWORD: OWNER.password },
          encoding: 'utf8',
        },
      );
      if (made.status !== 0) throw new Error(`staff:create failed: ${made.stderr}`);
      const shop = await startShopServer({ env: { DATA_DIR: dataDir } });
      await use({ url: shop.url });
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ ownerShop }, use) => use(ownerShop.url),
});

test.describe.configure({ mode: 'serial' });

const words = {
  ar: {
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
    search: 'رقم الطلب أو الاسم أو البريد أو الجوال',
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
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    search: 'Order number, name, e-mail or phone',
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

/** Signs the owner in through the sign-in page, in a browser context of its own. */
async function ownerPage(
  browser: Browser,
  baseURL: string,
  lang: Lang,
  javaScriptEnabled = true,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(pathIn(lang, '/dashboard/login'));
  await page.getByLabel(words[lang].email).fill(OWNER.email);
  await page.getByLabel(words[lang].password, { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: words[lang].signIn }).click();
  await expect(page).toHaveURL(new RegExp(`${lang === 'en' ? '/en' : ''}/dashboard$`));
  return page;
}

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
    await row.getByRole('link', { name: new RegExp(String(order.number)) }).click();

    await expect(owner.getByRole('heading', { level: 1 })).toContainText(String(order.number));
    await expectAccessible(owner);
    await owner.getByRole('button', { name: words[lang].deliver }).click();
    await expect(toast(owner, words[lang].deliveredToast)).toBeVisible();
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
