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
    // The page's own clock: when the last key went in, when the address became /products and
    // when it first held the query (looked at every 10 ms), however slow the machine.
    await page.evaluate(() => {
      const times = { key: 0, products: 0, query: 0 };
      Object.assign(window, { searchTimes: times });
      document.addEventListener('input', () => (times.key = performance.now()), true);
      const look = setInterval(() => {
        if (!times.products && location.pathname.endsWith('/products')) times.products = performance.now();
        if (!times.query && location.search.includes('q=')) {
          times.query = performance.now();
          clearInterval(look);
        }
      }, 10);
    });
    await box.pressSequentially('سامسونج', { delay: 30 });
    await page.waitForURL(/\/products\?q=/);
    const times = await page.evaluate(
      () =>
        (window as unknown as { searchTimes: { key: number; products: number; query: number } }).searchTimes,
    );
    // The search waits a second after the last key and after arriving on /products, whichever
    // came later; one per keystroke would come within a few milliseconds of it.
    expect(times.products).toBeGreaterThan(0);
    expect(times.query - Math.max(times.key, times.products)).toBeGreaterThanOrEqual(900);
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
