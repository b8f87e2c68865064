import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { zipSync } from 'fflate';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  pathIn,
  test,
  waitForHydration,
  type Lang,
} from './fixtures.ts';
import { toast } from './shopper-helpers.ts';
import { E2E_OWNER, signInToDashboard } from './staff-helpers.ts';

/** The words of the content pages and the storefront the tests look for, in both languages. */
const words = {
  ar: {
    save: 'حفظ',
    saved: 'تم حفظ الشريحة',
    slideImage: 'صورة الشريحة بالعربية',
    slideAlt: 'صورة الشريحة 1 بالعربية',
    pages: 'الصفحات التعريفية',
    refund: 'سياسة الاسترجاع',
    text: 'النص العربي',
    savePage: 'حفظ الصفحة',
    pageSaved: 'تم حفظ الصفحة',
    preview: 'معاينة',
    previewIn: 'المعاينة بالعربية',
    privacy: 'سياسة الخصوصية',
    law: 'نظام حماية البيانات الشخصية',
    cards: 'لا نستلم بيانات بطاقتك',
    settings: 'الإعدادات',
    importTitle: 'الاستيراد والتصدير',
    importHelp: 'أو ملف ZIP فيه ملف الكتالوج وصوره في مجلدات',
    importFile: 'الملف',
    checkFile: 'فحص الملف',
    ready: 'جاهز للاستيراد',
    startImport: 'بدء الاستيراد',
    importDone: 'اكتمل',
    discard: 'إلغاء الملف',
    discardQuestion: 'هل تريد إلغاء هذا الملف دون استيراده؟',
    discardYes: 'نعم، ألغِه',
    cancel: 'إلغاء',
    discarded: 'أُلغي',
    discardedNotice: 'أُلغي الملف ولم يُستورد منه شيء',
    lowStock: 'حد المخزون المنخفض',
    saveSettings: 'حفظ الإعدادات',
    settingsSaved: 'تم حفظ الإعدادات',
    vat: 'الرقم الضريبي',
    vatRule: 'الرقم الضريبي 15 رقماً يبدأ بـ 3 وينتهي بـ 3',
  },
  en: {
    save: 'Save',
    saved: 'The slide was saved',
    slideImage: 'English slide image',
    slideAlt: 'Slide 1, English image',
    pages: 'Info pages',
    refund: 'Refund policy',
    text: 'English text',
    savePage: 'Save the page',
    pageSaved: 'The page was saved',
    preview: 'Preview',
    previewIn: 'English preview',
    privacy: 'Privacy policy',
    law: 'Personal Data Protection Law',
    cards: 'We never receive or store your card details',
    settings: 'Settings',
    importTitle: 'Import and export',
    importHelp: 'or a ZIP file holding the catalog file and its images in folders',
    importFile: 'File',
    checkFile: 'Check the file',
    ready: 'Ready to import',
    startImport: 'Start the import',
    importDone: 'Done',
    discard: 'Discard the file',
    discardQuestion: 'Discard this file without importing it?',
    discardYes: 'Yes, discard it',
    cancel: 'Cancel',
    discarded: 'Discarded',
    discardedNotice: 'The file was discarded; nothing was imported',
    lowStock: 'Low-stock threshold',
    saveSettings: 'Save the settings',
    settingsSaved: 'The settings were saved',
    vat: 'VAT number',
    vatRule: 'The VAT number is 15 digits that start and end with 3',
  },
} as const;

