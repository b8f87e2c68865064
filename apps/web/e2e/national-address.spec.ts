import { errorMessages, successMessages } from '@shop/contract';
import type { Locator, Page } from '@playwright/test';
import { text } from './checkout-helpers.ts';
import { expectAccessible, expectLangDir, pathIn, type Lang } from './fixtures.ts';
import {
  addToCart,
  expect,
  jsModes,
  openPage,
  originHeaders,
  productInStock,
  test,
  told,
} from './shopper-helpers.ts';

type Part =
  'shortAddress' | 'buildingNumber' | 'street' | 'district' | 'city' | 'postalCode' | 'additionalNumber';

/** The national address as a shopper types it: lower case and Arabic-Indic digits included. */
const typed: Record<Lang, Record<Part, string>> = {
  ar: {
    shortAddress: 'rrrd٢٩٢٩',
    buildingNumber: '٢٩٢٩',
    street: 'طريق الملك فهد',
    district: 'العليا',
    city: 'الرياض',
    postalCode: '١٢٢١١',
    additionalNumber: '٧٧٨٨',
  },
  en: {
    shortAddress: 'rrrd2929',
    buildingNumber: '2929',
    street: 'King Fahd Road',
    district: 'Al Olaya',
    city: 'Riyadh',
    postalCode: '12211',
    additionalNumber: '7788',
  },
};

const label = (lang: Lang, part: Part) => text(lang, 'common', `nationalAddress.${part}`);

/** Fills the national address's fields of the address form `form`. */
async function fillNational(form: Locator, lang: Lang, values: Record<Part, string>) {
  for (const [part, value] of Object.entries(values)) {
    await form.getByLabel(label(lang, part as Part)).fill(value);
  }
}

/** The national address as the order page shows it: the short address normalised, as an LTR run. */
async function expectOrderShowsNationalAddress(page: Page, lang: Lang) {
  const section = page.getByRole('region', { name: text(lang, 'common', 'nationalAddress.title') });
  await expect(section).toBeVisible();
  const short = section.locator('[data-part="shortAddress"] bdi');
  await expect(short).toHaveText('RRRD2929');
  await expect(short).toHaveAttribute('dir', 'ltr');
  await expect(section.locator('[data-part="postalCode"]')).toHaveText('12211');
  await expect(section.locator('[data-part="street"]')).toHaveText(typed[lang].street);
}

