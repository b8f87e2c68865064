import { expect, expectLangDir, pathIn, test, type Lang } from './fixtures.ts';

/** Every catalog screen, with the main heading it must show in each language. */
const screens: { path: string; heading: Record<Lang, RegExp> }[] = [
  { path: '/products', heading: { ar: /^كل المنتجات$/, en: /^All products$/ } },
  { path: '/products/new', heading: { ar: /^المنتجات الجديدة$/, en: /^New products$/ } },
  { path: '/products/category/1', heading: { ar: /^الجوالات$/, en: /^Phones$/ } },
  { path: '/products/company/1', heading: { ar: /^منتجات أبل$/, en: /^Apple products$/ } },
  { path: '/product/1', heading: { ar: /آيفون/, en: /iPhone/ } },
  { path: '/allcategory', heading: { ar: /^كل الأقسام$/, en: /^All categories$/ } },
  { path: '/agents', heading: { ar: /^وكلاؤنا$/, en: /^Our agents$/ } },
  { path: '/info/terms/1', heading: { ar: /^الشروط والأحكام$/, en: /^Terms and conditions$/ } },
  { path: '/info/policy/2', heading: { ar: /^سياسة الاسترجاع$/, en: /^Refund policy$/ } },
  { path: '/info/about/3', heading: { ar: /^من نحن$/, en: /^About us$/ } },
];

for (const lang of ['ar', 'en'] as const) {
  test.describe(`catalog screens in ${lang}`, () => {
    test('home shows its sections, benefits and footer contact details', async ({ page }) => {
      const response = await page.goto(pathIn(lang, '/'));
      expect(response?.status()).toBe(200);
      await expectLangDir(page, lang);
      const text = {
        ar: ['منتجات مميزة', 'أشهر الماركات', 'تصفح الأقسام', 'المنتجات الجديدة', 'أفضل العروض', 'وكلاؤنا'],
        en: [
          'Featured products',
          'Top brands',
          'Browse categories',
          'New products',
          'Best offers',
          'Our agents',
        ],
      }[lang];
      for (const heading of text)
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(
        page.getByText(lang === 'ar' ? 'أسرع توصيل خلال 3 أيام' : 'Fastest delivery, within 3 days'),
      ).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(
        footer.getByRole('link', { name: lang === 'ar' ? 'الشروط والأحكام' : 'Terms and conditions' }),
      ).toBeVisible();
      await expect(footer.getByText(lang === 'ar' ? 'الرقم الضريبي' : 'VAT number')).toBeVisible();
      await expect(footer.getByRole('link', { name: /^\+?9665|^\+?966|^9200/ }).first()).toBeVisible();
      // Opening hours: one setting, the same hours in both languages.
      await expect(footer.getByText(/9:00.*11:00/)).toBeVisible();
    });

    for (const screen of screens) {
      test(`${screen.path}`, async ({ page }) => {
        const response = await page.goto(pathIn(lang, screen.path));
        expect(response?.status()).toBe(200);
        await expectLangDir(page, lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading[lang]);
        await expect(page).toHaveTitle(/.+ \| .+/);
      });
    }
  });
}