/** A small PNG of one colour: a new slide image that is easy to tell apart. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const other = (lang: Lang): Lang => (lang === 'ar' ? 'en' : 'ar');

for (const lang of ['ar', 'en'] as const) {
  const w = words[lang];

  test(`a slide's ${lang} image is changed and the ${lang} home shows it, the other home does not (${lang})`, async ({
    page,
  }) => {
    await signInToDashboard(page, lang, E2E_OWNER);
    await page.goto(pathIn(lang, '/dashboard/content'));
    await waitForHydration(page);
    await expectAccessible(page);
    const first = page.getByRole('listitem').filter({ has: page.getByRole('img', { name: w.slideAlt }) });
    const before = await first.getByRole('img', { name: w.slideAlt }).getAttribute('src');
    await first.getByLabel(w.slideImage).setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: png(160, 60, lang === 'ar' ? [200, 30, 30] : [30, 30, 200]),
    });
    await first.getByRole('button', { name: w.save, exact: true }).click();
    await expect(page.getByText(w.saved).first()).toBeVisible();
    await expect(first.getByRole('img', { name: w.slideAlt })).not.toHaveAttribute('src', before ?? '');
    const after = await first.getByRole('img', { name: w.slideAlt }).getAttribute('src');
    expect(after).toMatch(/^\/uploads\/content\/[0-9a-f-]+\.webp$/);

    // The storefront's home in that language shows the new image first; the other language's does not.
    await page.goto(pathIn(lang, '/'));
    await expect(page.locator('[data-slide-image]').first()).toHaveAttribute('src', after!);
    await page.goto(pathIn(other(lang), '/'));
    await expect(page.locator('[data-slide-image]').first()).not.toHaveAttribute('src', after!);
  });

  test(`the privacy policy page is there, linked in the footer, and passes axe (${lang})`, async ({
    page,
  }) => {
    await page.goto(pathIn(lang, '/'));
    await page.getByRole('contentinfo').getByRole('link', { name: w.privacy }).click();
    await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/info/privacy/4')}$`));
    await expect(page.getByRole('heading', { level: 1, name: w.privacy })).toBeVisible();
    await expect(page.getByText(w.law).first()).toBeVisible();
    await expect(page.getByText(w.cards)).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
  });
}

// Both languages save the same page (both texts are posted): one after the other.
test.describe.serial('the refund policy', () => {
  for (const lang of ['ar', 'en'] as const) {
    const w = words[lang];
    test(`the refund policy is edited in Markdown, previewed, and the storefront shows it (${lang})`, async ({
      page,
    }) => {
      await signInToDashboard(page, lang, E2E_OWNER);
      await page.goto(pathIn(lang, '/dashboard/content?tab=pages&page=refund'));
      await waitForHydration(page);
      await expect(page.getByRole('heading', { name: w.refund, level: 2 })).toBeVisible();
      const marker = `${lang}-${Date.now()}`;
      const text = `## ${lang === 'ar' ? 'الإرجاع خلال 14 يوماً' : 'Returns within 14 days'} ${marker}\n\n**${marker}** <script>window.hacked = true</script>`;
      await page.getByLabel(w.text).fill(text);
      await page.getByRole('button', { name: w.preview }).click();
      const preview = page.getByRole('article', { name: w.previewIn });
      await expect(preview.getByRole('heading', { level: 2 })).toContainText(marker);
      await expect(preview.locator('script')).toHaveCount(0);
      await page.getByRole('button', { name: w.savePage }).click();
      await expect(page.getByText(w.pageSaved).first()).toBeVisible();

      await page.goto(pathIn(lang, '/info/policy/2'));
      await expect(page.getByRole('heading', { level: 1, name: w.refund })).toBeVisible();
      await expect(page.locator('article').getByRole('heading', { level: 2 })).toContainText(marker);
      await expect(page.locator('article strong', { hasText: marker })).toBeVisible();
      expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
    });
  }
});

// One import runs at a time in the shop: the two languages import one after the other.
test.describe.serial('the import page', () => {
  for (const lang of ['ar', 'en'] as const) {
    const w = words[lang];

    test(`a ZIP file brings a new product with its image through the import page (${lang})`, async ({
      page,
    }) => {
      await signInToDashboard(page, lang, E2E_OWNER);
      const { current } = await checkCatalogFile(page, lang, `e2e-zip-${lang}-${Date.now()}`);
      // The form says what it accepts, in the page's language.
      await expect(page.getByText(w.importHelp)).toBeVisible();
      await page.getByRole('button', { name: w.startImport }).click();
      await expect(current.getByText(w.importDone, { exact: true })).toBeVisible({ timeout: 30_000 });
    });
  }
});

/**
 * Uploads on the import page a ZIP file of one new product, `sku`, with its image (the catalog
 * in a folder, its images in a folder beside it), and waits for the dry run to say it is ready.
 */
async function checkCatalogFile(page: Page, lang: 'ar' | 'en', sku: string) {
  const w = words[lang];
  await page.goto(pathIn(lang, '/dashboard/import'));
  const catalog = {
    products: [
      {
        sku,
        name: { ar: `منتج ${sku}`, en: `Product ${sku}` },
        category: 'phones',
        company: 'apple',
        price: 999,
        stock: 4,
        image: 'images/new.png',
      },
    ],
  };
  const archive = zipSync({
    'catalog/catalog.json': new TextEncoder().encode(JSON.stringify(catalog)),
    'catalog/images/new.png': png(40, 30, [200, 30, 90]),
  });
  await page.getByLabel(w.importFile).setInputFiles({
    name: `${sku}.zip`,
    mimeType: 'application/zip',
    buffer: Buffer.from(archive),
  });
  await page.getByRole('button', { name: w.checkFile }).click();
  const current = page.locator('section[aria-labelledby="job-title"]');
  await expect(current.getByText(w.ready)).toBeVisible();
  return { current };
}

