import type { Page } from '@playwright/test';
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  expectNoSidewaysScrollingBox,
  pathIn,
  waitForHydration,
} from './fixtures.ts';
import {
  addToCart,
  expect,
  jsModes,
  openPage,
  placePaidOrder,
  productInStock,
  test,
} from './shopper-helpers.ts';

test.use({ viewport: { width: 375, height: 812 } });

const paths = [
  '/',
  '/products',
  '/products?q=samsung',
  '/products/category/1',
  '/products/company/1',
  '/product/1',
  '/products/new',
  '/allcategory',
  '/agents',
  '/info/about/3',
];

/** The page is no wider than the phone, and no box inside it scrolls sideways either. */
async function expectFitsPhone(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    'page width in px',
  ).toBeLessThanOrEqual(375);
  await expectNoSidewaysScrollingBox(page);
}

for (const lang of ['ar', 'en'] as const) {
  test(`account pages and the cart fit 375 px with an order and an item; orders are cards (${lang})`, async ({
    page,
    shopper,
    baseURL,
  }) => {
    const ar = lang === 'ar';
    const { order } = await placePaidOrder(page, shopper, baseURL, {
      lang,
      verify: true,
      address: ar
        ? 'المنزل، طريق الملك فهد، حي العليا، الرياض 12214'
        : 'Home, King Fahd Road, Olaya, Riyadh 12214',
    });
    const product = await productInStock(page.request, lang);
    await addToCart(page, product.productId, baseURL);
    const paths = [
      '/user/allorders',
      '/cart',
      '/user/profile',
      '/user/addresses',
      '/user/add-address',
      `/order/details/${order.invoiceId}`,
    ];
    for (const path of paths) {
      await page.goto(pathIn(lang, path));
      await waitForHydration(page);
      await expectFitsPhone(page);
    }

    await page.goto(pathIn(lang, '/cart'));
    await expect(page.getByRole('link', { name: product.productName, exact: true })).toBeVisible();

    // Each order is a card with the table's data and its View Details button.
    await page.goto(pathIn(lang, '/user/allorders'));
    await waitForHydration(page);
    await expect(page.getByRole('table')).toBeHidden();
    // The header stays one row: menu, logo and cart (the language is in the drawer).
    const menuBox = await page.getByRole('button', { name: ar ? 'افتح القائمة' : 'Open menu' }).boundingBox();
    const cartBox = await page
      .getByRole('banner')
      .getByRole('link', { name: ar ? /^السلة/ : /^Cart/ })
      .boundingBox();
    expect(Math.abs((menuBox?.y ?? 0) - (cartBox?.y ?? 999)), 'menu and cart on one row').toBeLessThan(8);
    const card = page
      .getByRole('list', { name: ar ? 'سجل الطلبات' : 'Order history' })
      .getByRole('listitem')
      .filter({ hasText: `#${order.number}` });
    await expect(card).toContainText(ar ? 'قيد التنفيذ' : 'In progress');
    await expect(card).toContainText(ar ? 'حي العليا، الرياض 12214' : 'Olaya, Riyadh 12214');
    // The date with its time (Arabic month names in Arabic).
    await expect(card).toContainText(ar ? /\d{4} \d{2}:\d{2}/ : /[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}/);
    const details = card.getByRole('button', {
      name: ar ? `عرض التفاصيل #${order.number}` : `View Details #${order.number}`,
    });
    const box = await details.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, 'View Details within the screen').toBe(true);
    await expectAccessible(page);
    await details.click();
    await expect(
      page.getByRole('dialog', { name: ar ? `الطلب ${order.number}` : `Order ${order.number}` }),
    ).toBeVisible();
    await expectFitsPhone(page);
  });

  test(`no horizontal scrolling at 375 px (${lang})`, async ({ page }) => {
    for (const path of paths) {
      await page.goto(pathIn(lang, path));
      await expectNoHorizontalOverflow(page);
    }
  });

  for (const { js, mode } of jsModes) {
    test.describe(() => {
      test.use({ javaScriptEnabled: js });

      test(`the side drawer opens from the reading side, its links go on and it closes (${lang}, ${mode})`, async ({
        page,
      }) => {
        const ar = lang === 'ar';
        await openPage(page, pathIn(lang, '/agents'), js);
        const menuButton = page.getByRole('button', { name: ar ? 'افتح القائمة' : 'Open menu' });
        await menuButton.click();
        const drawer = page.getByRole('dialog', { name: ar ? 'القائمة' : 'Menu' });
        await expect(drawer).toBeVisible();
        const box = await drawer.boundingBox();
        // Arabic reads from the right: the drawer hugs the right edge; English the left.
        if (ar) expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(375);
        else expect(box?.x).toBe(0);
        await expect(drawer.getByRole('link', { name: ar ? 'تسجيل الدخول' : 'Log in' })).toBeVisible();
        await drawer.getByRole('button', { name: ar ? 'أغلق القائمة' : 'Close menu' }).click();
        await expect(drawer).toBeHidden();

        await menuButton.click();
        await drawer.getByRole('link', { name: ar ? 'الأقسام' : 'Categories' }).click();
        await expect(page).toHaveURL(new RegExp(`${ar ? '' : '/en'}/allcategory$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(drawer).toBeHidden();

        await menuButton.click();
        await expect(drawer).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
      });
    });
  }
}
