import type { APIRequestContext, Page } from '@playwright/test';
import type { ProductDetails, ProductVariant } from '@shop/contract';
import { goToPayment, payWithCard, text } from './checkout-helpers.ts';
import { pathIn, waitForHydration, type Lang } from './fixtures.ts';
import { expect, test } from './shopper-helpers.ts';

/*
 * A phone sold by storage and colour, in Arabic and English: choosing a value shows that
 * variant's price at its own address (?variant=SKU), which a reload keeps; the cart, the order
 * and the stock follow the variant bought; a sold-out combination cannot be added; without
 * JavaScript the picker is a form with a button; search engines read a ProductGroup.
 *
 * The demo's iPhones come in 128 GB and 256 GB, in black, blue and pink; the pink 256 GB is
 * sold out. Each language buys from another phone, so neither journey sees the other's sale.
 */

const phoneOf: Record<Lang, string> = { ar: 'iPhone 14', en: 'iPhone 13' };

const w = {
  ar: { storage: 'السعة', colour: 'اللون', big: '256 جيجابايت', blue: 'أزرق', pink: 'وردي' },
  en: { storage: 'Storage', colour: 'Colour', big: '256 GB', blue: 'Blue', pink: 'Pink' },
} as const;

/** The demo phone with this English name: its id. */
async function phoneId(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.post('/api/Product/Select/Product/By/Name/8/1?lang=en', {
    data: { productName: name },
  });
  const body = (await res.json()) as { products: { productId: number; productName: string }[] };
  const id = body.products.find((p) => p.productName === name)?.productId;
  if (id === undefined) throw new Error(`No demo phone is named ${name}`);
  return id;
}