for (const lang of ['ar', 'en'] as const) {
  for (const { js, mode } of jsModes) {
    test.describe(() => {
      test.use({ javaScriptEnabled: js });

      test(`the address book keeps a national address, normalised (${lang}, ${mode})`, async ({
        page,
        shopper: _shopper,
      }) => {
        await openPage(page, pathIn(lang, '/user/add-address'), js);
        await expectLangDir(page, lang);
        const form = page.locator('main form').filter({ has: page.getByLabel(label(lang, 'shortAddress')) });
        const title = form.getByLabel(text(lang, 'account', 'addresses.fields.name'), { exact: true });
        const save = form.getByRole('button', { name: text(lang, 'account', 'addresses.save') });
        await title.fill(lang === 'ar' ? 'البيت' : 'House');
        // A short address of the wrong form is refused at its field, in the page's language.
        await form.getByLabel(label(lang, 'shortAddress')).fill('RRR29');
        await save.click();
        await expect(page.getByText(errorMessages.SHORT_ADDRESS_INVALID[lang]).first()).toBeVisible();

        // Without JavaScript the refused form comes back empty: typed again.
        await title.fill(lang === 'ar' ? 'البيت' : 'House');
        if (js) {
          // A pin in Riyadh fills the empty city, in the page's language, without asking any service.
          await form.locator('.leaflet-container').click({ position: { x: 120, y: 100 } });
          await expect(
            form.getByText(text(lang, 'account', 'addresses.picked').split(':')[0]!),
          ).toBeVisible();
          await expect(form.getByLabel(label(lang, 'city'))).toHaveValue(typed[lang].city);
          await expect(form.getByText(text(lang, 'account', 'addresses.cityFromMap'))).toBeVisible();
        }
        await fillNational(form, lang, typed[lang]);
        await save.click();
        await expect(told(page, successMessages.SAVED[lang], js)).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/user/addresses')}$`), { timeout: 20_000 });
        const card = page.getByRole('article').filter({ hasText: lang === 'ar' ? 'البيت' : 'House' });
        await expect(card.locator('bdi[dir="ltr"]').first()).toHaveText('RRRD2929');
        await expect(card).toContainText('12211');
        await expect(card).toContainText(typed[lang].district);
      });

      test(`checkout asks to complete an older address, and the order keeps its national address (${lang}, ${mode})`, async ({
        page,
        shopper: _shopper,
        baseURL,
      }) => {
        // An address saved before the shop asked for the national address: none of its fields.
        const old = await page.request.post('/api/v1/users/userAddress/add', {
          data: { name: 'Old home', address: 'Olaya Street 5' },
          headers: originHeaders(baseURL),
        });
        expect(old.status(), await old.text()).toBe(200);
        const addressId = (await old.json())._id as string;
        const product = await productInStock(page.request, lang, 4);
        await addToCart(page, product.productId, baseURL);

        await openPage(page, pathIn(lang, '/cart'), js);
        await page.getByRole('link', { name: text(lang, 'cart', 'confirmOrder') }).click();
        const dialog = page.getByRole('dialog', { name: text(lang, 'cart', 'addressTitle') });
        await expect(dialog.getByRole('radio', { name: /Old home/ })).toBeChecked();
        await expect(dialog.getByText(text(lang, 'cart', 'needsNational'))).toBeVisible();

        // Next is refused with a clear message, and the form to complete the address is there.
        await dialog.getByRole('button', { name: text(lang, 'cart', 'next') }).click();
        await expect(dialog.getByText(errorMessages.NATIONAL_ADDRESS_REQUIRED[lang])).toBeVisible();
        await expect(page).not.toHaveURL(/\/payment\//);
        const complete = dialog.getByRole('region', {
          name: new RegExp(text(lang, 'cart', 'completeTitle')),
        });
        await expect(complete).toBeVisible();
        if (js) await expectAccessible(page);
        await fillNational(complete, lang, typed[lang]);
        await complete.getByRole('button', { name: text(lang, 'account', 'addresses.saveEdit') }).click();
        await expect(told(page, successMessages.EDITED[lang], js)).toBeVisible();
        await expect(complete).toBeHidden();
        await expect(dialog.getByText('RRRD2929', { exact: true })).toBeVisible();

        await dialog.getByRole('button', { name: text(lang, 'cart', 'next') }).click();
        await expect(page).toHaveURL(new RegExp(`/payment/[0-9a-f-]{36}$`));
        const invoiceId = /\/payment\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

        await openPage(page, pathIn(lang, `/order/details/${invoiceId}`), js);
        await expectOrderShowsNationalAddress(page, lang);

        // The order keeps its copy after the address is edited, then deleted from the book.
        const edited = await page.request.put(`/api/v1/users/userAddress/update/${addressId}`, {
          data: { name: 'Moved', shortAddress: 'ABCD1234', postalCode: '11564', street: 'Other Street' },
          headers: originHeaders(baseURL),
        });
        expect(edited.status(), await edited.text()).toBe(200);
        const deleted = await page.request.delete(`/api/v1/users/userAddress/deleteAddress/${addressId}`, {
          headers: originHeaders(baseURL),
        });
        expect(deleted.status(), await deleted.text()).toBe(200);
        await openPage(page, pathIn(lang, `/order/details/${invoiceId}`), js);
        await expectOrderShowsNationalAddress(page, lang);
        await expect(page.getByText('ABCD1234')).toHaveCount(0);
      });
    });
  }
}
