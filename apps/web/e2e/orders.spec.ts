import { expectNoSidewaysScrollingBox, pathIn, waitForHydration } from './fixtures.ts';
import { expect, placeOrder, placePaidOrder, test } from './shopper-helpers.ts';

test('orders tab (ar) is the default account tab and says there are no orders yet', async ({
  page,
  shopper: _shopper,
}) => {
  await page.goto('/user');
  await expect(page).toHaveURL(/\/user\/allorders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'إدارة الطلبات' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'إدارة الطلبات' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('لا توجد طلبات حتى الآن')).toBeVisible();
});

test('a paid order (en): the redirect is verified, listed with status, details dialog with total and QR, details page', async ({
  page,
  shopper,
  baseURL,
}) => {
  const { product, order, payment } = await placePaidOrder(page, shopper, baseURL);

  // The server verifies the payment before the page is drawn, then drops the parameters.
  const response = await page.goto(`/en/user/allorders?id=${payment.id}&status=paid&message=APPROVED`);
  expect(response?.request().redirectedFrom()?.url()).toContain(`id=${payment.id}`);
  await expect(page).toHaveURL(/\/en\/user\/allorders$/);
  await waitForHydration(page);
  await expect(page.getByRole('status').filter({ hasText: 'Payment completed successfully' })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: `#${order.number}` });
  await expect(row).toContainText('In progress');
  await expect(row).toContainText('Home, Riyadh');
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}/);
  await row.getByRole('button', { name: /View Details/ }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${order.number}` });
  await expect(dialog.getByText(product.productName)).toBeVisible();
  await expect(dialog.getByTestId('order-total')).toContainText(order.amountSar.toLocaleString('en-US'));
  await expect(dialog.getByRole('img', { name: 'Tax invoice QR code' })).toBeVisible();
  await dialog.getByRole('link', { name: 'Open the order page' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/order/details/${order.invoiceId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
});

for (const lang of ['ar', 'en'] as const) {
  test(`the orders table fits without sideways scrolling from 768 px up, a long address cut to one line (${lang})`, async ({
    page,
    shopper,
    baseURL,
  }) => {
    const address =
      lang === 'ar'
        ? 'شقة 12، عمارة 4، طريق الملك فهد، حي العليا، الرياض 12214، المملكة العربية السعودية'
        : 'Flat 12, Building 4, King Fahd Road, Olaya District, Riyadh 12214, Saudi Arabia';
    const { order } = await placePaidOrder(page, shopper, baseURL, { lang, address, verify: true });
    // Tablets (no side menu yet), the narrowest width with the side menu, and a laptop.
    for (const width of [768, 992, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(pathIn(lang, '/user/allorders'));
      await waitForHydration(page);
      const row = page.getByRole('row').filter({ hasText: `#${order.number}` });
      await expect(
        row.getByRole('button', { name: lang === 'ar' ? /عرض التفاصيل/ : /View Details/ }),
      ).toBeVisible();
      await expect(row.getByTitle(address)).toBeVisible();
      await expectNoSidewaysScrollingBox(page);
    }
  });
}

test.describe(() => {
  test.use({ javaScriptEnabled: false });

  test('a return that names no payment proves nothing: the address is cleaned, nothing is said or paid (ar, without JavaScript)', async ({
    page,
    shopper,
    baseURL,
  }) => {
    const { order } = await placeOrder(page, shopper, baseURL, 'ar');
    await page.goto('/user/allorders?status=paid&message=APPROVED');
    await expect(page).toHaveURL(/\/user\/allorders$/);
    await expect(page.getByRole('status').filter({ hasText: 'تمت عملية الدفع بنجاح' })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: `#${order.number}` })).toContainText(
      'بانتظار الدفع',
    );
  });

  test('a payment id the provider does not know is refused in the page language (en, without JavaScript)', async ({
    page,
    shopper: _shopper,
  }) => {
    await page.goto(
      '/en/user/allorders?id=11111111-2222-3333-4444-555555555555&status=paid&message=APPROVED',
    );
    await expect(page).toHaveURL(/\/en\/user\/allorders$/);
    await expect(page.getByRole('alert').filter({ hasText: 'The payment was not found' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Payment completed successfully' })).toHaveCount(
      0,
    );
  });
});
