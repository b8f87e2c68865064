import { text as translated } from './checkout-helpers.ts';
import { expectNoSidewaysScrollingBox, expectNotHydrated, pathIn, waitForHydration } from './fixtures.ts';
import {
  addToCart,
  confirmAfterCancel,
  expect,
  jsModes,
  openPage,
  productInStock,
  test,
  toast,
  told,
} from './shopper-helpers.ts';

test('a shopper adds to the cart from the product page as the server sends it, and the badge counts it (en)', async ({
  page,
  shopper: _shopper,
}) => {
  const product = await productInStock(page.request, 'en');
  await page.goto(`/en/product/${product.productId}`);
  await expectNotHydrated(page);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  // The form posted to the page, which added through the API and came back with its answer.
  await expect(
    page.getByRole('status').filter({ hasText: 'The product has been added to the cart' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page).toHaveURL(/\/en\/cart$/);
  await expect(page.getByRole('link', { name: product.productName, exact: true })).toBeVisible();
});

test('reached from a listing, the product page runs in the hydrated shop: a toast, the badge, no reload (ar)', async ({
  page,
  shopper: _shopper,
}) => {
  const product = await productInStock(page.request, 'ar');
  await page.goto(`/products?q=${encodeURIComponent(product.productName)}`);
  await waitForHydration(page);
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  await page.getByRole('link', { name: product.productName }).first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.productId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.productName);
  await page.getByRole('button', { name: 'أضف إلى السلة' }).click();
  await expect(toast(page, 'تمت إضافة المنتج إلى السلة')).toBeVisible();
  await expect(page.getByRole('link', { name: 'السلة، منتج واحد' })).toBeVisible();
  expect(documents, 'no page load after the listing').toEqual([]);
});

for (const lang of ['ar', 'en'] as const) {
  test(`cart quantity +/− updates at once and on the server (${lang})`, async ({
    page,
    shopper: _shopper,
    baseURL,
  }) => {
    const product = await productInStock(page.request, lang);
    await addToCart(page, product.productId, baseURL);
    const ar = lang === 'ar';
    await page.goto(pathIn(lang, '/cart'));
    await waitForHydration(page);
    const quantity = page.getByRole('group', {
      name: ar ? `كمية ${product.productName}` : `Quantity of ${product.productName}`,
    });
    const decrease = page.getByRole('button', {
      name: ar ? `تقليل كمية ${product.productName}` : `Decrease the quantity of ${product.productName}`,
    });
    const increase = page.getByRole('button', {
      name: ar ? `زيادة كمية ${product.productName}` : `Increase the quantity of ${product.productName}`,
    });
    await expect(quantity.locator('output')).toHaveText('1');
    await expect(decrease).toBeDisabled();
    const totalBefore = await page.getByTestId('cart-total').textContent();

    await increase.click();
    await expect(quantity.locator('output')).toHaveText('2');
    await expect(page.getByTestId('cart-total')).not.toHaveText(totalBefore ?? '');
    // Saved on the server: a fresh load shows it, and so does the badge.
    await expect(page.getByRole('link', { name: ar ? 'السلة، منتجان' : 'Cart, 2 items' })).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(quantity.locator('output')).toHaveText('2');
    await decrease.click();
    await expect(quantity.locator('output')).toHaveText('1');
  });
}

const text = {
  ar: {
    removeLabel: (name: string) => `إزالة ${name} من السلة`,
    question: 'هل أنت متأكد من إزالة المنتج من السلة؟',
    cancel: 'إلغاء',
    remove: 'إزالة',
    deleted: 'تم الحذف بنجاح',
    empty: 'لا توجد منتجات في السلة',
    confirmOrder: 'تأكيد الطلب',
    addressTitle: 'عنوان التوصيل',
    noAddresses: 'لا توجد لديك عناوين محفوظة بعد',
    title: 'العنوان',
    notes: 'ملاحظات',
    addAddress: 'إضافة العنوان',
    saved: 'تم الحفظ بنجاح',
    titleRequired: 'من فضلك أدخل اسماً للعنوان',
    home: 'المنزل',
    /** How the order joins the address's title and notes. */
    comma: '، ',
    note: 'ملاحظة على الطلب (اختياري)',
    next: 'التالي',
  },
  en: {
    removeLabel: (name: string) => `Remove ${name} from the cart`,
    question: 'Are you sure to remove the product from the cart?',
    cancel: 'Cancel',
    remove: 'Remove',
    deleted: 'Deleted successfully',
    empty: 'There are no products in the cart',
    confirmOrder: 'Confirm order',
    addressTitle: 'Delivery address',
    noAddresses: 'You have no saved addresses yet',
    title: 'Title',
    notes: 'Notes',
    addAddress: 'Add address',
    saved: 'Saved successfully',
    titleRequired: 'Please enter a title for the address',
    home: 'Home',
    comma: ', ',
    note: 'Note for the order (optional)',
    next: 'Next',
  },
} as const;

for (const lang of ['ar', 'en'] as const) {
  const t = text[lang];
  for (const { js, mode } of jsModes) {
    test.describe(() => {
      test.use({ javaScriptEnabled: js });

      test(`removing a cart line asks first; Cancel keeps it, Remove takes it out (${lang}, ${mode})`, async ({
        page,
        shopper: _shopper,
        baseURL,
      }) => {
        const product = await productInStock(page.request, lang);
        await addToCart(page, product.productId, baseURL);
        await openPage(page, pathIn(lang, '/cart'), js);
        const line = page.getByRole('link', { name: product.productName, exact: true });
        await expect(line).toBeVisible();
        await confirmAfterCancel(page, {
          trigger: page.getByRole('link', { name: t.removeLabel(product.productName) }),
          question: t.question,
          cancel: t.cancel,
          confirm: t.remove,
          kept: line,
          js,
          pageAddress: /\/cart$/,
          questionAddress: /\/cart\?dialog=remove-\d+$/,
        });
        // The cart is shown empty once the server has removed the line, and says so.
        await expect(page.getByText(t.empty)).toBeVisible();
        await expect(told(page, t.deleted, js)).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/cart')}$`));
        await page.reload();
        await expect(page.getByText(t.empty)).toBeVisible();
      });

      test(`Confirm order: add an address in the dialog, choose it, Next places the order and opens its payment page (${lang}, ${mode})`, async ({
        page,
        shopper: _shopper,
        baseURL,
      }) => {
        const product = await productInStock(page.request, lang);
        await addToCart(page, product.productId, baseURL);
        await openPage(page, pathIn(lang, '/cart'), js);
        await page.getByRole('link', { name: t.confirmOrder }).click();
        const dialog = page.getByRole('dialog', { name: t.addressTitle });
        await expect(dialog.getByText(t.noAddresses)).toBeVisible();
        // A title is required: the refusal is shown and the dialog stays (without JavaScript the
        // post comes back to the cart with the dialog open and the message as its notice).
        await dialog.getByRole('button', { name: t.addAddress }).click();
        await expect(page.getByText(t.titleRequired).first()).toBeVisible();
        await expect(dialog.getByLabel(t.title, { exact: true })).toBeVisible();
        if (!js) await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/cart')}\\?dialog=checkout$`));
        await dialog.getByLabel(t.title, { exact: true }).fill(t.home);
        await dialog.getByLabel(t.notes).fill('Building 12, King Fahd Road');
        // The shop delivers only to an address with its national address's short address.
        await dialog.getByLabel(translated(lang, 'common', 'nationalAddress.shortAddress')).fill('RRRD2929');
        await dialog.getByRole('button', { name: t.addAddress }).click();
        // Saved, and back in the dialog with the new address chosen (without JavaScript: the
        // post came back to the cart with the dialog open and the notice).
        await expect(told(page, t.saved, js)).toBeVisible();
        await expect(dialog.getByRole('radio', { name: new RegExp(t.home) })).toBeChecked();
        await dialog.getByLabel(t.note).fill('Ring twice');
        await dialog.getByRole('button', { name: t.next }).click();
        // The cart's action placed the order on the server and sent the browser to its own page.
        await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/payment/')}[0-9a-f-]{36}$`));
        const orderId = page.url().split('/').pop();
        const order = (await (
          await page.request.get(`/api/User/Select/Invoice/${orderId}?lang=${lang}`)
        ).json()) as {
          invoiceUserAdress: string;
          note: string;
          status: string;
          products: { productId: number }[];
        };
        expect(order).toMatchObject({
          invoiceUserAdress: `${t.home}${t.comma}Building 12, King Fahd Road`,
          note: 'Ring twice',
          status: 'awaiting_payment',
          products: [{ productId: product.productId }],
        });
        await expect(page.getByText(product.productName)).toBeVisible();
      });
    });
  }
}

for (const lang of ['ar', 'en'] as const) {
  test(`the cart keeps the product name readable at every width, nothing scrolls sideways (${lang})`, async ({
    page,
    shopper: _shopper,
    baseURL,
  }) => {
    const product = await productInStock(page.request, lang);
    await addToCart(page, product.productId, baseURL);
    // Phone, tablet, the summary beside the list (992 px), and a laptop.
    for (const width of [375, 768, 992, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(pathIn(lang, '/cart'));
      await waitForHydration(page);
      const name = page.getByRole('link', { name: product.productName, exact: true });
      await expect(name).toBeVisible();
      const box = await name.boundingBox();
      expect(box?.width ?? 0, `product name width at ${width} px`).toBeGreaterThan(120);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSidewaysScrollingBox(page);
    }
  });
}
