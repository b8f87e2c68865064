import type { Page } from '@playwright/test';
import { expectLangDir, pathIn, waitForHydration, type Lang } from './fixtures.ts';
import { expect, openPage, placePaidOrder, test, told } from './shopper-helpers.ts';
import { ownerPage } from './staff-helpers.ts';

/**
 * A review from a buyer: the order's page links a delivered product to its review form, the
 * back office approves the review in its queue, and the product page shows it with the verified
 * mark and the average. The words typed are shown as text: a script in them never runs.
 */

const words = {
  ar: {
    deliver: 'تعليم كمُسلَّم',
    deliveredLabel: 'تم التوصيل',
    rate: /^قيّم /,
    fourStars: '4 نجوم',
    title: 'العنوان (اختياري)',
    body: 'مراجعتك (اختيارية)',
    submit: 'أرسل التقييم',
    submitted: 'شكراً لتقييمك، سيظهر بعد مراجعته',
    approve: /^انشر مراجعة /,
    approved: 'تم نشر التقييم',
    verified: 'شراء موثّق',
    count: 'تقييم واحد',
  },
  en: {
    deliver: 'Mark delivered',
    deliveredLabel: 'Delivered',
    rate: /^Rate /,
    fourStars: '4 stars',
    title: 'Title (optional)',
    body: 'Your review (optional)',
    submit: 'Send the review',
    submitted: 'Thank you for your review; it will appear once it is checked',
    approve: /^Approve the review of /,
    approved: 'The review was approved',
    verified: 'Verified purchase',
    count: '1 rating',
  },
} as const;

/** The owner marks the order delivered on its page (the back office's fulfilment step). */
async function deliver(owner: Page, lang: Lang, number: number) {
  await openPage(owner, pathIn(lang, `/dashboard/orders/${number}`), true);
  await owner.getByRole('button', { name: words[lang].deliver }).click();
  await expect(owner.getByTestId('fulfilment-status')).toHaveText(words[lang].deliveredLabel);
}

for (const lang of ['ar', 'en'] as const) {
  test(`a buyer rates a delivered product, staff approve it, the product page shows it (${lang})`, async ({
    page,
    shopper,
    baseURL,
    browser,
  }) => {
    test.setTimeout(150_000);
    const w = words[lang];
    // A product of its own per language, so the two runs never count each other's rating.
    const { order, product } = await placePaidOrder(page, shopper, baseURL, {
      lang,
      verify: true,
      skip: lang === 'ar' ? 6 : 7,
    });
    const owner = await ownerPage(browser, baseURL!, lang);
    await deliver(owner, lang, order.number);

    const orderPath = pathIn(lang, `/order/details/${order.invoiceId}`);
    await openPage(page, orderPath, true);
    await expectLangDir(page, lang);
    await page.getByRole('link', { name: w.rate }).click();
    await expect(page).toHaveURL(new RegExp(`${orderPath}/review/${product.productId}$`));
    await waitForHydration(page);
    const title = `Solid ${lang} ${Date.now()}`;
    const script = '<script>window.__reviewRan = true</script>';
    await page.locator('label').filter({ hasText: w.fourStars }).click();
    await page.getByLabel(w.title).fill(title);
    await page.getByLabel(w.body).fill(`Fast delivery ${script}`);
    await page.getByRole('button', { name: w.submit }).click();
    await expect(told(page, w.submitted, true)).toBeVisible();
    // Sent, the form goes back to the order's page: that navigation ends before the next.
    await expect(page).toHaveURL(new RegExp(`${orderPath}$`));

    await openPage(owner, `${pathIn(lang, '/dashboard/reviews')}?q=${encodeURIComponent(title)}`, true);
    await owner.getByRole('button', { name: w.approve }).click();
    await expect(told(owner, w.approved, true)).toBeVisible();

    await page.goto(pathIn(lang, `/product/${product.productId}`));
    const review = page.getByTestId('review').filter({ hasText: title });
    await expect(review).toBeVisible();
    await expect(review.getByText(w.verified)).toBeVisible();
    // The script is shown as the shopper typed it, and never ran.
    await expect(review.getByText(`Fast delivery ${script}`)).toBeVisible();
    expect(await page.evaluate(() => (window as { __reviewRan?: boolean }).__reviewRan)).toBeUndefined();
    await expect(page.getByTestId('rating-summary')).toContainText('4.0');
    await expect(page.getByTestId('rating-summary')).toContainText(w.count);
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd!)).toMatchObject({
      aggregateRating: { ratingValue: '4.0', reviewCount: 1 },
      review: [{ name: title }],
    });
    // The product's card in the search results shows its average and, in words, the count.
    await openPage(page, pathIn(lang, `/products?q=${encodeURIComponent(product.productName)}`), false);
    const card = page.getByRole('article').filter({ hasText: product.productName }).first();
    await expect(card.getByTestId('card-rating')).toContainText('4.0');
    await expect(card.getByTestId('card-rating')).toContainText(w.count);
    await owner.context().close();
  });
}
