import { expect, expectLangDir, pathIn, test } from './fixtures.ts';

// Chromium reports the 404 document itself as a failed resource.
test.use({ allowConsoleErrors: [/status of 404/] });

for (const lang of ['ar', 'en'] as const) {
  test(`an unknown path is the not-found page with HTTP 404 and Go to Home (${lang})`, async ({ page }) => {
    const response = await page.goto(pathIn(lang, '/no/such/page'));
    expect(response?.status()).toBe(404);
    await expectLangDir(page, lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      lang === 'ar' ? 'الصفحة غير موجودة' : 'Page not found',
    );
    await expect(
      page.getByText(
        lang === 'ar'
          ? 'يبدو أنك تائه، الصفحة التي تبحث عنها غير متوفرة!'
          : "Looks like you're lost, the page you are looking for is not available!",
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: lang === 'ar' ? 'الذهاب إلى الرئيسية' : 'Go to Home' }).click();
    await expect(page).toHaveURL(lang === 'ar' ? /\/$/ : /\/en$/);
  });

  test(`a product or category that does not exist answers 404 (${lang})`, async ({ page }) => {
    for (const path of ['/product/999999', '/products/category/999999', '/products/company/abc']) {
      const response = await page.goto(pathIn(lang, path));
      expect(response?.status(), path).toBe(404);
      await expect(
        page.getByRole('link', { name: lang === 'ar' ? 'الذهاب إلى الرئيسية' : 'Go to Home' }),
      ).toBeVisible();
    }
  });
}
