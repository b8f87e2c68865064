import { expect, expectLangDir, pathIn, test, waitForHydration } from './fixtures.ts';

test.describe('languages', () => {
  test('Arabic is the default at / and English lives under /en', async ({ page }) => {
    await page.goto('/');
    await expectLangDir(page, 'ar');
    await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();

    await page.goto('/en');
    await expectLangDir(page, 'en');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('the toggle switches language on the same page and remembers it in the i18next cookie', async ({
    page,
    context,
  }) => {
    await page.goto(pathIn('ar', '/allcategory'));
    await waitForHydration(page);
    await page.getByRole('link', { name: 'English' }).first().click();
    await expect(page).toHaveURL(/\/en\/allcategory$/);
    await expectLangDir(page, 'en');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18next');
    expect(cookie?.value).toBe('en');
    expect(cookie?.path).toBe('/');

    // The cookie now sends an unprefixed visit to the English page.
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
    await expectLangDir(page, 'en');

    await waitForHydration(page);
    await page.getByRole('link', { name: 'العربية' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expectLangDir(page, 'ar');
  });
});
