import { pathIn, waitForHydration } from './fixtures.ts';
import {
  confirmAfterCancel,
  expect,
  jsModes,
  openPage,
  originHeaders,
  test,
  toast,
  told,
} from './shopper-helpers.ts';

test('address book (ar): empty state, add with the map, modify, delete with confirmation', async ({
  page,
  shopper: _shopper,
}) => {
  await page.goto('/user/addresses');
  await waitForHydration(page);
  await expect(
    page.getByRole('navigation', { name: 'حسابي' }).getByRole('link', { name: 'عناويني' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('لا توجد عناوين حتى الآن')).toBeVisible();
  await page.getByRole('link', { name: 'إضافة عنوان جديد' }).click();
  await expect(page).toHaveURL(/\/user\/add-address$/);
  await waitForHydration(page);

  // The map loads in the browser only; a click places the pin.
  const map = page.locator('.leaflet-container');
  await expect(map).toBeVisible();
  await expect(page.getByText('لم يتم اختيار موقع بعد')).toBeVisible();
  await map.click({ position: { x: 120, y: 100 } });
  await expect(page.getByText(/الموقع المختار/)).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon')).toBeVisible();

  await page.getByLabel('العنوان', { exact: true }).fill('المنزل');
  await page.getByLabel('ملاحظات').fill('حي العليا، شارع الملك فهد');
  await page.getByRole('button', { name: 'إضافة العنوان' }).click();
  await expect(toast(page, 'تم الحفظ بنجاح')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/addresses$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'المنزل' })).toBeVisible();
  await expect(page.getByText('حي العليا، شارع الملك فهد')).toBeVisible();

  await page.getByRole('link', { name: 'تعديل العنوان المنزل' }).click();
  await expect(page).toHaveURL(/\/user\/edit-address\/[0-9a-f-]+$/);
  await waitForHydration(page);
  await expect(page.getByText(/الموقع المختار/)).toBeVisible();
  await page.getByLabel('العنوان', { exact: true }).fill('العمل');
  await page.getByRole('button', { name: 'حفظ العنوان' }).click();
  await expect(toast(page, 'تم التعديل بنجاح')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/addresses$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'العمل' })).toBeVisible();

  await page.getByRole('link', { name: 'حذف العنوان العمل' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('هل أنت متأكد من عملية الحذف؟');
  await question.getByRole('button', { name: 'حذف' }).click();
  await expect(toast(page, 'تم الحذف بنجاح')).toBeVisible();
  await expect(page.getByText('لا توجد عناوين حتى الآن')).toBeVisible();
});

test('an address title is required (en)', async ({ page, shopper: _shopper }) => {
  await page.goto('/en/user/add-address');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(toast(page, 'Please enter a title for the address')).toBeVisible();
  await expect(page.getByLabel('Title')).toBeFocused();
});

const text = {
  ar: {
    deleteLabel: (name: string) => `حذف العنوان ${name}`,
    question: 'هل أنت متأكد من عملية الحذف؟',
    cancel: 'إلغاء',
    delete: 'حذف',
    deleted: 'تم الحذف بنجاح',
    empty: 'لا توجد عناوين حتى الآن',
  },
  en: {
    deleteLabel: (name: string) => `Delete the address ${name}`,
    question: 'Are you sure about the deletion process?',
    cancel: 'Cancel',
    delete: 'Delete',
    deleted: 'Deleted successfully',
    empty: 'There are no addresses yet',
  },
} as const;

for (const lang of ['ar', 'en'] as const) {
  const t = text[lang];
  for (const { js, mode } of jsModes) {
    test.describe(() => {
      test.use({ javaScriptEnabled: js });

      test(`deleting an address asks first; Cancel keeps it, Delete removes it (${lang}, ${mode})`, async ({
        page,
        shopper: _shopper,
        baseURL,
      }) => {
        const added = await page.request.post('/api/v1/users/userAddress/add', {
          data: { name: 'Office', address: 'Olaya Street' },
          headers: originHeaders(baseURL),
        });
        expect(added.status(), await added.text()).toBe(200);
        await openPage(page, pathIn(lang, '/user/addresses'), js);
        const card = page.getByRole('heading', { name: 'Office' });
        await expect(card).toBeVisible();
        await confirmAfterCancel(page, {
          trigger: page.getByRole('link', { name: t.deleteLabel('Office') }),
          question: t.question,
          cancel: t.cancel,
          confirm: t.delete,
          kept: card,
          js,
          pageAddress: /\/user\/addresses$/,
          questionAddress: /\/user\/addresses\?dialog=delete-[0-9a-f-]+$/,
        });
        await expect(told(page, t.deleted, js)).toBeVisible();
        await expect(page.getByText(t.empty)).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/user/addresses')}$`));
        await page.reload();
        await expect(page.getByText(t.empty)).toBeVisible();
      });
    });
  }
}
