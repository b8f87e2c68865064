import type { Page } from '@playwright/test';
import { expectAccessible, pathIn, waitForHydration, type Lang } from './fixtures.ts';
import { addToCart, expect, placePaidOrder, productInStock, test } from './shopper-helpers.ts';

const mainScreens = ['/', '/products', '/products/category/1', '/product/1', '/allcategory', '/info/terms/1'];

/** The account screens a logged-in shopper reaches from the user menu. */
const accountScreens = [
  '/user/profile',
  '/user/allorders',
  '/user/addresses',
  '/user/add-address',
  '/user/cards',
];

async function auditScreen(page: Page, lang: Lang, path: string) {
  await page.goto(pathIn(lang, path));
  await waitForHydration(page);
  await expectAccessible(page);
}

for (const lang of ['ar', 'en'] as const) {
  for (const path of mainScreens) {
    test(`axe finds no serious or critical violation on ${path} (${lang})`, async ({ page }) => {
      await auditScreen(page, lang, path);
    });
  }

  test(`axe finds no serious or critical violation on the account screens and the cart (${lang})`, async ({
    page,
    shopper,
    baseURL,
  }) => {
    // A dozen full audits in one journey (every account screen, the cart, an order's dialog, the
    // address book): more than the default budget on a busy machine.
    test.slow();
    const ar = lang === 'ar';
    // No orders, no addresses, an empty cart.
    for (const path of [...accountScreens, '/cart']) await auditScreen(page, lang, path);

    // With an order in the orders tab, and its details dialog open.
    const { order } = await placePaidOrder(page, shopper, baseURL, { lang, verify: true });
    await auditScreen(page, lang, '/user/allorders');
    await page.getByRole('button', { name: new RegExp(`#${order.number}$`) }).click();
    await expect(
      page.getByRole('dialog', { name: ar ? `الطلب ${order.number}` : `Order ${order.number}` }),
    ).toBeVisible();
    await expectAccessible(page);

    // The cart with an item.
    const product = await productInStock(page.request, lang);
    await addToCart(page, product.productId, baseURL);
    await auditScreen(page, lang, '/cart');
    await expect(page.getByRole('link', { name: product.productName, exact: true })).toBeVisible();

    // The address book with an address, and its edit page.
    const added = await page.request.post('/api/v1/users/userAddress/add', {
      data: { name: ar ? 'المنزل' : 'Home', address: ar ? 'حي العليا، الرياض' : 'Olaya, Riyadh' },
      headers: baseURL ? { origin: new URL(baseURL).origin } : undefined,
    });
    expect(added.status(), await added.text()).toBe(200);
    const { _id: addressId } = (await added.json()) as { _id: string };
    await auditScreen(page, lang, '/user/addresses');
    await expect(page.getByRole('heading', { name: ar ? 'المنزل' : 'Home' })).toBeVisible();
    await auditScreen(page, lang, `/user/edit-address/${addressId}`);
    await expect(page.getByRole('button', { name: ar ? 'حفظ العنوان' : 'Save address' })).toBeVisible();
  });

  test(`axe finds no serious or critical violation with the login and register dialogs open (${lang})`, async ({
    page,
  }) => {
    const ar = lang === 'ar';
    // A hydrated page: on the home and product pages the header's login is the login page.
    await page.goto(pathIn(lang, '/allcategory'));
    await waitForHydration(page);
    await page
      .getByRole('banner')
      .getByRole('link', { name: ar ? 'تسجيل الدخول' : 'Log in', exact: true })
      .click();
    const login = page.getByRole('dialog', { name: ar ? 'تسجيل الدخول' : 'Log in' });
    await expect(login).toBeVisible();
    await expectAccessible(page);
    await login.getByRole('button', { name: ar ? 'إنشاء حساب' : 'Create an account' }).click();
    await expect(page.getByRole('dialog', { name: ar ? 'إنشاء حساب' : 'Create an account' })).toBeVisible();
    await expectAccessible(page);
  });
}
