/** Messages of the back office's content, settings and catalog files, in both languages. */

export const adminContentErrorMessages = {
  LINK_INVALID: {
    ar: 'الرابط يجب أن يبدأ بـ / (صفحة في المتجر) أو بـ https://',
    en: 'The link must start with / (a page of the shop) or https://',
  },
  NAME_AR_REQUIRED: { ar: 'أدخل الاسم بالعربية', en: 'Enter the Arabic name' },
  NAME_EN_REQUIRED: { ar: 'أدخل الاسم بالإنجليزية', en: 'Enter the English name' },
  COMPANY_AR_REQUIRED: { ar: 'أدخل اسم المؤسسة بالعربية', en: 'Enter the Arabic company name' },
  COMPANY_EN_REQUIRED: { ar: 'أدخل اسم المؤسسة بالإنجليزية', en: 'Enter the English company name' },
  AGENT_PHONE_REQUIRED: { ar: 'أدخل رقم جوال الوكيل', en: "Enter the agent's phone number" },
  MARKDOWN_TOO_LONG: {
    ar: 'النص طويل جداً (100,000 حرف على الأكثر)',
    en: 'The text is too long (100,000 characters at most)',
  },
  TIME_INVALID: { ar: 'الوقت يجب أن يكون بصيغة 24 ساعة مثل 09:00', en: 'Times are 24-hour, like 09:00' },
  AMOUNT_INVALID: {
    ar: 'أدخل مبلغاً صحيحاً غير سالب بخانتين عشريتين على الأكثر',
    en: 'Enter an amount of zero or more with at most two decimals',
  },
  URL_INVALID: { ar: 'الرابط يجب أن يبدأ بـ https://', en: 'The link must start with https://' },
  PAYMENT_METHODS_NONE: {
    ar: 'أبقِ طريقة دفع واحدة على الأقل مفعّلة، وإلا لن يستطيع العملاء الدفع',
    en: 'Keep at least one payment method on, or shoppers cannot pay',
  },
  VAT_NUMBER_INVALID: {
    ar: 'الرقم الضريبي 15 رقماً يبدأ بـ 3 وينتهي بـ 3',
    en: 'The VAT number is 15 digits that start and end with 3',
  },
  SHOP_NAME_REQUIRED: {
    ar: 'أدخل اسم المتجر بالعربية والإنجليزية',
    en: 'Enter the shop name in Arabic and English',
  },
  SHOP_ADDRESS_REQUIRED: {
    ar: 'أدخل عنوان المتجر بالعربية والإنجليزية',
    en: "Enter the shop's address in Arabic and English",
  },
  SELLER_NAME_REQUIRED: {
    ar: 'أدخل اسم البائع بالعربية والإنجليزية',
    en: 'Enter the seller name in Arabic and English',
  },
  SLIDER_IMAGE_REQUIRED: { ar: 'اختر صورة الشريحة بالعربية', en: 'Choose the Arabic slide image' },
  AGENT_IMAGE_REQUIRED: { ar: 'اختر صورة الوكيل', en: "Choose the agent's image" },
  SLIDER_NOT_FOUND: { ar: 'الشريحة غير موجودة', en: 'The slide was not found' },
  AGENT_NOT_FOUND: { ar: 'الوكيل غير موجود', en: 'The agent was not found' },
  CONTENT_ORDER_INVALID: {
    ar: 'الترتيب الجديد يجب أن يضم كل العناصر مرة واحدة',
    en: 'The new order must hold every item once',
  },
  IMPORT_FILE_REQUIRED: { ar: 'اختر ملف الكتالوج', en: 'Choose a catalog file' },
  IMPORT_FILE_UNREADABLE: {
    ar: 'تعذّرت قراءة الملف: يجب أن يكون JSON بصيغة الاستيراد أو CSV بالأعمدة الموثقة',
    en: 'The file could not be read: it must be JSON in the import format or CSV with the documented columns',
  },
  IMPORT_FILE_TOO_LARGE: {
    ar: 'ملف الكتالوج كبير جداً (50 ميجابايت على الأكثر)',
    en: 'The catalog file is too large (50 MB at most)',
  },
  IMPORT_SETTINGS_OWNER_ONLY: {
    ar: 'لا يغيّر إعدادات المتجر إلا المالك: احذف قسم "settings" من الملف، أو اطلب من المالك استيراده',
    en: 'Only an owner can change the shop\'s settings: remove the "settings" section from the file, or ask an owner to import it',
  },
  IMPORT_FILE_TOO_DEEP: {
    ar: 'رُفض الملف: فيه قوائم أو كائنات متداخلة أعمق من 32 مستوى، وملف الكتالوج لا يحتاج إلى ذلك',
    en: 'The file was refused: it nests lists or objects more than 32 levels deep, which no catalog file needs',
  },
  IMPORT_RUNNING: {
    ar: 'يوجد استيراد قيد التشغيل، انتظر حتى ينتهي',
    en: 'An import is already running; wait until it finishes',
  },
  IMPORT_NOT_READY: {
    ar: 'لا يمكن بدء هذا الاستيراد: الملف فيه أخطاء أو بدأ من قبل أو أُلغي',
    en: 'This import cannot start: the file has errors, it was started already or it was discarded',
  },
  IMPORT_DISCARD_NOT_CHECKED: {
    ar: 'لا يُلغى إلا ملف فُحص ولم يُستورد بعد',
    en: 'Only a checked file that has not been imported can be discarded',
  },
  IMPORT_JOB_NOT_FOUND: { ar: 'عملية الاستيراد غير موجودة', en: 'The import was not found' },
  IMPORT_INTERRUPTED: {
    ar: 'توقف الاستيراد لأن المتجر أُعيد تشغيله أثناءه، ابدأه من جديد',
    en: 'The import stopped because the shop restarted during it; start it again',
  },
  IMPORT_FAILED: {
    ar: 'فشل الاستيراد، وبقي ما كُتب قبل الخطأ',
    en: 'The import failed; what was written before the error remains',
  },
  IMPORT_FILE_GONE: {
    ar: 'لم يعد ملف هذا الاستيراد محفوظاً، ارفعه من جديد',
    en: "This import's file is no longer kept; upload it again",
  },
  IMPORT_RETRY_NOT_FAILED: {
    ar: 'لا يُعاد تشغيل إلا استيراد فشل',
    en: 'Only a failed import can be run again',
  },
  IMPORT_ZIP_UNREADABLE: {
    ar: 'تعذّرت قراءة ملف ZIP: يبدو أنه تالف أو ليس ملف ZIP',
    en: 'The ZIP file could not be read: it seems damaged or is not a ZIP file',
  },
  IMPORT_ZIP_TOO_LARGE: {
    ar: 'رُفض ملف ZIP: محتواه بعد فك الضغط أكبر من المسموح (20000 ملف، 50 ميجابايت للملف الواحد، 200 ميجابايت للمجموع)',
    en: 'The ZIP file was refused: unpacked, it holds more than allowed (20,000 files, 50 MB per file, 200 MB in all)',
  },
  IMPORT_ZIP_UNSAFE_PATH: {
    ar: 'رُفض ملف ZIP: فيه مسار يخرج من مجلده (..) أو مسار مطلق',
    en: 'The ZIP file was refused: it holds a path that leaves its folder (..) or an absolute path',
  },
  IMPORT_ZIP_NO_CATALOG: {
    ar: 'يجب أن يحتوي ملف ZIP على ملف كتالوج واحد (JSON أو CSV) بجانب الصور',
    en: 'The ZIP file must hold one catalog file (JSON or CSV) beside the images',
  },
} as const;

