import { expect, expectNoHorizontalOverflow, pathIn, test, waitForHydration } from './fixtures.ts';

test.use({ viewport: { width: 375, height: 812 } });

const paths = [
  '/',
  '/products',
  '/products?q=samsung',
  '/products/category/1',
  '/products/company/1',
  '/product/1',
  '/products/new',
  '/allcategory',
  '/agents',
  '/info/about/3',
];

for (const lang of ['ar', 'en'] as const) {
  test(`no horizontal scrolling at 375 px (${lang})`, async ({ page }) => {
    for (const path of paths) {
      await page.goto(pathIn(lang, path));
      await expectNoHorizontalOverflow(page);
    }
  });

  test(`the side drawer opens from the reading side with the header links (${lang})`, async ({ page }) => {
    await page.goto(pathIn(lang, '/'));
    await waitForHydration(page);
    await page.getByRole('button', { name: lang === 'ar' ? 'افتح القائمة' : 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: lang === 'ar' ? 'القائمة' : 'Menu' });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    // Arabic reads from the right: the drawer hugs the right edge; English the left.
    if (lang === 'ar') expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(375);
    else expect(box?.x).toBe(0);
    await expect(drawer.getByRole('link', { name: lang === 'ar' ? 'تسجيل الدخول' : 'Log in' })).toBeVisible();
    await drawer.getByRole('link', { name: lang === 'ar' ? 'الأقسام' : 'Categories' }).click();
    await expect(page).toHaveURL(new RegExp(`${lang === 'ar' ? '' : '/en'}/allcategory$`));
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: lang === 'ar' ? 'افتح القائمة' : 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
}
