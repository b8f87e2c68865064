import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';
import { expect, test as base, waitForHydration, type Lang } from './fixtures.ts';

/**
 * Shopper accounts for browser tests: registered through the API, logged in by the API (the
 * cookie lands in the page's browser context), and deactivated after the test whatever it did
 * to the account, so no test leaves one behind. Registration is limited to 20
 * per IP an hour, so each test that needs an account creates exactly one.
 */
export interface Shopper {
  userId: string;
  name: string;
  email: string;
  /** 05XXXXXXXX, as typed by a shopper. */
  phone: string;
  /** Tests that change the password update this, so clean-up can still log in. */
  password: string;
}

export function newShopperData(): Omit<Shopper, 'userId'> {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `Shopper ${tag}`,
    email: `shopper-${tag}@example.com`,
    // Saudi mobile prefixes that the numbering plan accepts (050, 053–056, 059).
    phone: `05${'034569'[randomInt(0, 6)]}${String(randomInt(1_000_000, 9_999_999))}`,
    password: `Pass-${tag}-word`,
  };
}

/** State-changing calls with the session cookie must name this site (CSRF check). */
function originHeaders(baseURL: string | undefined) {
  return baseURL ? { origin: new URL(baseURL).origin } : undefined;
}

export async function registerUser(request: APIRequestContext): Promise<Shopper> {
  const data = newShopperData();
  const response = await request.post('/api/User/Insert/User?lang=en', {
    data: { UserName: data.name, UserPhone: data.phone, UserEmail: data.email, UserPassword: data.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { userId: string };
  return { ...data, userId: body.userId };
}

/** Logs in through the API; the session cookie is stored in the page's browser context. */
export async function login(page: Page, shopper: Shopper) {
  const response = await page.request.post('/api/User/User/Login', {
    data: { userEmail: shopper.email, userPassword: shopper.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function deactivate(request: APIRequestContext, shopper: Shopper, baseURL: string | undefined) {
  const loggedIn = await request.post('/api/User/User/Login', {
    data: { userEmail: shopper.email, userPassword: shopper.password },
  });
  // Already deleted by the test itself: nothing left to clean.
  if (!loggedIn.ok()) return;
  await request.put(`/api/User/Deactivate/User/${shopper.userId}`, {
    data: { password: shopper.password },
    headers: originHeaders(baseURL),
  });
}

/**
 * A product without options that can be bought now (the demo catalog has plenty): added by its
 * id alone, it is one line with its own name. The list tells products sold by options (a phone
 * in several storages and colours) by their `variantCount`; those need a variant named.
 */
export async function productInStock(request: APIRequestContext, lang: Lang, skip = 0) {
  const response = await request.get(`/api/Product/Select/All/Product/60/1?lang=${lang}`);
  const body = (await response.json()) as {
    products: { productId: number; productName: string; productStock: number; variantCount?: number }[];
  };
  const product = body.products.filter((p) => p.variantCount === undefined && p.productStock >= 5)[skip];
  if (!product) throw new Error('the demo catalog has no product without options in stock');
  return product;
}

/**
 * Puts a product in the logged-in shopper's cart through the API; `sku` names the variant of a
 * product sold by options.
 */
export async function addToCart(page: Page, productId: number, baseURL: string | undefined, sku?: string) {
  const response = await page.request.post('/api/Cart/Insert/Cart', {
    data: { productId, ...(sku !== undefined && { sku }) },
    headers: originHeaders(baseURL),
  });
  expect(response.status(), await response.text()).toBe(200);
}

export { originHeaders };

/** An order of the logged-in shopper awaiting payment, placed through the API from a one-product cart. */
export async function placeOrder(
  page: Page,
  shopper: Shopper,
  baseURL: string | undefined,
  lang: Lang = 'en',
  skip = 1,
) {
  const product = await productInStock(page.request, lang, skip);
  await addToCart(page, product.productId, baseURL);
  const placed = await page.request.post(`/api/User/Pay/TheInvoice?lang=${lang}`, {
    data: { userId: shopper.userId, invoiceUserAdress: 'Home, Riyadh', products: [] },
    headers: originHeaders(baseURL),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { invoiceId: string; number: number; amountSar: number };
  return { product, order };
}

/**
 * An order for the logged-in shopper, made through the API as the storefront does: a product in
 * the cart, the order placed, then paid with the sandbox's test card. The order counts as paid
 * once the server has verified the payment: on the payment redirect to the orders page, or here
 * with `verify`.
 */
export async function placePaidOrder(
  page: Page,
  shopper: Shopper,
  baseURL: string | undefined,
  {
    lang = 'en',
    address = 'Home, Riyadh',
    skip = 1,
    verify = false,
    product: chosen,
  }: {
    lang?: Lang;
    address?: string;
    skip?: number;
    verify?: boolean;
    /** The product to buy; else the `skip`-th in stock, which moves as other tests buy. */
    product?: Awaited<ReturnType<typeof productInStock>>;
  } = {},
) {
  const product = chosen ?? (await productInStock(page.request, lang, skip));
  await addToCart(page, product.productId, baseURL);
  const headers = originHeaders(baseURL);
  const placed = await page.request.post(`/api/User/Pay/TheInvoice?lang=${lang}`, {
    data: { userId: shopper.userId, invoiceUserAdress: address, products: [] },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { invoiceId: string; number: number; amountSar: number };
  const paid = await page.request.post(`/api/payments/sandbox/pay?lang=${lang}`, {
    data: {
      invoiceId: order.invoiceId,
      number: '4111111111111111',
      name: 'Test Shopper',
      month: 12,
      year: 2035,
      cvc: '123',
    },
    headers,
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const payment = (await paid.json()) as { id: string };
  if (verify) {
    const verified = await page.request.post('/api/payments/verify', { data: { id: payment.id }, headers });
    expect(verified.status(), await verified.text()).toBe(200);
  }
  return { product, order, payment };
}

/** A toast with this text (react-toastify's container). */
export function toast(page: Page, text: string) {
  return page.locator('.Toastify').getByText(text).first();
}

/**
 * The two ways every interaction is tested: hydrated, and with JavaScript off, where the same
 * markup is a plain link or form the browser follows or posts itself.
 */
export const jsModes = [
  { js: true, mode: 'with JavaScript' },
  { js: false, mode: 'without JavaScript' },
] as const;

/** Opens a page as the shopper gets it: hydrated with JavaScript, as the server sent it without. */
export async function openPage(page: Page, path: string, js: boolean) {
  await page.goto(path);
  if (js) await waitForHydration(page);
}

/**
 * What the shopper is told after a form worked: a toast on the hydrated page; after a post
 * without JavaScript, the notice of the page the post was redirected to.
 */
export function told(page: Page, text: string, js: boolean) {
  return js ? toast(page, text) : page.getByRole('status').filter({ hasText: text }).first();
}

/**
 * Something that cannot be undone asks first. Its trigger opens the question (in place with
 * JavaScript; without, the page at the question's own address, `questionAddress`); Cancel keeps
 * `kept` as it was; asked again, the confirm button does it.
 */
export async function confirmAfterCancel(
  page: Page,
  {
    trigger,
    question,
    cancel,
    confirm,
    kept,
    js,
    pageAddress,
    questionAddress,
  }: {
    trigger: Locator;
    question: string;
    cancel: string;
    confirm: string;
    kept: Locator;
    js: boolean;
    pageAddress: RegExp;
    questionAddress: RegExp;
  },
) {
  await trigger.click();
  const dialog = page.getByRole('alertdialog', { name: /./ });
  await expect(dialog).toContainText(question);
  await expect(page).toHaveURL(js ? pageAddress : questionAddress);
  await dialog.getByRole('link', { name: cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(kept).toBeVisible();
  await expect(page).toHaveURL(pageAddress);
  await trigger.click();
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
}

/**
 * `account`: a fresh account, not logged in, removed after the test. `shopper`: the same,
 * already logged in in the page's browser context.
 */
export const test = base.extend<{ account: Shopper; shopper: Shopper }>({
  account: async ({ page, playwright, baseURL }, use) => {
    const account = await registerUser(page.request);
    await use(account);
    const cleanup = await playwright.request.newContext({ baseURL });
    await deactivate(cleanup, account, baseURL);
    await cleanup.dispose();
  },
  shopper: async ({ page, account }, use) => {
    await login(page, account);
    await use(account);
  },
});

/**
 * A test that provokes a refusal (wrong password, validation on the server) sees Chromium log
 * the failed request; only those are allowed.
 */
export const refusedRequests = [/Failed to load resource: the server responded with a status of 40[01]/];

export { expect };