export const adminContentSuccessMessages = {
  SLIDER_SAVED: { ar: 'تم حفظ الشريحة', en: 'The slide was saved' },
  SLIDER_REMOVED: { ar: 'تم حذف الشريحة', en: 'The slide was removed' },
  AGENT_SAVED: { ar: 'تم حفظ الوكيل', en: 'The agent was saved' },
  AGENT_REMOVED: { ar: 'تم حذف الوكيل', en: 'The agent was removed' },
  ORDER_SAVED: { ar: 'تم حفظ الترتيب', en: 'The order was saved' },
  INFO_PAGE_SAVED: { ar: 'تم حفظ الصفحة', en: 'The page was saved' },
  SETTINGS_SAVED: { ar: 'تم حفظ الإعدادات', en: 'The settings were saved' },
  IMPORT_CHECKED: { ar: 'تم فحص الملف', en: 'The file was checked' },
  IMPORT_STARTED: { ar: 'بدأ الاستيراد', en: 'The import has started' },
  IMPORT_DISCARDED: {
    ar: 'أُلغي الملف ولم يُستورد منه شيء',
    en: 'The file was discarded; nothing was imported',
  },
} as const;

/**
 * The Arabic of the catalog file checks' messages, which the checks write in English (the
 * command-line importer prints them as they are). A message not listed here is shown in Arabic
 * as "not valid" with the English detail after it.
 */
