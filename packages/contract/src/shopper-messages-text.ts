/** Messages about shopper messages (templates, channels, opt-out), in both languages; merged into the API's one list. */

export const shopperMessageErrorMessages = {
  MESSAGE_TEMPLATE_UNKNOWN_PLACEHOLDER: {
    ar: 'يحتوي القالب على متغير غير معروف لهذا الحدث',
    en: 'The template uses a placeholder this event does not have',
  },
  MESSAGE_TEMPLATE_NEEDS_OPT_OUT: {
    ar: 'يجب أن يحتوي القالب على رابط إيقاف الرسائل {optOutLink}',
    en: 'The template must carry the opt-out link {optOutLink}',
  },
  MESSAGE_TEMPLATE_NEEDS_SUBJECT: { ar: 'عنوان البريد مطلوب', en: 'The e-mail needs a subject' },
  MESSAGE_TEMPLATE_NEEDS_WHATSAPP_NAME: {
    ar: 'اكتب اسم القالب المعتمد في واتساب (أحرف إنجليزية صغيرة وأرقام و _)',
    en: 'Enter the name of the template approved in WhatsApp (lower-case letters, digits and _)',
  },
  OPT_OUT_LINK_INVALID: {
    ar: 'رابط إيقاف الرسائل غير صالح، ولم يتغير شيء. يمكنك اختيار الرسائل من صفحة حسابك',
    en: 'This opt-out link is not valid and nothing was changed. You can choose your messages on your profile page',
  },
  OPT_OUT_LINK_OLD: {
    ar: 'هذا الرابط أقدم من آخر تغيير لاختياراتك، فلم يتغير شيء. يمكنك اختيار الرسائل من صفحة حسابك',
    en: 'This link is older than your latest choice, so nothing was changed. You can choose your messages on your profile page',
  },
} as const;

export const shopperMessageSuccessMessages = {
  MESSAGE_TEMPLATE_SAVED: { ar: 'حُفظ القالب', en: 'Template saved' },
  MESSAGE_TEMPLATE_RESET: { ar: 'أُعيد القالب إلى نصه الأصلي', en: 'Template back to the default wording' },
  MESSAGE_PREFERENCES_SAVED: { ar: 'حُفظت اختيارات الرسائل', en: 'Your message choices were saved' },
  MESSAGE_OPTED_OUT: {
    ar: 'أوقفنا هذه الرسائل على هذه القناة',
    en: 'These messages are stopped on this channel',
  },
  MESSAGE_KEYS_SAVED: { ar: 'حُفظت مفاتيح الرسائل', en: 'Message keys saved' },
} as const;
