import type { Page } from '@playwright/test';
import { pathIn, waitForHydration } from './fixtures.ts';
import { expect, openPage, placePaidOrder, test } from './shopper-helpers.ts';
import { ownerPage } from './staff-helpers.ts';

const dir = '/tmp/review-shots';
async function shoot(page: Page, name: string, locator?: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    if (locator) await page.locator(locator).first().screenshot({ path: `${dir}/${name}-${width}.png` });
    else await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
}

for (const lang of ['ar', 'en'] as const) {
  test(`shots ${lang}`, async ({ page, shopper, baseURL, browser }) => {
    test.setTimeout(200_000);
    const { order, product } = await placePaidOrder(page, shopper, baseURL, { lang, verify: true, skip: lang === 'ar' ? 6 : 7 });
    const owner = await ownerPage(browser, baseURL!, lang);
    await openPage(owner, pathIn(lang, `/dashboard/orders/${order.number}`), true);
    await owner.getByRole('button', { name: lang === 'ar' ? 'تعليم كمُسلَّم' : 'Mark delivered' }).click();
    await owner.waitForTimeout(1500);
    await openPage(page, pathIn(lang, `/order/details/${order.invoiceId}`), true);
    await shoot(page, `${lang}-order`);
    await openPage(page, pathIn(lang, `/order/details/${order.invoiceId}/review/${product.productId}`), true);
    await shoot(page, `${lang}-form`);
    await page.getByLabel(lang === 'ar' ? 'العنوان (اختياري)' : 'Title (optional)').fill('Kept title');
    await page.getByRole('button', { name: lang === 'ar' ? 'أرسل التقييم' : 'Send the review' }).click();
    await page.waitForTimeout(1000);
    await shoot(page, `${lang}-form-refused`);
    await page.locator('label').filter({ hasText: lang === 'ar' ? 'نجمتان' : '2 stars' }).click();
    await page.getByLabel(lang === 'ar' ? 'مراجعتك (اختيارية)' : 'Your review (optional)').fill(lang === 'ar' ? 'البطارية أضعف مما توقعت، لكن الشاشة ممتازة.' : 'Battery weaker than I hoped, screen is great.');
    await page.getByRole('button', { name: lang === 'ar' ? 'أرسل التقييم' : 'Send the review' }).click();
    await page.waitForTimeout(2000);
    await openPage(owner, pathIn(lang, '/dashboard/reviews'), true);
    await shoot(owner, `${lang}-queue`);
    await owner.getByRole('button', { name: lang === 'ar' ? /^انشر مراجعة / : /^Approve the review of / }).first().click();
    await owner.waitForTimeout(1500);
    await owner.getByRole('button', { name: lang === 'ar' ? /^أخفِ مراجعة / : /^Hide the review of / }).first().click();
    await owner.waitForTimeout(800);
    await shoot(owner, `${lang}-queue-confirm`);
    await owner.keyboard.press('Escape');
    await page.goto(pathIn(lang, `/product/${product.productId}`));
    await expect(page.locator('#reviews')).toBeVisible();
    await shoot(page, `${lang}-product-reviews`, '#reviews');
    await waitForHydration(page);
  });
}
