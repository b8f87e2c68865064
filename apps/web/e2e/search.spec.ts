import { expect, pathIn, test, waitForHydration } from './fixtures.ts';

test.describe('search', () => {
  test('typing on another page goes to /products, then searches 1000 ms after the last keystroke (ar)', async ({
    page,
  }) => {
    // A hydrated page; the home and product pages, which are not, submit after the pause instead
    // (static-page.spec.ts).
    await page.goto('/allcategory');
    await waitForHydration(page);
    const box = page.getByRole('searchbox', { name: 'ابحث عن المنتجات' });
    await box.pressSequentially('سامسونج', { delay: 30 });
    await expect(page).toHaveURL(/\/products$/);
    const typedAt = Date.now();
    await page.waitForURL(/\/products\?q=/);
    // The last key went in before typedAt (how long before depends on the machine), so only a
    // generous lower bound holds everywhere; a search per keystroke would come within ~50 ms.
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(500);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('نتائج البحث عن «سامسونج»');
    await expect(box).toHaveValue('سامسونج');
    await expect(page.getByRole('article').first()).toContainText('سامسونج');
  });

  test('on /products the search waits for a pause in typing and keeps the page in the URL (en)', async ({
    page,
  }) => {
    await page.goto(pathIn('en', '/products'));
    await waitForHydration(page);
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.pressSequentially('galaxy', { delay: 200 });
    // Keystrokes 200 ms apart never let the 1000 ms delay run out.
    expect(page.url()).not.toContain('q=');
    await expect(page).toHaveURL(/\/en\/products\?q=galaxy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “galaxy”');
    const cards = page.getByRole('article');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const name of await cards.getByRole('link').allTextContents())
      expect(name.toLowerCase()).toContain('galaxy');

    // Enter searches at once; the back button returns to the earlier results.
    await box.fill('iphone');
    await box.press('Enter');
    await expect(page).toHaveURL(/q=iphone/);
    await page.goBack();
    await expect(page).toHaveURL(/q=galaxy/);
    await expect(box).toHaveValue('galaxy');
  });

  test('search results can be filtered by price', async ({ page }) => {
    await page.goto(pathIn('en', '/products?q=iphone'));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Price' }).click();
    await page.getByRole('spinbutton', { name: 'Lowest price' }).fill('4000');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/q=iphone&startprice=4000&finishprice=\d+/);
    await expect(page.getByRole('article').first()).toBeVisible();
  });
});
