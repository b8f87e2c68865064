/** Messages of ratings and reviews, in both languages; merged into the API's one list. */

export const reviewErrorMessages = {
  REVIEW_NOT_BOUGHT: {
    ar: 'يقيّم المنتجَ من استلمه فقط: لا يوجد طلب مُسلَّم لك فيه هذا المنتج',
    en: 'Only a shopper who received this product can rate it: you have no delivered order with it',
  },
  REVIEW_ALREADY_WRITTEN: {
    ar: 'قيّمت هذا المنتج من قبل، ولكل منتج تقييم واحد',
    en: 'You have already rated this product; each product is rated once',
  },
  REVIEW_RATING_INVALID: {
    ar: 'اختر تقييماً من نجمة واحدة إلى خمس نجوم',
    en: 'Choose a rating from 1 to 5 stars',
  },
  REVIEW_NOT_FOUND: { ar: 'التقييم غير موجود', en: 'The review was not found' },
  REVIEW_ALREADY_APPROVED: { ar: 'هذا التقييم منشور من قبل', en: 'This review is already approved' },
  REVIEW_ALREADY_HIDDEN: { ar: 'هذا التقييم مخفي من قبل', en: 'This review is already hidden' },
} as const;

export const reviewSuccessMessages = {
  REVIEW_SUBMITTED: {
    ar: 'شكراً لتقييمك، سيظهر بعد مراجعته',
    en: 'Thank you for your review; it will appear once it is checked',
  },
  REVIEW_APPROVED: { ar: 'تم نشر التقييم', en: 'The review was approved' },
  REVIEW_HIDDEN: { ar: 'تم إخفاء التقييم', en: 'The review was hidden' },
  REVIEW_REPLIED: { ar: 'تم حفظ الرد', en: 'The reply was saved' },
} as const;
