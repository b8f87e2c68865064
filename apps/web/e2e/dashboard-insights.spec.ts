import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { root, startShopServer } from '../../../scripts/shop-server.mjs';
import { expectAccessible, pathIn, waitForHydration, type Lang } from './fixtures.ts';
import {
  expect,
  login,
  placePaidOrder,
  refusedRequests,
  registerUser,
  test as shopTest,
  toast,
} from './shopper-helpers.ts';

/**
 * The overview and the customers pages as a member uses them, in Arabic and English. The
 * owner is made with `staff:create` before the shop starts (the embedded database allows one
 * process), so this file runs its own shop: a data directory of its own, the demo catalog.
 */

const OWNER = {
  email: `owner-${randomUUID().slice(0, 8)}@shop.test`,
  password: 'owner horse battery staple',
};

const test = shopTest.extend<object, { staffShop: { url: string } }>({
  staffShop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies first
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-staff-'));
      const created = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/api/src/cli/staff-create.ts',
          '--email',
          OWNER.email,
          '--name',
          'Noura',
          '--role',
          'owner',
        ],
        {
          cwd: root,
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            STAFF_PASSWORD: OWNER.password,
            INIT_CWD: root,
            LOG_LEVEL: 'silent',
          },
          encoding: 'utf8',
        },
      );
      if (created.status !== 0) throw new Error(`staff:create failed: ${created.stderr}`);
      const server = await startShopServer({ env: { DATA_DIR: dataDir } });
      await use({ url: server.url });
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ staffShop }, use) => use(staffShop.url),
});

test.describe.configure({ mode: 'serial' });
test.use({ allowConsoleErrors: refusedRequests });

const words = {
  ar: {
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
    salesToday: 'مبيعات اليوم',
    noPaidOrders: 'لا طلبات مدفوعة',
    chart: /رسم بالأعمدة للمبيعات اليومية/,
    asTable: 'عرض الأرقام في جدول',
    customers: 'العملاء',
    search: 'الاسم أو البريد الإلكتروني أو الجوال',
    apply: 'تطبيق',
    deactivate: 'إيقاف الحساب',
    deactivateYes: 'نعم، أوقف الحساب',
    deactivated: 'تم إيقاف حساب العميل وتسجيل خروجه من جميع الأجهزة',
    byShop: 'أوقفه المتجر',
    shopLogin: 'البريد الإلكتروني أو رقم الجوال',
    shopSubmit: 'تسجيل الدخول',
    suspended: 'تم إيقاف حسابك من قبل المتجر',
  },
  en: {
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    salesToday: 'Sales today',
    noPaidOrders: '0 paid orders',
    chart: /Bar chart of daily sales/,
    asTable: 'Show the figures as a table',
    customers: 'Customers',
    search: 'Name, e-mail or mobile',
    apply: 'Apply',
    deactivate: 'Deactivate',
    deactivateYes: 'Yes, deactivate',
    deactivated: "The customer's account is deactivated and signed out everywhere",
    byShop: 'Deactivated by the shop',
    shopLogin: 'E-mail or mobile number',
    shopSubmit: 'Log in',
    suspended: 'Your account has been deactivated by the shop',
  },
} as const;

for (const lang of ['ar', 'en'] as const satisfies Lang[]) {
  const w = words[lang];
  test(`overview and customers (${lang}): figures and chart, find a customer, deactivate them, they cannot sign in`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // A shopper with a paid order today.
    const shopper = await registerUser(page.request);
    await login(page, shopper);
    await placePaidOrder(page, shopper, baseURL, { lang, verify: true });
    await page.context().clearCookies();

    await page.goto(pathIn(lang, '/dashboard/login'));
    await waitForHydration(page);
    await page.getByLabel(w.email, { exact: true }).fill(OWNER.email);
    await page.getByLabel(w.password, { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: w.signIn, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/dashboard')}$`), { timeout: 20_000 });

    // The overview: today's sales count the paid order; the chart and its table.
    const today = page.locator('dl > div').filter({ hasText: w.salesToday });
    await expect(today).toBeVisible();
    await expect(today).not.toContainText(w.noPaidOrders);
    await expect(page.getByRole('img', { name: w.chart })).toBeVisible();
    await page.getByText(w.asTable).click();
    await expect(
      page
        .getByRole('region', { name: lang === 'ar' ? /المبيعات اليومية/ : /Daily sales/ })
        .locator('tbody tr'),
    ).toHaveCount(30);
    await expectAccessible(page);

    // Find the shopper and deactivate them, confirmed.
    await page.getByRole('navigation').getByRole('link', { name: w.customers, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/dashboard/customers')}$`));
    await page.getByLabel(w.search).fill(shopper.email);
    await page.getByRole('button', { name: w.apply }).click();
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
    await page.getByRole('link', { name: shopper.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: shopper.name })).toBeVisible();
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: new RegExp(w.deactivate) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.deactivateYes }).click();
    await expect(toast(page, w.deactivated)).toBeVisible();
    await expect(page.getByText(w.byShop).first()).toBeVisible();

    // The shopper cannot sign in on the shop, and is told why in their language.
    const shopperContext = await browser.newContext({ baseURL });
    const shopperPage = await shopperContext.newPage();
    await shopperPage.goto(pathIn(lang, '/login'));
    await waitForHydration(shopperPage);
    await shopperPage.getByLabel(w.shopLogin).fill(shopper.email);
    await shopperPage.getByLabel(w.password, { exact: true }).fill(shopper.password);
    await shopperPage.getByRole('button', { name: w.shopSubmit, exact: true }).click();
    await expect(toast(shopperPage, w.suspended)).toBeVisible();
    await expect(shopperPage).toHaveURL(new RegExp(`${pathIn(lang, '/login')}$`));
    await shopperContext.close();
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('deactivating and reactivating a customer asks first on the page itself (en)', async ({ page }) => {
    const shopper = await registerUser(page.request);
    await page.goto('/en/dashboard/login');
    await page.getByLabel('E-mail', { exact: true }).fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);

    await page.goto(`/en/dashboard/customers?q=${encodeURIComponent(shopper.email)}`);
    await page.getByRole('link', { name: shopper.name }).click();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();

    // The first post only brings the question; nothing has changed yet.
    await page.getByRole('button', { name: /^Deactivate/ }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(`Deactivate ${shopper.name}'s account?`);
    await question.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: /^Deactivate/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, deactivate' }).click();
    await expect(page.getByText('Deactivated by the shop')).toBeVisible();
    await expect(
      page.getByText("The customer's account is deactivated and signed out everywhere"),
    ).toBeVisible();

    await page.getByRole('button', { name: /^Reactivate/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, reactivate' }).click();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    const login = await page.request.post('/api/User/User/Login?lang=en', {
      data: { userEmail: shopper.email, userPassword: shopper.password },
    });
    expect(login.status()).toBe(200);
  });
});
