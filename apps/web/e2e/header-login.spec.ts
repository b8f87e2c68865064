import type { Page } from '@playwright/test';
import { pathIn, waitForHydration, type Lang } from './fixtures.ts';
import { expect, originHeaders, test, type Shopper } from './shopper-helpers.ts';

const words = {
  ar: {
    login: 'تسجيل الدخول',
    identifier: 'البريد الإلكتروني أو رقم الجوال',
    password: 'كلمة المرور',
    createAccount: 'إنشاء حساب',
    userMenu: 'قائمة الحساب',
    openMenu: 'افتح القائمة',
    menu: 'القائمة',
    logout: 'تسجيل الخروج',
    orders: 'طلباتي',
  },
  en: {
    login: 'Log in',
    identifier: 'E-mail or mobile number',
    password: 'Password',
    createAccount: 'Create an account',
    userMenu: 'Account menu',
    openMenu: 'Open menu',
    menu: 'Menu',
    logout: 'Log out',
    orders: 'My orders',
  },
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The URL is still exactly `path` (with its query): no navigation happened. */
async function expectStillOn(page: Page, path: string) {
  await expect(page).toHaveURL(new RegExp(`^[^/]+//[^/]+${escapeRegExp(path)}$`));
}

async function logInThroughDialog(page: Page, lang: Lang, account: Shopper) {
  const w = words[lang];
  const dialog = page.getByRole('dialog', { name: w.login });
  await dialog.getByLabel(w.identifier).fill(account.email);
  await dialog.getByLabel(w.password, { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: w.login, exact: true }).click();
}

for (const lang of ['ar', 'en'] as const) {
  const w = words[lang];

  test(`the header's login opens the login dialog on the same page; logging in there shows the user menu (${lang})`, async ({
    page,
    account,
  }) => {
    const start = pathIn(lang, '/products?page=2');
    await page.goto(start);
    await waitForHydration(page);
    const link = page.getByRole('banner').getByRole('link', { name: w.login, exact: true });
    // Still a real link, for a click before the scripts arrive or without them.
    await expect(link).toHaveAttribute('href', pathIn(lang, '/login'));
    await link.click();

    const dialog = page.getByRole('dialog', { name: w.login });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(w.identifier)).toBeVisible();
    await expectStillOn(page, start);

    // Registration opens over it; closing it comes back to the login dialog.
    await dialog.getByRole('button', { name: w.createAccount }).click();
    const registration = page.getByRole('dialog', { name: w.createAccount });
    await expect(registration).toBeVisible();
    // Escape goes to the topmost dialog once it has taken the focus; a key pressed in the frame
    // between its first paint and that would still belong to the login dialog underneath.
    await expect.poll(() => registration.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(registration).toBeHidden();
    await expect(dialog).toBeVisible();

    await logInThroughDialog(page, lang, account);
    // The page reloads where the shopper was, now logged in.
    await expect(page.getByRole('button', { name: w.userMenu })).toContainText(account.name, {
      timeout: 20_000,
    });
    await expectStillOn(page, start);
    await expect(page.getByRole('banner').getByRole('link', { name: w.login, exact: true })).toHaveCount(0);
  });

  test(`the user menu opens on the first click, closes on Escape back to its button, and leads to the orders (${lang})`, async ({
    page,
    shopper,
  }) => {
    await page.goto(pathIn(lang, '/agents'));
    await waitForHydration(page);
    const button = page.getByRole('button', { name: w.userMenu });
    await expect(button).toContainText(shopper.name);
    await button.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveCount(5);
    await expect(menu.getByRole('menuitem', { name: w.logout })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: w.userMenu })).toBeFocused();

    await page.getByRole('button', { name: w.userMenu }).click();
    await page.getByRole('menuitem', { name: w.orders }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(pathIn(lang, '/user/allorders'))}$`));
  });

  test.describe(() => {
    test.use({ viewport: { width: 375, height: 812 } });

    test(`the side drawer's login opens the same dialog on phones (${lang})`, async ({ page, account }) => {
      const start = pathIn(lang, '/allcategory');
      await page.goto(start);
      await waitForHydration(page);
      await page.getByRole('button', { name: w.openMenu }).click();
      const drawer = page.getByRole('dialog', { name: w.menu });
      await expect(drawer).toBeVisible();
      // Escape closes it and gives focus back to the menu button.
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('button', { name: w.openMenu })).toBeFocused();
      await page.getByRole('button', { name: w.openMenu }).click();
      const link = drawer.getByRole('link', { name: w.login });
      await expect(link).toHaveAttribute('href', pathIn(lang, '/login'));
      await link.click();

      await expect(drawer).toBeHidden();
      const dialog = page.getByRole('dialog', { name: w.login });
      await expect(dialog).toBeVisible();
      await expectStillOn(page, start);
      // Keyboard users land inside the dialog.
      await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

      await logInThroughDialog(page, lang, account);
      // The drawer now offers the account pages and logging out.
      await expect(page.getByRole('banner').getByRole('link', { name: w.login })).toHaveCount(0, {
        timeout: 20_000,
      });
      await expectStillOn(page, start);
      await page.getByRole('button', { name: w.openMenu }).click();
      await expect(drawer.getByRole('button', { name: w.logout })).toBeVisible();
    });
  });
}

test.describe(() => {
  test.use({ javaScriptEnabled: false });

  test('without JavaScript the header login is a plain link to the login page (en)', async ({ page }) => {
    await page.goto('/en/products');
    await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByLabel('E-mail or mobile number')).toBeVisible();
  });
});

test('a long Latin name in the Arabic header is cut at its end, its beginning stays readable (ar)', async ({
  page,
  shopper,
  baseURL,
}) => {
  const name = 'Montgomery Alexander Featherstonehaugh';
  const renamed = await page.request.put(`/api/User/Update/User/${shopper.userId}`, {
    multipart: { UserName: name },
    headers: originHeaders(baseURL),
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await page.goto('/');
  await waitForHydration(page);
  const label = page.getByRole('button', { name: 'قائمة الحساب' }).getByText(name);
  await expect(label).toBeVisible();
  const firstLetter = await label.evaluate((node) => {
    const range = document.createRange();
    range.setStart(node.firstChild!, 0);
    range.setEnd(node.firstChild!, 1);
    const letter = range.getBoundingClientRect();
    const box = node.getBoundingClientRect();
    return {
      inside: letter.left >= box.left - 1 && letter.right <= box.right + 1,
      cut: node.scrollWidth > node.clientWidth,
    };
  });
  expect(firstLetter).toEqual({ inside: true, cut: true });
});
