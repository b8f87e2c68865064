/** Messages of discount codes, in both languages; merged into the API's one list. */

export const discountErrorMessages = {
  DISCOUNT_CODE_INVALID: {
    ar: 'اكتب رمز الخصم: من 3 إلى 32 حرفاً لاتينياً أو رقماً',
    en: 'Enter the discount code: 3 to 32 Latin letters or digits',
  },
  DISCOUNT_CODE_NOT_FOUND: { ar: 'رمز الخصم غير صحيح', en: 'This discount code does not exist' },
  DISCOUNT_CODE_DISABLED: { ar: 'رمز الخصم موقوف', en: 'This discount code is switched off' },
  DISCOUNT_CODE_NOT_STARTED: {
    ar: 'رمز الخصم لم يبدأ بعد؛ يبدأ في {startsAt}',
    en: 'This discount code has not started yet; it starts on {startsAt}',
  },
  DISCOUNT_CODE_EXPIRED: { ar: 'انتهت صلاحية رمز الخصم', en: 'This discount code has expired' },
  DISCOUNT_CODE_USED_UP: {
    ar: 'نفدت مرات استخدام رمز الخصم',
    en: 'This discount code has been used up',
  },
  DISCOUNT_CODE_CUSTOMER_LIMIT: {
    ar: 'استخدمت رمز الخصم هذا بالعدد المسموح لك',
    en: 'You have already used this discount code as many times as allowed',
  },
  DISCOUNT_CODE_FIRST_ORDER: {
    ar: 'رمز الخصم هذا للطلب الأول فقط',
    en: 'This discount code is for a first order only',
  },
  DISCOUNT_CODE_BELOW_MINIMUM: {
    ar: 'رمز الخصم يتطلب مشتريات بقيمة {minimum} على الأقل',
    en: 'This discount code needs a purchase of at least {minimum}',
  },
  DISCOUNT_CODE_OUT_OF_SCOPE: {
    ar: 'رمز الخصم لا يشمل أي منتج في سلتك',
    en: 'This discount code does not cover any product in your cart',
  },
  DISCOUNT_CODE_TAKEN: {
    ar: 'يوجد رمز خصم بهذا الاسم',
    en: 'There is already a discount code with this name',
  },
  DISCOUNT_VALUE_INVALID: {
    ar: 'اكتب نسبة من 1 إلى 100، أو مبلغاً بالريال أكبر من صفر بخانتين عشريتين على الأكثر',
    en: 'Enter a percentage from 1 to 100, or an amount in riyals above zero with at most two decimals',
  },
  DISCOUNT_DATES_INVALID: {
    ar: 'يجب أن يكون وقت الانتهاء بعد وقت البدء',
    en: 'The end must come after the start',
  },
  DISCOUNT_SCOPE_EMPTY: {
    ar: 'اختر فئة أو علامة تجارية أو منتجاً واحداً على الأقل',
    en: 'Choose at least one category, brand or product',
  },
  DISCOUNT_CODE_NOT_WITH_PROMOTION: {
    ar: 'لا يُجمع رمز الخصم هذا مع العروض على منتجات في سلتك',
    en: 'This discount code cannot be combined with the offers on products in your cart',
  },
  PROMOTION_NOT_FOUND: { ar: 'العرض غير موجود', en: 'There is no such promotion' },
  PROMOTION_NAME_INVALID: {
    ar: 'اكتب اسم العرض: من حرف إلى 120 حرفاً',
    en: "Enter the promotion's name: 1 to 120 characters",
  },
  PROMOTION_DATES_REQUIRED: {
    ar: 'اكتب وقت البدء ووقت الانتهاء بتوقيت الرياض',
    en: 'Enter the start and the end, in Riyadh time',
  },
  DISCOUNT_LIMIT_INVALID: {
    ar: 'اكتب عدداً صحيحاً من 1 فأكثر، أو اتركه فارغاً',
    en: 'Enter a whole number from 1, or leave it empty',
  },
} as const;

export const discountSuccessMessages = {
  DISCOUNT_CODE_APPLIED: { ar: 'تم تطبيق رمز الخصم', en: 'Discount code applied' },
  DISCOUNT_CODE_REMOVED: { ar: 'أُزيل رمز الخصم', en: 'Discount code removed' },
  DISCOUNT_CODE_SAVED: { ar: 'تم حفظ رمز الخصم', en: 'Discount code saved' },
  PROMOTION_SAVED: { ar: 'تم حفظ العرض', en: 'Promotion saved' },
} as const;
