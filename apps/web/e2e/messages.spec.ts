import { expectLangDir, pathIn, waitForHydration } from './fixtures.ts';
import { expect, jsModes, openPage, placePaidOrder, test, told } from './shopper-helpers.ts';
import { ownerPage } from './staff-helpers.ts';

/**
 * Messages to shoppers: the shopper picks where order updates reach them; the owner edits a
 * template and reads its preview; the order page lists each message with where it stands. Every
 * form works hydrated and without JavaScript.
 */

const words = {
  ar: {
    messagesTitle: 'الرسائل',
    smsOrders: 'تحديثات الطلبات عبر رسالة نصية',
    save: 'حفظ اختياراتي',
    saved: 'حُفظت اختيارات الرسائل',
    templatesTitle: 'قوالب الرسائل',
    body: 'النص',
    preview: 'معاينة',
    saveTemplate: 'حفظ',
    templateSaved: 'حُفظ القالب',
    edited: 'معدّل',
    reset: 'إرجاع النص الأصلي',
    orderMessages: 'رسائل العميل',
    received: 'استلام الطلب',
    email: 'البريد',
    sent: 'أُرسلت',
  },
  en: {
    messagesTitle: 'Messages',
    smsOrders: 'Order updates by SMS',
    save: 'Save my choices',
    saved: 'Your message choices were saved',
    templatesTitle: 'Message templates',
    body: 'Text',
    preview: 'Preview',
    saveTemplate: 'Save',
    templateSaved: 'Template saved',
    edited: 'Edited',
    reset: 'Back to the default',
    orderMessages: 'Messages to the shopper',
    received: 'Order received',
    email: 'E-mail',
    sent: 'Sent',
  },
} as const;

for (const lang of ['ar', 'en'] as const) {
  for (const { js, mode } of jsModes) {
    test.describe(`${lang}, ${mode}`, () => {
      test.use({ javaScriptEnabled: js });

      test(`the shopper turns on SMS for order updates on the messages page (${lang}, ${mode})`, async ({
        page,
        shopper: _shopper,
      }) => {
        const w = words[lang];
        await openPage(page, pathIn(lang, '/user/messages'), js);
        await expectLangDir(page, lang);
        await expect(page.getByRole('heading', { name: w.messagesTitle, level: 1 })).toBeVisible();
        const sms = page.getByRole('checkbox', { name: w.smsOrders });
        await expect(sms).not.toBeChecked();
        await sms.check();
        await page.getByRole('button', { name: w.save }).click();
        await expect(told(page, w.saved, js)).toBeVisible();
        await openPage(page, pathIn(lang, '/user/messages'), js);
        await expect(page.getByRole('checkbox', { name: w.smsOrders })).toBeChecked();
      });

      test(`the owner edits the shipped SMS, previews it with a sample order and saves it (${lang}, ${mode})`, async ({
        browser,
        baseURL,
      }) => {
        const w = words[lang];
        const page = await ownerPage(browser, baseURL!, lang, js);
        const address = `${pathIn(lang, '/dashboard/messages')}?event=order.shipped&channel=sms&lang=${lang}`;
        await page.goto(address);
        if (js) await waitForHydration(page);
        await expect(page.getByRole('heading', { name: w.templatesTitle, level: 1 })).toBeVisible();
        const marker = `${mode} ${Date.now()}`;
        const body = `<${marker}> {orderNumber} · {carrier} {trackingNumber} · {optOutLink}`;
        await page.getByLabel(w.body).fill(body);
        await page.getByRole('button', { name: w.preview, exact: true }).click();
        const preview = page.getByTestId('message-preview');
        // Placeholders filled from the sample order; the text as typed, markup shown as text.
        await expect(preview).toContainText(`<${marker}> 1042 · SMSA RUH123456 · http`);
        await expect(page.getByLabel(w.body)).toHaveValue(body);
        await page.getByRole('button', { name: w.saveTemplate, exact: true }).click();
        await expect(told(page, w.templateSaved, js)).toBeVisible();
        await page.goto(address);
        await expect(page.getByLabel(w.body)).toHaveValue(body);
        await expect(page.getByText(w.edited, { exact: true })).toBeVisible();
        await expect(page.getByTestId('message-preview')).toContainText(`<${marker}> 1042`);
        if (js) await waitForHydration(page);
        await page.getByRole('button', { name: w.reset }).click();
        await expect(page.getByText(w.edited, { exact: true })).toHaveCount(0);
        await page.context().close();
      });

      test(`the order page lists the shopper's messages with their status (${lang}, ${mode})`, async ({
        page,
        shopper,
        baseURL,
        browser,
      }) => {
        const w = words[lang];
        const { order } = await placePaidOrder(page, shopper, baseURL, { lang, verify: true });
        const owner = await ownerPage(browser, baseURL!, lang, js);
        await owner.goto(pathIn(lang, `/dashboard/orders/${order.invoiceId}`));
        const section = owner
          .getByRole('region', { name: w.orderMessages })
          .or(
            owner.locator('section').filter({ has: owner.getByRole('heading', { name: w.orderMessages }) }),
          );
        await expect(async () => {
          await owner.reload();
          const line = section.getByRole('listitem').filter({ hasText: w.received });
          await expect(line).toContainText(w.email);
          await expect(line).toContainText(w.sent);
        }).toPass({ timeout: 15_000 });
        await owner.context().close();
      });
    });
  }
}
