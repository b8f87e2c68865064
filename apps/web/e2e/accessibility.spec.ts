import { expectAccessible, pathIn, test, waitForHydration } from './fixtures.ts';

const mainScreens = ['/', '/products', '/products/category/1', '/product/1', '/allcategory', '/info/terms/1'];

for (const lang of ['ar', 'en'] as const) {
  for (const path of mainScreens) {
    test(`axe finds no serious or critical violation on ${path} (${lang})`, async ({ page }) => {
      await page.goto(pathIn(lang, path));
      await waitForHydration(page);
      await expectAccessible(page);
    });
  }
}
