/** Messages of e-invoicing (ZATCA phase 2), in both languages; merged into the API's one list. */

export const einvoiceErrorMessages = {
  EINVOICE_NOT_FOUND: { ar: 'المستند الإلكتروني غير موجود', en: 'The e-invoice was not found' },
  EINVOICE_NOT_REPORTABLE: {
    ar: 'هذا المستند أُبلغ عنه من قبل ولا يُرسل مرة أخرى',
    en: 'This document has already been reported and is not sent again',
  },
  EINVOICE_FIELD_REQUIRED: { ar: 'هذا الحقل مطلوب', en: 'This field is required' },
  EINVOICE_OTP_INVALID: {
    ar: 'أدخل رمز التحقق المكوّن من ٦ أرقام من بوابة فاتورة',
    en: 'Enter the 6-digit one-time password from the Fatoora portal',
  },
  EINVOICE_VAT_INVALID: {
    ar: 'الرقم الضريبي ١٥ رقماً يبدأ بـ٣ وينتهي بـ٣',
    en: 'The VAT number is 15 digits beginning and ending with 3',
  },
  EINVOICE_CRN_INVALID: {
    ar: 'رقم السجل التجاري ١٠ أرقام',
    en: 'The commercial registration number is 10 digits',
  },
  EINVOICE_BUILDING_INVALID: { ar: 'رقم المبنى ٤ أرقام', en: 'The building number is 4 digits' },
  EINVOICE_POSTAL_INVALID: { ar: 'الرمز البريدي ٥ أرقام', en: 'The postal code is 5 digits' },
  EINVOICE_ONBOARDING_REFUSED: {
    ar: 'رفضت هيئة الزكاة والضريبة والجمارك طلب الربط؛ تحقق من رمز التحقق والبيانات ثم أعد المحاولة',
    en: 'ZATCA refused the onboarding; check the one-time password and the details and try again',
  },
  EINVOICE_FATOORA_UNAVAILABLE: {
    ar: 'تعذر الاتصال بمنصة فاتورة؛ أعد المحاولة بعد قليل',
    en: 'The Fatoora platform could not be reached; try again shortly',
  },
} as const;

export const einvoiceSuccessMessages = {
  EINVOICE_ONBOARDED: {
    ar: 'تم ربط وحدة التوقيع بمنصة فاتورة، وستصدر الفواتير الإلكترونية من الآن',
    en: 'The signing unit is connected to Fatoora; e-invoices are issued from now on',
  },
  EINVOICE_REQUEUED: {
    ar: 'سيُرسل المستند إلى منصة فاتورة مرة أخرى خلال لحظات',
    en: 'The document will be sent to Fatoora again in a moment',
  },
} as const;

/** Each status in both languages. */
export const einvoiceStatusLabels = {
  queued: { ar: 'بانتظار الإبلاغ', en: 'Waiting to be reported' },
  reported: { ar: 'تم الإبلاغ', en: 'Reported' },
  reported_with_warnings: { ar: 'تم الإبلاغ مع تحذيرات', en: 'Reported with warnings' },
  rejected: { ar: 'مرفوض', en: 'Rejected' },
} as const;
