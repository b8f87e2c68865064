import { expect, pathIn, test, waitForHydration } from './fixtures.ts';

interface ApiProduct {
  productPrice: number;
  productPriceAfterOffer?: number;
}

test.describe('category and company listings', () => {
  test('count, pager with page state in the URL, and the back button (en)', async ({ page, request }) => {
    const api = await (await request.get('/api/Product/Select/All/Product/8/1?categoryId=1&lang=en')).json();
    await page.goto(pathIn('en', '/products/category/1'));
    await waitForHydration(page);
    await expect(page.getByText(`${api.pagging.rawCount} products`)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(8);

    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/en\/products\/category\/1\?page=2$/);
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const secondPageFirst = await page.getByRole('article').first().getByRole('link').textContent();
    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=3$/);
    await page.goBack();
    await expect(page).toHaveURL(/page=2$/);
    await expect(page.getByRole('article').first().getByRole('link')).toHaveText(secondPageFirst ?? '');

    // A shared link opens the same page.
    await page.goto(pathIn('en', '/products/category/1?page=2'));
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  test('price filter starts at the lowest and highest price of the list and applies a range (ar)', async ({
    page,
    request,
  }) => {
    const api = await (await request.get('/api/Product/Select/All/Product/8/1?companyId=1')).json();
    const prices = (api.products as ApiProduct[]).map((p) => p.productPriceAfterOffer ?? p.productPrice);
    const low = Math.floor(Math.min(...prices));
    const high = Math.ceil(Math.max(...prices));

    await page.goto(pathIn('ar', '/products/company/1'));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'السعر' }).click();
    const min = page.getByRole('spinbutton', { name: 'أقل سعر' });
    const max = page.getByRole('spinbutton', { name: 'أعلى سعر' });
    await expect(min).toHaveValue(String(low));
    await expect(max).toHaveValue(String(high));
    await expect(page.getByRole('slider', { name: 'أقل سعر' })).toHaveAttribute('aria-valuenow', String(low));

    await min.fill('1000');
    await max.fill('4000');
    await page.getByRole('button', { name: 'تطبيق' }).click();
    await expect(page).toHaveURL(/\/products\/company\/1\?startprice=1000&finishprice=4000$/);
    const filtered = await (
      await request.get('/api/Product/Select/All/Product/8/1?companyId=1&startprice=1000&finishprice=4000')
    ).json();
    await expect(page.getByRole('article')).toHaveCount(filtered.products.length);
    await expect(page.getByRole('button', { name: /السعر:/ })).toBeVisible();
  });

  test('the brand dropdown shows image and name and switching resets the price filter (en)', async ({
    page,
  }) => {
    await page.goto(pathIn('en', '/products/company/1?startprice=100&finishprice=9000'));
    await waitForHydration(page);
    await page.getByRole('button', { name: /Brand: Apple/ }).click();
    const samsung = page.getByRole('menuitem', { name: 'Samsung' });
    await expect(samsung.locator('img')).toBeVisible();
    await samsung.click();
    await expect(page).toHaveURL(/\/en\/products\/company\/2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Samsung products');
    await expect(page.getByRole('button', { name: 'Price', exact: true })).toBeVisible();
  });

  test('the category dropdown switches category (ar)', async ({ page }) => {
    await page.goto(pathIn('ar', '/products/category/1'));
    await waitForHydration(page);
    await page.getByRole('button', { name: /القسم: الجوالات/ }).click();
    await page.getByRole('menuitem', { name: 'الحواسيب المحمولة' }).click();
    await expect(page).toHaveURL(/\/products\/category\/2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الحواسيب المحمولة');
  });
});
