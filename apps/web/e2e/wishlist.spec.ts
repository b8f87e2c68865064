import type { Page } from '@playwright/test';
import { expectNotHydrated, pathIn, waitForHydration, type Lang } from './fixtures.ts';
import { expect, productInStock, test, told, type Shopper } from './shopper-helpers.ts';

const words = {
  ar: {
    add: (name: string) => `أضف ${name} إلى المفضلة`,
    remove: (name: string) => `أزل ${name} من المفضلة`,
    identifier: 'البريد الإلكتروني أو رقم الجوال',
    password: 'كلمة المرور',
    logIn: 'تسجيل الدخول',
    added: 'أُضيف المنتج إلى المفضلة',
    title: 'المفضلة',
    move: (name: string) => `نقل إلى السلة: ${name}`,
    removeItem: (name: string) => `إزالة: ${name}`,
    moved: 'نُقل المنتج إلى السلة',
    removed: 'أُزيل المنتج من المفضلة',
    cartOne: 'السلة، منتج واحد',
    empty: 'لا توجد منتجات في المفضلة',
  },
  en: {
    add: (name: string) => `Add ${name} to your wishlist`,
    remove: (name: string) => `Remove ${name} from your wishlist`,
    identifier: 'E-mail or mobile number',
    password: 'Password',
    logIn: 'Log in',
    added: 'Added to your wishlist',
    title: 'Wishlist',
    move: (name: string) => `Move to cart: ${name}`,
    removeItem: (name: string) => `Remove: ${name}`,
    moved: 'Moved to your cart',
    removed: 'Removed from your wishlist',
    cartOne: 'Cart, 1 item',
    empty: 'Your wishlist is empty',
  },
} as const;

const prefix = (lang: Lang) => pathIn(lang, '');

/** Signs in on the login page the heart led to; the shop then opens the wishlist. */
async function signIn(page: Page, account: Shopper, lang: Lang) {
  const w = words[lang];
  await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/login\\?redirectTo=`));
  await page.getByLabel(w.identifier).fill(account.email);
  await page.getByLabel(w.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: w.logIn, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/user/wishlist$`), { timeout: 20_000 });
}

/** The wishlist's products, by the names of their links. */
const wishlist = (page: Page) => page.getByRole('list', { name: /^(المفضلة|Wishlist)$/ });

/**
 * On the wishlist of two products: the first moved to the cart (the badge counts it), the second
 * removed, and the list is empty.
 */
async function moveOneRemoveTheRest(page: Page, lang: Lang, js: boolean, first: string, second: string) {
  const w = words[lang];
  await page.goto(`${prefix(lang)}/user/wishlist`);
  if (js) await waitForHydration(page);
  await expect(wishlist(page).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: w.move(first), exact: true }).click();
  await expect(told(page, w.moved, js)).toBeVisible();
  await expect(page.getByRole('link', { name: w.cartOne })).toBeVisible();
  await expect(wishlist(page).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: w.removeItem(second), exact: true }).click();
  await expect(told(page, w.removed, js)).toBeVisible();
  await expect(page.getByText(w.empty)).toBeVisible();
}

for (const lang of ['ar', 'en'] as const) {
  test(`a visitor's heart is kept through sign-in; one moves to the cart, the rest are removed (${lang})`, async ({
    page,
    account,
  }) => {
    const w = words[lang];
    const first = await productInStock(page.request, lang, 0);
    const second = await productInStock(page.request, lang, 1);

    // A visitor presses a heart and is asked to sign in: in Arabic on a card of the hydrated
    // listing, in English on the product page as the server sends it (its own script posts it).
    if (lang === 'ar') {
      await page.goto(`/products?q=${encodeURIComponent(first.productName)}`);
      await waitForHydration(page);
    } else {
      await page.goto(`/en/product/${first.productId}`);
      await expectNotHydrated(page);
    }
    await page
      .getByRole('button', { name: w.add(first.productName), exact: true })
      .first()
      .click();
    await signIn(page, account, lang);
    await expect(told(page, w.added, false)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
    await expect(wishlist(page).getByRole('link', { name: first.productName, exact: true })).toBeVisible();

    // Signed in, the heart of the second product's page (not hydrated) keeps it in place: the
    // page is not loaded again, and the heart shows it kept.
    await page.goto(`${prefix(lang)}/product/${second.productId}`);
    await expectNotHydrated(page);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await page.getByRole('button', { name: w.add(second.productName), exact: true }).click();
    await expect(
      page.getByRole('button', { name: w.remove(second.productName), exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(documents, 'no page load for the heart').toEqual([]);

    await moveOneRemoveTheRest(page, lang, true, first.productName, second.productName);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the heart, signing in, moving and removing all work as plain forms (ar)', async ({
    page,
    account,
  }) => {
    const w = words.ar;
    const first = await productInStock(page.request, 'ar', 2);
    const second = await productInStock(page.request, 'ar', 3);

    await page.goto(`/product/${first.productId}`);
    await page.getByRole('button', { name: w.add(first.productName), exact: true }).click();
    await signIn(page, account, 'ar');
    await expect(told(page, w.added, false)).toBeVisible();
    await expect(wishlist(page).getByRole('link', { name: first.productName, exact: true })).toBeVisible();

    // A card's heart on a listing posts, and the listing comes back with it filled.
    await page.goto(`/products?q=${encodeURIComponent(second.productName)}`);
    await page
      .getByRole('button', { name: w.add(second.productName), exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/products\\?q=.*#wish-${second.productId}$`));
    await expect(
      page.getByRole('button', { name: w.remove(second.productName), exact: true }).first(),
    ).toHaveAttribute('aria-pressed', 'true');

    await moveOneRemoveTheRest(page, 'ar', false, first.productName, second.productName);
  });
});