const importIssueArabic: [RegExp, string][] = [
  [/^must be a text key$/, 'يجب أن يكون مفتاحاً نصياً'],
  [
    /^must be 1–100 letters, digits, dots, dashes or underscores$/,
    'يجب أن يكون من 1 إلى 100 حرف لاتيني أو رقم أو نقطة أو شرطة',
  ],
  [/^must not be empty$/, 'يجب ألا يكون فارغاً'],
  [/^must be Arabic text$/, 'يجب أن يكون نصاً عربياً'],
  [/^must be English text$/, 'يجب أن يكون نصاً إنجليزياً'],
  [/^must be a phone number$/, 'يجب أن يكون رقم هاتف'],
  [/^must be an object with "ar" and "en" texts$/, 'يجب أن يحتوي على نص عربي "ar" ونص إنجليزي "en"'],
  [/^must be a file path$/, 'يجب أن يكون مسار صورة'],
  [/^must be a positive amount$/, 'يجب أن يكون مبلغاً أكبر من صفر'],
  [/^must be an amount$/, 'يجب أن يكون مبلغاً'],
  [/^must not be negative$/, 'يجب ألا يكون سالباً'],
  [/^must be at most (\d+) SAR$/, 'يجب ألا يزيد على $1 ريال'],
  [/^must have at most 2 decimals$/, 'يجب ألا يزيد على خانتين عشريتين'],
  [/^must be a whole number$/, 'يجب أن يكون عدداً صحيحاً'],
  [/^must be true or false$/, 'يجب أن يكون true أو false'],
  [/^must be a list of file paths$/, 'يجب أن يكون قائمة مسارات صور'],
  [/^must hold at most 20 images$/, 'يجب ألا يزيد على 20 صورة'],
  [/^must be below the price$/, 'يجب أن يكون أقل من السعر'],
  [
    /^must be a date and time with its offset, like (\S+)$/,
    'يجب أن يكون تاريخاً ووقتاً مع فرق التوقيت، مثل $1',
  ],
  [/^must go with an offer price$/, 'يجب أن يرافقه سعر عرض'],
  [/^must be after the offer's start$/, 'يجب أن يكون بعد بداية العرض'],
  [/^must be a link$/, 'يجب أن يكون رابطاً'],
  [/^must be a shop path starting with \/ or an https:\/\/ address$/, 'يجب أن يبدأ بـ / أو https://'],
  [/^must be an https:\/\/ address$/, 'يجب أن يكون رابطاً يبدأ بـ https://'],
  [
    /^must be a number in international form or an https:\/\/ address$/,
    'يجب أن يكون رقماً بالصيغة الدولية أو رابطاً يبدأ بـ https://',
  ],
  [
    /^must be a 15-digit VAT number that starts and ends with 3$/,
    'يجب أن يكون رقماً ضريبياً من 15 رقماً يبدأ وينتهي بـ 3',
  ],
  [/^unknown fields? (.+)$/, 'حقل غير معروف $1'],
  [/^used twice \(also by row (\d+)\)$/, 'مكرر (مستخدم أيضاً في الصف $1)'],
  [/^used twice \(also by product (.+)\)$/, 'مكرر (مستخدم أيضاً في المنتج $1)'],
  [/^used twice \(also by (.+)\)$/, 'مكرر (مستخدم أيضاً في $1)'],
  [/^used by product (.+) in the shop$/, 'مستخدم في المتجر للمنتج $1'],
  [/^must hold at most (\d+) options$/, 'يجب ألا يزيد على $1 خيارات'],
  [/^must be given with options$/, 'يجب ذكر المتغيرات مع الخيارات'],
  [/^must hold at least one value$/, 'يجب أن يحتوي على قيمة واحدة على الأقل'],
  [/^must be a colour as #rrggbb$/, 'يجب أن يكون لوناً بالصيغة #rrggbb'],
  [/^must be left out: only a colour option has swatches$/, 'يجب حذفه: عينة اللون لخيار اللون فقط'],
  [/^must be left out: each variant has its own$/, 'يجب حذفه: لكل متغير قيمته الخاصة'],
  [/^must be "text" or "colour"$/, 'يجب أن يكون "text" أو "colour"'],
  [/^must be a list of (values|options|variants)$/, 'يجب أن يكون قائمة'],
  [/^must be the English name of a value$/, 'يجب أن يكون الاسم الإنجليزي لقيمة'],
  [/^must be text$/, 'يجب أن يكون نصاً'],
  [/^must be at most 50 characters$/, 'يجب ألا يزيد على 50 حرفاً'],
  [/^unknown option (.+)$/, 'خيار لم يُعرَّف في المنتج $1'],
  [/^unknown value (.+) of option (.+)$/, 'القيمة $1 لم تُعرَّف في الخيار $2'],
  [/^no value for option (.+)$/, 'لا توجد قيمة للخيار $1'],
  [/^the same options as variant (.+)$/, 'قيم الخيارات نفسها للمتغير $1'],
  [
    /^must be the same as on line (\d+): the rows of one product agree on it$/,
    'يجب أن يطابق السطر $1: أسطر المنتج الواحد تتفق عليه',
  ],
  [
    /^must be the same as on line (\d+): the rows of one value agree on it$/,
    'يجب أن يطابق السطر $1: أسطر القيمة الواحدة تتفق عليه',
  ],
  [/^unknown category (.+)$/, 'تصنيف غير موجود $1'],
  [/^unknown company (.+)$/, 'علامة تجارية غير موجودة $1'],
  [
    /^must be the path of an image already in the shop \(\/uploads\/…\)$/,
    'يجب أن يكون مسار صورة موجودة في المتجر (/uploads/…)',
  ],
  [/^file not found in the ZIP file: (.+)$/, 'الملف غير موجود في ملف ZIP: $1'],
  [/^not a JPEG, PNG or WebP image: (.+)$/, 'ليست صورة JPEG أو PNG أو WebP: $1'],
  [/^image larger than 2 MB: (.+)$/, 'الصورة أكبر من 2 ميجابايت: $1'],
  [/^image with too many pixels: (.+)$/, 'أبعاد الصورة كبيرة جداً: $1'],
  [/^category (.+) has no specification (.+)$/, 'لا توجد في التصنيف $1 مواصفة باسم $2'],
  [/^must be a number$/, 'يجب أن يكون رقماً'],
  [/^must be one of the specification’s values$/, 'يجب أن يكون إحدى قيم المواصفة'],
  [
    /^must be text in both languages \({ "ar", "en" }\) or one text for both$/,
    'يجب أن يكون نصاً باللغتين ({ "ar", "en" }) أو نصاً واحداً لهما',
  ],
  [/^must be "number", "choice" or "text"$/, 'يجب أن يكون "number" أو "choice" أو "text"'],
  [/^must list the values of a "choice" specification$/, 'يجب أن تُذكر قيم مواصفة الخيارات "choice"'],
  [
    /^must not name a specification twice \(by its English name\)$/,
    'يجب ألا تتكرر مواصفة (باسمها الإنجليزي)',
  ],
  [/^(.+)$/, 'القيمة غير صحيحة ($1)'],
];

/** A catalog file check's message in the member's language. */
export function importIssueMessage(message: string, lang: 'ar' | 'en'): string {
  if (lang === 'en') return message;
  for (const [pattern, arabic] of importIssueArabic)
    if (pattern.test(message)) return message.replace(pattern, arabic);
  return message;
}
