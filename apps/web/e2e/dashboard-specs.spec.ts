import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, pathIn, test, type Lang } from './fixtures.ts';
import { signInOwner } from './staff-helpers.ts';

/*
 * Specifications in the back office: a category's attributes added, refused with a message in
 * the member's language, reordered and removed after a question; a product's values saved from
 * its editor and then shown on its page in the shop.
 */

const SHOTS = 'screenshots';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const words = {
  ar: {
    add: 'إضافة',
    nameAr: 'الاسم بالعربية',
    nameEn: 'الاسم بالإنجليزية',
    unitAr: 'الوحدة بالعربية',
    unitEn: 'الوحدة بالإنجليزية',
    kind: 'النوع',
    choice: 'اختيار من قائمة',
    noChoices: 'أدخل خياراً واحداً على الأقل، كل خيار في سطر',
    saved: 'تم حفظ المواصفة',
    up: 'أعلى',
    removeQuestion: 'حذف الوزن؟',
    yes: 'نعم، تابع',
    removeFull: 'حذف',
    weightAr: 'الوزن',
    list: 'المواصفات بترتيبها',
    saveSpecs: 'حفظ المواصفات',
    specsSaved: 'تم حفظ مواصفات المنتج',
    notNumber: 'أدخل رقماً في حقل «الوزن»',
    shopRow: '187 جم',
  },
  en: {
    add: 'Add',
    nameAr: 'Name in Arabic',
    nameEn: 'Name in English',
    unitAr: 'Unit in Arabic',
    unitEn: 'Unit in English',
    kind: 'Kind',
    choice: 'Choice from a list',
    noChoices: 'Enter at least one choice, one per line',
    saved: 'The specification was saved',
    up: 'Up',
    removeQuestion: 'Remove Weight?',
    yes: 'Yes, go ahead',
    removeFull: 'Remove',
    weightAr: 'Weight',
    list: 'Specifications in their order',
    saveSpecs: 'Save the specifications',
    specsSaved: "The product's specifications were saved",
    notNumber: 'Enter a number in “Weight”',
    shopRow: '187 g',
  },
} as const;

// Both languages change the same category: one after the other.
test.describe.configure({ mode: 'serial' });

for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
  const w = words[lang];
  test(`staff manage a category's specifications and a product's values (${lang})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const found = (await (
      await request.post('/api/Product/Select/Product/By/Name/8/1?lang=en', {
        data: { productName: 'Galaxy S24 256GB' },
      })
    ).json()) as { products: { productId: number; categoryId: number }[] };
    const { productId, categoryId } = found.products[0]!;

    await signInOwner(page, lang, pathIn(lang, `/dashboard/categories/${categoryId}/specs`));
    const list = page.getByRole('list', { name: w.list });
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await shoot(page, `dashboard-specs-${lang}`);

    const add = page.locator('section[aria-labelledby="add-spec-title"]');
    // A choice without choices is refused on its field, in the member's language.
    await add.getByLabel(w.nameAr).fill('الذاكرة');
    await add.getByLabel(w.nameEn).fill(`Memory ${lang}`);
    await add.getByLabel(w.kind).selectOption({ label: w.choice });
    await add.getByRole('button', { name: w.add, exact: true }).click();
    await expect(add.getByText(w.noChoices)).toBeVisible();

    await add.getByLabel(w.nameAr).fill('الوزن');
    await add.getByLabel(w.nameEn).fill('Weight');
    await add.getByLabel(w.unitAr).fill('جم');
    await add.getByLabel(w.unitEn).fill('g');
    await add.getByLabel(w.kind).selectOption('number');
    await add.getByRole('button', { name: w.add, exact: true }).click();
    await expect(page.getByText(w.saved).first()).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(6);
    const weight = list.getByRole('listitem').last();
    await expect(weight.getByRole('heading')).toHaveText(w.weightAr);
    await weight.getByRole('button', { name: w.up }).click();
    await expect(list.getByRole('listitem').nth(4).getByRole('heading')).toHaveText(w.weightAr);

    // The product's editor has one field per attribute; a bad number is refused on its field.
    await page.goto(pathIn(lang, `/dashboard/products/${productId}`));
    const specs = page.locator('section[aria-labelledby="product-specs-title"]');
    const field = specs.getByLabel(lang === 'ar' ? 'الوزن (جم)' : 'Weight (g)');
    await field.fill('heavy');
    await specs.getByRole('button', { name: w.saveSpecs }).click();
    await expect(specs.getByText(w.notNumber)).toBeVisible();
    await field.fill('187');
    await specs.getByRole('button', { name: w.saveSpecs }).click();
    await expect(page.getByText(w.specsSaved).first()).toBeVisible();
    await shoot(page, `dashboard-product-specs-${lang}`);

    const shop = await page.context().browser()!.newPage();
    await shop.goto(pathIn(lang, `/product/${productId}`));
    await expect(
      shop
        .locator('section[aria-labelledby="specs-title"]')
        .getByRole('row', { name: new RegExp(w.weightAr) }),
    ).toContainText(w.shopRow);
    await shop.close();

    // Removing asks first; the product's value goes with the attribute.
    await page.goto(pathIn(lang, `/dashboard/categories/${categoryId}/specs`));
    await list.getByRole('button', { name: `${w.removeFull} ${w.weightAr}` }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(w.removeQuestion);
    await question.getByRole('button', { name: w.yes }).click();
    await expect(list.getByRole('listitem')).toHaveCount(5);
  });
}
