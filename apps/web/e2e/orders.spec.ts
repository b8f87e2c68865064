import { waitForHydration } from './fixtures.ts';
import { addToCart, expect, originHeaders, productInStock, test } from './shopper-helpers.ts';

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
  const product = await productInStock(page.request, 'en', 1);
  await addToCart(page, product.productId, baseURL);
  const headers = originHeaders(baseURL);
  const placed = await page.request.post('/api/User/Pay/TheInvoice?lang=en', {
    data: { userId: shopper.userId, invoiceUserAdress: 'Home, Riyadh', products: [] },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { invoiceId: string; number: number; amountSar: number };
  const paid = await page.request.post('/api/payments/sandbox/pay?lang=en', {
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

  await page.goto(`/en/user/allorders?id=${payment.id}&status=paid&message=APPROVED`);
  await waitForHydration(page);
  await expect(page.locator('.Toastify').getByText('Payment completed successfully')).toBeVisible();
  // The parameters leave the URL after 1 s.
  await expect(page).toHaveURL(/\/en\/user\/allorders$/, { timeout: 20_000 });

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
