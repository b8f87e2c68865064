import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { goToPayment, text } from './checkout-helpers.ts';
import { pathIn, waitForHydration } from './fixtures.ts';
import { E2E_OWNER, ownerPage } from './staff-helpers.ts';
import { addToCart, expect, openPage, originHeaders, productInStock, test, told } from './shopper-helpers.ts';

/*
 * Discount codes as a shopper meets them: typed in the cart (any case, Arabic digits), the
 * total lowered, the same discount on the order; an expired code and one for other products
 * refused with their reasons; and the same form without JavaScript. And the owner's form: a
 * product found by its name and added to the code's scope is shown by its name when the code is
 * opened again.
 */

let made = 0;

/**
 * A code made by the owner through the back office's API (its name unique to this run), and a
 * product in the shopper's cart.
 */
async function codeAndCart(
  {
    page,
    playwright,
    baseURL,
  }: { page: Page; playwright: PlaywrightWorkerArgs['playwright']; baseURL: string | undefined },
  terms: Record<string, unknown>,
  lang: 'ar' | 'en',
): Promise<string> {
  const owner = await playwright.request.newContext({ baseURL });
  const code = await ownerCode(owner, baseURL, terms);
  await owner.dispose();
  const product = await productInStock(page.request, lang);
  await addToCart(page, product.productId, baseURL);
  return code;
}

async function ownerCode(
  request: APIRequestContext,
  baseURL: string | undefined,
  terms: Record<string, unknown>,
): Promise<string> {
  made += 1;
  const code = `E2E${Date.now().toString(36).toUpperCase()}${made}`;
  const headers = originHeaders(baseURL);
  const signIn = await request.post('/api/admin/auth/sign-in', { data: E2E_OWNER, headers });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const created = await request.post('/api/admin/discount-codes', {
    data: { code, enabled: true, ...terms },
    headers,
  });
  expect(created.status(), await created.text()).toBe(200);
  return code;
}

/** Arabic-Indic digits for the Latin ones, lower case: how a shopper may type a code. */
const typedByShopper = (code: string) =>
  code.toLowerCase().replace(/[0-9]/g, (d) => String.fromCodePoint(0x0660 + Number(d)));

/** The SAR figure in a formatted price (`SAR 1,234.5`, `‏1,234.50 ر.س.‏`). */
const amount = (s: string | null) => Number(/\d[\d,]*(?:\.\d+)?/.exec(s ?? '')?.[0].replace(/,/g, '') ?? NaN);

for (const lang of ['ar', 'en'] as const) {
  test(`a code typed in the cart lowers the total, and the order carries the same discount (${lang})`, async ({
    page,
    shopper: _shopper,
    baseURL,
    playwright,
  }) => {
    const code = await codeAndCart({ page, playwright, baseURL }, { kind: 'percent', value: 10 }, lang);
    await openPage(page, pathIn(lang, '/cart'), true);
    const before = amount(await page.getByTestId('cart-total').textContent());

    await page.getByLabel(text(lang, 'cart', 'codeLabel')).fill(` ${typedByShopper(code)} `);
    await page.getByRole('button', { name: text(lang, 'cart', 'applyCode') }).click();
    await expect(page.getByTestId('cart-code')).toContainText(code);
    const discount = amount(await page.getByTestId('cart-code-discount').textContent());
    expect(discount).toBeGreaterThan(0);
    await expect(page.getByTestId('cart-total')).not.toHaveText(String(before));
    expect(amount(await page.getByTestId('cart-total').textContent())).toBeCloseTo(before - discount, 2);

    await goToPayment(page, lang);
    const summary = page.getByRole('main');
    await expect(summary).toContainText(code);
    expect(amount(await page.getByTestId('payment-total').textContent())).toBeCloseTo(before - discount, 2);
  });
}