/**
 * The back office's product list, searched by the file's SKU, shows no product with it: nothing
 * was imported. (A search may still show near matches, such as another test's file of a similar
 * name, so the SKU itself is what is looked for.)
 */
async function expectNotImported(page: Page, lang: 'ar' | 'en', sku: string) {
  await page.goto(`${pathIn(lang, '/dashboard/products')}?q=${encodeURIComponent(sku)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(sku, { exact: true })).toHaveCount(0);
}

test(`a checked file is discarded instead of imported, after a question that Cancel leaves unanswered (ar)`, async ({
  page,
}) => {
  const w = words.ar;
  await signInToDashboard(page, 'ar', E2E_OWNER);
  const sku = `e2e-discard-ar-${Date.now()}`;
  const { current } = await checkCatalogFile(page, 'ar', sku);
  // Pressed before the page is hydrated, Discard asks on a page of its own (the path without
  // JavaScript, tested below), whose Cancel is a link: this test is about the dialog.
  await waitForHydration(page);
  await current.getByRole('button', { name: w.discard }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(w.discardQuestion);
  await question.getByRole('button', { name: w.cancel }).click();
  await expect(question).toBeHidden();
  await expect(current.getByText(w.ready)).toBeVisible();

  await current.getByRole('button', { name: w.discard }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: w.discardYes }).click();
  await expect(toast(page, w.discardedNotice)).toBeVisible();
  await expect(current.getByText(w.discarded, { exact: true })).toBeVisible();
  await expect(current.getByRole('button', { name: w.startImport })).toHaveCount(0);
  await expectNotImported(page, 'ar', sku);
  // The audit log names what was done in the member's language, not by its code.
  await page.goto(pathIn('ar', '/dashboard/audit'));
  await expect(page.getByText('إلغاء ملف كتالوج').first()).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a checked file is discarded after the question the page itself asks (en)', async ({ page }) => {
    const w = words.en;
    await signInToDashboard(page, 'en', E2E_OWNER, { javaScript: false });
    const sku = `e2e-discard-en-${Date.now()}`;
    const { current } = await checkCatalogFile(page, 'en', sku);
    // The first post only brings the question; nothing has changed yet.
    await current.getByRole('button', { name: w.discard }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(w.discardQuestion);
    await question.getByRole('link', { name: w.cancel }).click();
    await expect(current.getByText(w.ready)).toBeVisible();

    await current.getByRole('button', { name: w.discard }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.discardYes }).click();
    await expect(page.getByRole('status').filter({ hasText: w.discardedNotice })).toBeVisible();
    await expect(current.getByText(w.discarded, { exact: true })).toBeVisible();
    await expect(current.getByRole('button', { name: w.startImport })).toHaveCount(0);
    // The history filtered by status, through its GET form.
    await page.getByLabel('Status', { exact: true }).selectOption({ label: w.discarded });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]status=discarded/);
    const history = page.getByRole('table', { name: 'Earlier imports' });
    await expect(history.getByRole('link', { name: `${sku}.zip` })).toBeVisible();
    await expect(history.getByText(w.ready)).toHaveCount(0);
    await expectNotImported(page, 'en', sku);
  });
});

// The shop has one settings row: the two languages save it one after the other.
test.describe.serial('the import and settings pages', () => {
  for (const lang of ['ar', 'en'] as const) {
    const w = words[lang];
    test(`the import and settings pages open for the owner and pass axe (${lang})`, async ({ page }) => {
      await signInToDashboard(page, lang, E2E_OWNER);
      for (const [path, title] of [
        ['/dashboard/import', w.importTitle],
        ['/dashboard/settings', w.settings],
      ] as const) {
        await page.goto(pathIn(lang, path));
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expectAccessible(page);
      }
      // The settings as loaded save as they are, with one change (one the shop's pages do not show).
      await waitForHydration(page);
      const threshold = String(3 + (lang === 'ar' ? 1 : 2));
      await page.getByLabel(w.lowStock).fill(threshold);
      await page.getByRole('button', { name: w.saveSettings }).click();
      await expect(page.getByText(w.settingsSaved).first()).toBeVisible();
      await page.reload();
      await expect(page.getByLabel(w.lowStock)).toHaveValue(threshold);
      // A VAT number that breaks the ZATCA rule is refused on its field, in the page's language.
      await page.getByLabel(w.vat).fill('123');
      await page.getByRole('button', { name: w.saveSettings }).click();
      await expect(page.getByText(w.vatRule).first()).toBeVisible();
    });
  }
});