/** The product as the API answers it, with its variants and their stock. */
async function details(request: APIRequestContext, id: number, lang: Lang): Promise<ProductDetails> {
  const res = await request.get(`/api/Product/Select/Product/${id}?lang=${lang}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ProductDetails;
}

/** The variant with these value names (in the product's language), and its values as one line. */
function variantNamed(
  product: ProductDetails,
  names: string[],
): { variant: ProductVariant; options: string } {
  const ids = product.options.map((o, i) => o.values.find((v) => v.name === names[i])?.valueId);
  const variant = product.variants.find((v) => v.valueIds.every((id, i) => id === ids[i]));
  if (!variant) throw new Error(`no variant ${names.join(' / ')}`);
  return { variant, options: names.join(' · ') };
}

/** The shown price, as the page writes it (Latin digits, thousands grouped, in both languages). */
const shown = (variant: ProductVariant) => (variant.priceAfterOffer ?? variant.price).toLocaleString('en-US');

/**
 * The column beside the gallery: the name, the price, the picker and Add to cart (or, for a
 * sold-out variant, "Tell me when it is back").
 */
function buyBox(page: Page, lang: Lang) {
  const buy = page.getByRole('button', { name: text(lang, 'catalog', 'product.addToCart') });
  const notify = page.getByRole('button', { name: text(lang, 'catalog', 'product.notifyWhenBack') });
  return page
    .locator('div')
    .filter({ has: page.getByRole('heading', { level: 1 }) })
    .filter({ has: buy.or(notify) })
    .last();
}

/** A value of the picker: its label (the radio itself is visually hidden). */
function value(page: Page, option: string, name: string) {
  return page
    .getByRole('group', { name: new RegExp(`^${option}`) })
    .locator('label')
    .filter({ hasText: name });
}

/** The picker's radio of a value, to read whether it is chosen. */
function radio(page: Page, option: string, name: string) {
  return page.getByRole('group', { name: new RegExp(`^${option}`) }).getByRole('radio', { name });
}

const variantAddress = (sku: string) => new RegExp(`/product/\\d+\\?variant=${sku}$`);

for (const lang of ['ar', 'en'] as const) {
  const words = w[lang];

  test(`choosing storage and colour shows that variant's price at its own address; the order and the stock follow it (${lang})`, async ({
    page,
    request,
    shopper: _shopper,
  }) => {
    const id = await phoneId(request, phoneOf[lang]);
    const before = await details(request, id, lang);
    const first = before.variants[0]!;
    const big = variantNamed(before, [
      words.big,
      before.options[1]!.values.find((v) => v.valueId === first.valueIds[1])!.name,
    ]);
    const chosen = variantNamed(before, [words.big, words.blue]);
    const soldOut = variantNamed(before, [words.big, words.pink]);
    expect(soldOut.variant.stock).toBe(0);
    expect(shown(chosen.variant)).not.toBe(shown(first));

    await page.goto(pathIn(lang, `/product/${id}`));
    await waitForHydration(page);
    const box = buyBox(page, lang);
    await expect(box).toContainText(shown(first));

    // The storage first: the colour stays, the price is the larger storage's.
    await value(page, words.storage, words.big).click();
    await expect(page).toHaveURL(variantAddress(big.variant.sku));
    await expect(radio(page, words.storage, words.big)).toBeChecked();
    await expect(box).toContainText(shown(big.variant));
    await expect(box).not.toContainText(shown(first));

    // With 256 GB chosen, pink is marked sold out.
    await expect(value(page, words.colour, words.pink)).toContainText(
      text(lang, 'catalog', 'product.soldOutValue'),
    );
    await value(page, words.colour, words.blue).click();
    await expect(page).toHaveURL(variantAddress(chosen.variant.sku));
    await expect(radio(page, words.colour, words.blue)).toBeChecked();
    await expect(box).toContainText(shown(chosen.variant));
    await expect(box.locator('bdi').filter({ hasText: chosen.variant.sku })).toBeVisible();

    // A reload (or the address shared) shows the same choice.
    await page.reload();
    await waitForHydration(page);
    await expect(page).toHaveURL(variantAddress(chosen.variant.sku));
    await expect(radio(page, words.storage, words.big)).toBeChecked();
    await expect(radio(page, words.colour, words.blue)).toBeChecked();
    await expect(box).toContainText(shown(chosen.variant));

    // The sold-out combination: shown, priced, but it cannot be added; the shopper can ask to
    // be told when it is back.
    await value(page, words.colour, words.pink).click();
    await expect(page).toHaveURL(variantAddress(soldOut.variant.sku));
    await expect(box).toContainText(text(lang, 'catalog', 'product.outOfStock'));
    await expect(box.getByRole('button', { name: text(lang, 'catalog', 'product.addToCart') })).toHaveCount(
      0,
    );
    await box.getByRole('button', { name: text(lang, 'catalog', 'product.notifyWhenBack') }).click();
    await expect(
      page.getByRole('status').filter({
        hasText: lang === 'ar' ? 'سنعلمك عند توفر هذا المنتج' : 'We will tell you when this product is back',
      }),
    ).toBeVisible();

    // Back to blue, into the cart: the line names the variant.
    await value(page, words.colour, words.blue).click();
    await expect(page).toHaveURL(variantAddress(chosen.variant.sku));
    await box.getByRole('button', { name: text(lang, 'catalog', 'product.addToCart') }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: lang === 'ar' ? 'تمت إضافة المنتج إلى السلة' : 'added to the cart' }),
    ).toBeVisible();
    await page.goto(pathIn(lang, '/cart'));
    await expect(page.getByRole('main')).toContainText(chosen.options);
    await expect(page.getByRole('main')).toContainText(chosen.variant.sku);

    // Paid with the sandbox's card: the order's line names the SKU and the values.
    await goToPayment(page, lang);
    await expect(page.getByRole('main')).toContainText(chosen.options);
    await expect(page.getByRole('main')).toContainText(chosen.variant.sku);
    await payWithCard(page, lang, '4111111111111111');
    await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/user/allorders')}$`), { timeout: 20_000 });
    await waitForHydration(page);
    await page
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: text(lang, 'account', 'orders.viewDetails') })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(chosen.options);
    await expect(dialog).toContainText(chosen.variant.sku);

    // Only that variant's stock went down, by the one bought.
    const after = await details(request, id, lang);
    expect(after.variants.map((v) => [v.sku, v.stock])).toEqual(
      before.variants.map((v) => [v.sku, v.sku === chosen.variant.sku ? v.stock - 1 : v.stock]),
    );
  });

  test.describe(() => {
    test.use({ javaScriptEnabled: false });

    test(`without JavaScript the picker is a form: pick the values, show the choice (${lang})`, async ({
      page,
    }) => {
      const id = await phoneId(page.request, phoneOf[lang]);
      const product = await details(page.request, id, lang);
      const chosen = variantNamed(product, [words.big, words.blue]);
      await page.goto(pathIn(lang, `/product/${id}`));
      const box = buyBox(page, lang);
      await expect(box).toContainText(shown(product.variants[0]!));
      await value(page, words.storage, words.big).click();
      await value(page, words.colour, words.blue).click();
      // Nothing happens until the shopper sends the form.
      await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
      await page.getByRole('button', { name: text(lang, 'catalog', 'product.choose') }).click();
      await expect(page).toHaveURL(variantAddress(chosen.variant.sku));
      await expect(radio(page, words.storage, words.big)).toBeChecked();
      await expect(radio(page, words.colour, words.blue)).toBeChecked();
      await expect(box).toContainText(shown(chosen.variant));
    });

    test(`without JavaScript "tell me when it is back" is kept for the sold-out variant (${lang})`, async ({
      page,
      request,
      shopper: _shopper,
    }) => {
      const id = await phoneId(request, phoneOf[lang]);
      const soldOut = variantNamed(await details(request, id, lang), [words.big, words.pink]);
      await page.goto(pathIn(lang, `/product/${id}?variant=${soldOut.variant.sku}`));
      await buyBox(page, lang)
        .getByRole('button', { name: text(lang, 'catalog', 'product.notifyWhenBack') })
        .click();
      // Back on the same variant's page, with the answer as its notice.
      await expect(page).toHaveURL(variantAddress(soldOut.variant.sku));
      await expect(page.getByRole('main')).toContainText(
        lang === 'ar' ? 'سنعلمك عند توفر هذا المنتج' : 'We will tell you when this product is back in stock',
      );
    });
  });

  test(`search engines read a ProductGroup whose variants offer each SKU (${lang})`, async ({ page }) => {
    const id = await phoneId(page.request, phoneOf[lang]);
    const product = await details(page.request, id, lang);
    await page.goto(pathIn(lang, `/product/${id}`));
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? 'null') as unknown));
    const group = blocks.find((b) => (b as { '@type'?: string })['@type'] === 'ProductGroup') as
      | {
          productGroupID: string;
          hasVariant: {
            sku: string;
            offers: { price: string; priceCurrency: string; availability: string };
          }[];
        }
      | undefined;
    expect(group, 'a ProductGroup in the JSON-LD').toBeDefined();
    expect(group!.productGroupID).toBe(String(id));
    expect(group!.hasVariant.map((v) => v.sku)).toEqual(product.variants.map((v) => v.sku));
    for (const [i, v] of product.variants.entries()) {
      const offer = group!.hasVariant[i]!.offers;
      expect(offer.priceCurrency).toBe('SAR');
      expect(Number(offer.price)).toBe(v.priceAfterOffer ?? v.price);
      expect(offer.availability).toBe(
        v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      );
    }
  });
}