test('an expired code and a code for other products are refused with their reasons, in Arabic and in English', async ({
  page,
  shopper: _shopper,
  baseURL,
  playwright,
}) => {
  const code = await codeAndCart(
    { page, playwright, baseURL },
    {
      kind: 'fixed',
      value: 20,
      startsAt: '2020-01-01T00:00',
      endsAt: '2020-02-01T00:00',
    },
    'ar',
  );
  /** The code typed in the cart in each language is refused with its reason, and takes nothing off. */
  const refused = async (typed: string, reasons: Record<'ar' | 'en', string>) => {
    for (const lang of ['ar', 'en'] as const) {
      await openPage(page, pathIn(lang, '/cart'), true);
      await page.getByLabel(text(lang, 'cart', 'codeLabel')).fill(typed);
      await page.getByRole('button', { name: text(lang, 'cart', 'applyCode') }).click();
      await expect(page.getByRole('main').getByText(reasons[lang])).toBeVisible();
      await expect(page.getByTestId('cart-code-discount')).toHaveCount(0);
    }
  };
  await refused(code, { ar: 'انتهت صلاحية رمز الخصم', en: 'This discount code has expired' });
  // A code for another product than the one in the cart.
  const other = await productInStock(page.request, 'ar', 3);
  const owner = await playwright.request.newContext({ baseURL });
  const elsewhere = await ownerCode(owner, baseURL, {
    kind: 'percent',
    value: 10,
    scope: 'items',
    productIds: [other.productId],
  });
  await owner.dispose();
  await refused(elsewhere, {
    ar: 'رمز الخصم لا يشمل أي منتج في سلتك',
    en: 'This discount code does not cover any product in your cart',
  });
});

for (const lang of ['ar', 'en'] as const) {
  test(`the owner finds a product by its name for a code's scope, and the saved code names it (${lang})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const words = (key: string) => text(lang, 'dashboard-discounts', key);
    const product = await productInStock(page.request, lang, lang === 'ar' ? 3 : 4);
    const owner = await ownerPage(browser, baseURL!, lang);
    await owner.goto(pathIn(lang, '/dashboard/discount-codes/new'));
    await waitForHydration(owner);
    made += 1;
    const code = `PICK${Date.now().toString(36).toUpperCase()}${made}`;
    await owner.getByLabel(words('form.code'), { exact: true }).fill(code);
    await owner.getByLabel(words('form.value'), { exact: true }).fill('10');
    await owner.getByLabel(words('form.scope'), { exact: true }).selectOption('items');

    const search = owner.getByLabel(words('picker.search'), { exact: true });
    await search.fill(product.productName);
    // Enter searches; it does not save the half-filled form.
    await search.press('Enter');
    const found = owner.getByTestId('picker-result').filter({ hasText: product.productName }).first();
    await found.getByRole('button', { name: `${words('picker.add')}: ${product.productName}` }).click();
    await expect(owner.getByTestId('product-picker').getByRole('status')).toContainText(product.productName);
    const chips = owner.getByRole('list', { name: words('picker.chosen') });
    await expect(chips).toContainText(product.productName);
    await owner.getByRole('button', { name: words('form.save') }).click();

    await expect(owner).toHaveURL(new RegExp(`${pathIn(lang, '/dashboard/discount-codes')}$`));
    await owner.getByRole('link', { name: code }).click();
    await waitForHydration(owner);
    await expect(chips).toContainText(product.productName);
    await expect(chips.getByRole('listitem')).toHaveCount(1);
    await expect(
      chips.getByRole('button', { name: words('picker.remove').replace('{{name}}', product.productName) }),
    ).toBeVisible();
    await owner.context().close();
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a code is applied and removed by the cart page itself (en)', async ({
    page,
    shopper: _shopper,
    baseURL,
    playwright,
  }) => {
    const code = await codeAndCart({ page, playwright, baseURL }, { kind: 'fixed', value: 5 }, 'en');
    await openPage(page, '/en/cart', false);
    await page.getByLabel('Discount code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(told(page, 'Discount code applied', false)).toBeVisible();
    await expect(page.getByTestId('cart-code-discount')).toContainText('SAR 5');
    await page.getByTestId('cart-code').getByRole('button', { name: 'Remove' }).click();
    await expect(told(page, 'Discount code removed', false)).toBeVisible();
    await expect(page.getByTestId('cart-code-discount')).toHaveCount(0);
  });
});
