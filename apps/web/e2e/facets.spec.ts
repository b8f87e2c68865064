import type { APIRequestContext, Page } from '@playwright/test';
import type { PagedProducts } from '@shop/contract';
import { text } from './checkout-helpers.ts';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  pathIn,
  test,
  waitForHydration,
  type Lang,
} from './fixtures.ts';

/*
 * Facets on the demo's phones, in Arabic and English: ticking storage sizes and a colour narrows
 * the category with the counts the API gives, the address carries the choice (so a reload or a
 * shared link keeps it), each choice is removed by its chip and all at once by Clear all; without
 * JavaScript the panel is a form sent with "Show results"; on a phone it folds into "Filters".
 *
 * The demo's phones come in 128 GB to 1 TB, in their maker's colours (Apple's blue among them).
 */

const w = {
  ar: { storage: 'السعة', colour: 'اللون', s256: '256 جيجابايت', s512: '512 جيجابايت', blue: 'أزرق' },
  en: { storage: 'Storage', colour: 'Colour', s256: '256 GB', s512: '512 GB', blue: 'Blue' },
} as const;

/** The demo's phones category id. */
async function phonesId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/Category/Select/All/Category?lang=en');
  const list = (await res.json()) as { categoryId: number; categoryName: string }[];
  const phones = list.find((c) => c.categoryName === 'Phones');
  if (!phones) throw new Error('the demo has no Phones category');
  return phones.categoryId;
}

/** The phones narrowed by these facet keys, as the API answers them (one page of 8). */
async function narrowed(request: APIRequestContext, id: number, keys: string[], lang: Lang) {
  const query = keys.map((k) => `&facet=${encodeURIComponent(k)}`).join('');
  const res = await request.get(
    `/api/Product/Select/All/Product/8/1?categoryId=${id}&withFacets=true&lang=${lang}${query}`,
  );
  expect(res.status()).toBe(200);
  return (await res.json()) as PagedProducts;
}

/** A checkbox of the filter panel, within its group. */
function box(page: Page, group: string, name: string) {
  return page
    .getByRole('complementary')
    .getByRole('group', { name: group })
    .getByRole('checkbox', { name: new RegExp(`^${name} \\(`) });
}

const resultsLine = (page: Page) => page.getByRole('status').filter({ hasText: /[0-9]/ }).first();

/** The product names of the grid, sorted. */
const names = async (page: Page) =>
  (await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).sort();

const keys = ['o-storage:256-gb', 'o-storage:512-gb', 'o-colour:blue'];

for (const lang of ['ar', 'en'] as const) {
  const words = w[lang];

  test(`facets narrow the phones by storage and colour, with the API's counts (${lang})`, async ({
    page,
  }) => {
    const id = await phonesId(page.request);
    const expected = await narrowed(page.request, id, keys, lang);
    const everything = await narrowed(page.request, id, [], lang);
    expect(expected.pagging.rawCount).toBeGreaterThan(0);
    expect(expected.pagging.rawCount).toBeLessThan(everything.pagging.rawCount);

    await page.goto(pathIn(lang, `/products/category/${id}`));
    await waitForHydration(page);
    const storageCount = everything.facets!.groups.find((g) => g.group === 'o-storage')!;
    const s256 = storageCount.values.find((v) => v.key === 'o-storage:256-gb')!;
    await expect(box(page, words.storage, words.s256)).toHaveAccessibleName(
      new RegExp(`^${words.s256} \\(${s256.count}\\)$`),
    );

    // Each tick applies at once and lands in the address.
    await box(page, words.storage, words.s256).check();
    await expect(page).toHaveURL(/facet=o-storage%3A256-gb/);
    await box(page, words.storage, words.s512).check();
    await expect(page).toHaveURL(/facet=o-storage%3A512-gb/);
    await box(page, words.colour, words.blue).check();
    await expect(page).toHaveURL(/facet=o-colour%3Ablue/);
    await expect(resultsLine(page)).toContainText(String(expected.pagging.rawCount));
    expect(await names(page)).toEqual(expected.products.map((p) => p.productName).sort());

    // A reload keeps the choice.
    await page.reload();
    await expect(box(page, words.colour, words.blue)).toBeChecked();
    await expect(resultsLine(page)).toContainText(String(expected.pagging.rawCount));

    // Its chip removes one choice; Clear all removes the rest.
    await waitForHydration(page);
    const chosen = page.getByRole('list', { name: text(lang, 'catalog', 'facets.chosen') });
    await chosen.getByRole('link', { name: new RegExp(`^${words.blue}`) }).click();
    await expect(page).not.toHaveURL(/o-colour/);
    await expect(box(page, words.colour, words.blue)).not.toBeChecked();
    await chosen.getByRole('link', { name: text(lang, 'catalog', 'facets.clear') }).click();
    await expect(page).not.toHaveURL(/facet=/);
    await expect(resultsLine(page)).toContainText(String(everything.pagging.rawCount));
  });

  test.describe(() => {
    test.use({ javaScriptEnabled: false });

    test(`without JavaScript the filters are a form sent with Show results (${lang})`, async ({ page }) => {
      const id = await phonesId(page.request);
      const expected = await narrowed(page.request, id, keys, lang);
      await page.goto(pathIn(lang, `/products/category/${id}`));
      await box(page, words.storage, words.s256).check();
      await box(page, words.storage, words.s512).check();
      await box(page, words.colour, words.blue).check();
      await expect(page).not.toHaveURL(/facet=/);
      await page
        .getByRole('complementary')
        .getByRole('button', { name: text(lang, 'catalog', 'facets.apply') })
        .click();
      await expect(page).toHaveURL(/facet=o-colour%3Ablue/);
      await expect(resultsLine(page)).toContainText(String(expected.pagging.rawCount));
      expect(await names(page)).toEqual(expected.products.map((p) => p.productName).sort());
    });
  });

  test.describe(() => {
    test.use({ viewport: { width: 375, height: 800 } });

    test(`on a phone the filters fold into one button and fit the screen (${lang})`, async ({ page }) => {
      const id = await phonesId(page.request);
      await page.goto(pathIn(lang, `/products/category/${id}`));
      await waitForHydration(page);
      await expect(box(page, words.storage, words.s256)).toBeHidden();
      await page.getByText(text(lang, 'catalog', 'facets.title'), { exact: true }).click();
      await expect(box(page, words.storage, words.s256)).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await box(page, words.storage, words.s256).check();
      await expect(page).toHaveURL(/facet=o-storage%3A256-gb/);
    });
  });
}
