import { adminSettingsInputSchema, fulfilmentStatuses, type Lang } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { answerForm, submitAction } from '../../../lib/form-action.server.ts';
import { localizePath } from '../../../lib/lang.ts';
import { requestLang } from '../../../lib/route-lang.ts';

/** What the form posts, before the API's schema reads amounts and numbers out of the text. */
type SettingsForm = z.input<typeof adminSettingsInputSchema>;

/** The form's flat field names for a path of the API's input (`shopName.ar` → `shopNameAr`). */
export function fieldOf(path: readonly PropertyKey[]): string {
  const [head, next, third] = path.map(String);
  if (head === 'socialLinks' && next) return `social_${next}`;
  if (head === 'fulfilmentLabels' && next) return `label_${next}_${third ?? 'ar'}`;
  if (head === 'phones') return 'phone1';
  if (head === 'openingHours' && next) return next === 'days' ? 'days' : next;
  if (next === 'ar' || next === 'en') return `${head}${next === 'ar' ? 'Ar' : 'En'}`;
  return head ?? '';
}

/**
 * The settings form's fields as the API's input. A payment key's field left empty keeps the
 * saved key (it is never shown, so an empty field means "unchanged"); its "remove" box empties it.
 */
export function settingsInput(values: Record<string, string>, form: FormData): SettingsForm {
  const text = (name: string) => values[name] ?? '';
  const key = (name: string) => (form.get(`remove_${name}`) ? '' : text(name).trim() || undefined);
  const threshold = text('freeShippingThreshold').trim();
  return {
    shopName: { ar: text('shopNameAr'), en: text('shopNameEn') },
    phones: ['phone1', 'phone2', 'phone3']
      .map(text)
      .map((p) => p.trim())
      .filter(Boolean),
    email: text('email'),
    whatsapp: text('whatsapp'),
    address: { ar: text('addressAr'), en: text('addressEn') },
    openingHours: {
      days: form.getAll('days').map(String) as SettingsForm['openingHours'] extends
        { days: infer D } | undefined
        ? D
        : never,
      opens: text('opens'),
      closes: text('closes'),
    },
    socialLinks: {
      x: text('social_x'),
      instagram: text('social_instagram'),
      snapchat: text('social_snapchat'),
      tiktok: text('social_tiktok'),
    },
    shippingFee: text('shippingFee'),
    freeShippingThreshold: threshold === '' ? null : threshold,
    sellerName: { ar: text('sellerNameAr'), en: text('sellerNameEn') },
    taxNumber: text('taxNumber'),
    commercialRegister: text('commercialRegister'),
    lowStockThreshold: text('lowStockThreshold'),
    // A form without the field (an older page still open) leaves the window as it is.
    returnHours: form.has('returnHours') ? text('returnHours') : undefined,
    abandonedCartHours: form.has('abandonedCartHours') ? text('abandonedCartHours') : undefined,
    // A hidden "0" is posted before the box's "1": a form without the field leaves it as it is.
    nationalAddressRequired: form.has('nationalAddressRequired')
      ? form.getAll('nationalAddressRequired').includes('1')
      : undefined,
    // The form without these fields (an older page still open) leaves the labels as they are.
    fulfilmentLabels: form.has('label_preparing_ar')
      ? (Object.fromEntries(
          fulfilmentStatuses.map((status) => [
            status,
            { ar: text(`label_${status}_ar`), en: text(`label_${status}_en`) },
          ]),
        ) as SettingsForm['fulfilmentLabels'])
      : undefined,
    // Radio buttons: a form without them (an older page still open) leaves the choice as it is.
    captureDeadlineAction: form.has('captureDeadlineAction')
      ? (text('captureDeadlineAction') as SettingsForm['captureDeadlineAction'])
      : undefined,
    moyasarSecretKey: key('moyasarSecretKey'),
    moyasarPublishableKey: key('moyasarPublishableKey'),
    moyasarWebhookSecret: key('moyasarWebhookSecret'),
    tabbySecretKey: key('tabbySecretKey'),
    tabbyMerchantCode: key('tabbyMerchantCode'),
    tabbyWebhookSecret: key('tabbyWebhookSecret'),
    tamaraApiToken: key('tamaraApiToken'),
    tamaraNotificationKey: key('tamaraNotificationKey'),
    // The switches post only the ticked methods; the hidden field says they were on the page.
    paymentMethodsOn: form.has('paymentMethodsShown')
      ? (form.getAll('paymentMethodsOn').map(String) as SettingsForm['paymentMethodsOn'])
      : undefined,
    unifonicAppSid: key('unifonicAppSid'),
    unifonicSenderId: key('unifonicSenderId'),
    whatsappToken: key('whatsappToken'),
    whatsappPhoneNumberId: key('whatsappPhoneNumberId'),
    whatsappAppSecret: key('whatsappAppSecret'),
    whatsappVerifyToken: key('whatsappVerifyToken'),
  };
}

/** The settings form: checked as the API checks it, then saved by the shop (owner, audited). */
export async function settingsAction(request: Request, context: AppLoadContext) {
  const lang: Lang = requestLang(request);
  const result = await submitAction(request, {
    schema: adminSettingsInputSchema,
    input: settingsInput,
    fieldOf,
    run: (input) => context.backOffice(lang).content.saveSettings(input),
  });
  return answerForm(request, result, { back: localizePath('/dashboard/settings', lang) });
}
