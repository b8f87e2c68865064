import { expectLangDir, expectNotHydrated, scriptCount, waitForHydration } from './fixtures.ts';
import { expect, test } from './shopper-helpers.ts';

/**
 * A product page opened directly is not hydrated (decision 052). Its header still does
 * everything: the user menu and the side drawer are native popovers, logout and the search are
 * forms (typing searches after a pause, as everywhere), and the language toggle works with the
 * language cookie already set.
 */
test('the user menu opens, closes on Escape, and logs out on a page that is not hydrated (ar)', async ({
  page,
  shopper,
}) => {
  await page.goto('/product/1');
  await expectNotHydrated(page);
  const menuButton = page.getByRole('button', { name: 'قائمة الحساب' });
  await expect(menuButton).toContainText(shopper.name);
  await menuButton.click();
  // The same menu as on a hydrated page: a menu of items.
  const menu = page.getByRole('menu', { name: 'قائمة الحساب' });
  await expect(menu.getByRole('menuitem')).toHaveCount(5);
  await expect(menu.getByRole('menuitem', { name: 'المفضلة' })).toBeVisible();
  const orders = menu.getByRole('menuitem', { name: 'طلباتي' });
  await expect(orders).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'الملف الشخصي' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(orders).toBeHidden();

  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'تسجيل الخروج' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
});

test('a visitor logs in from the header and comes back to the product (en)', async ({ page, account }) => {
  await page.goto('/en/product/1');
  await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/login\?redirectTo=%2Fen%2Fproduct%2F1$/);
  await waitForHydration(page);
  await page.getByLabel('E-mail or mobile number').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/product\/1$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(account.name);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the side drawer opens from the reading side and its links work (en)', async ({ page }) => {
    await page.goto('/en/product/1');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())?.x).toBe(0);
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/en\/allcategory$/);
  });

  test('the side drawer hugs the right edge in Arabic and closes on Escape (ar)', async ({ page }) => {
    await page.goto('/product/1');
    await page.getByRole('button', { name: 'افتح القائمة' }).click();
    const drawer = page.getByRole('dialog', { name: 'القائمة' });
    const box = await drawer.boundingBox();
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(375);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});

test('the language toggle works without React, even against the remembered language', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'i18next', value: 'en', url: baseURL ?? '' }]);
  await page.goto('/en/product/1');
  await expectLangDir(page, 'en');
  await page.getByRole('link', { name: 'العربية' }).first().click();
  await expect(page).toHaveURL(/\/product\/1$/);
  await expectLangDir(page, 'ar');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18next');
  expect(cookie?.value).toBe('ar');
});

test('typing in the header search leads to the listing once the shopper pauses (ar)', async ({ page }) => {
  await page.goto('/product/1');
  await page.getByRole('searchbox', { name: 'ابحث عن المنتجات' }).pressSequentially('سامسونج');
  await expect(page).toHaveURL(/\/products\?q=%D8%B3%D8%A7%D9%85%D8%B3%D9%88%D9%86%D8%AC$/);
  await expect(page.getByRole('searchbox', { name: 'ابحث عن المنتجات' })).toHaveValue('سامسونج');
});

test('the header search submits to the listing at once on Enter (en)', async ({ page }) => {
  await page.goto('/en/product/1');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('samsung');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/products\?q=samsung$/);
});

test('a post to the product page that is not the add-to-cart form gets 400', async ({ request, baseURL }) => {
  // From the shop's own origin (a post without one is refused before the page reads it).
  const response = await request.post('/en/product/1', {
    headers: { origin: new URL(baseURL!).origin },
    form: { intent: 'something-else' },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('<html lang="en" dir="ltr"');
});

test('a hydrated page preloads no script and loads its modules after the first paint (decision 053)', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/en/products/category/1')).text();
  expect(html).not.toContain('modulepreload');
  expect(html).toMatch(/requestAnimationFrame[\s\S]*__reactRouterRouteModules/);
  await page.goto('/en/products/category/1');
  await waitForHydration(page);
  expect(await scriptCount(page)).toBeGreaterThan(0);
});
