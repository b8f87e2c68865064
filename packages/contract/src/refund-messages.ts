/** Messages of refunds and credit notes, in both languages; merged into the API's one list. */

export const refundErrorMessages = {
  REFUND_METHOD_NOT_SUPPORTED: {
    ar: 'لا يمكن استرداد أو إلغاء طلب مدفوع عبر تابي أو تمارا من المتجر ما دامت غير مفعّلة فيه؛ استخدم لوحة التاجر لديها',
    en: 'An order paid with Tabby or Tamara cannot be refunded or cancelled from the shop while that provider is not set up; use its merchant dashboard',
  },
  REFUND_UNCAPTURED_WHOLE: {
    ar: 'لم تُحصَّل قيمة هذا الطلب من تابي أو تمارا بعد (يُحصَّل عند الشحن)، فلا يُلغى إلا كاملاً: استرد المبلغ المتبقي كله',
    en: 'Tabby or Tamara has not been charged for this order yet (it is at shipping), so it can only be closed whole: refund all that is left',
  },
  CAPTURE_NOT_OWED: {
    ar: 'لا مبلغ مستحق التحصيل لهذا الطلب: حُصِّل أو أُغلق من قبل',
    en: 'Nothing is owed on this order: it was captured or closed already',
  },
  CAPTURE_UNAVAILABLE: {
    ar: 'تعذّر الوصول إلى مزوّد الدفع الآن؛ سيُعاد التحصيل تلقائياً، أو حاول مرة أخرى بعد قليل',
    en: 'The payment provider cannot be reached now; the capture is retried on its own, or try again shortly',
  },
  CAPTURE_AMOUNT_INVALID: {
    ar: 'أدخل مبلغاً أكبر من صفر وأقل من المبلغ المفوَّض غير المحصَّل',
    en: 'Enter an amount above zero and below what is authorised and not captured',
  },
  REFUND_AMOUNT_INVALID: {
    ar: 'أدخل مبلغاً أكبر من صفر بالريال، بخانتين عشريتين على الأكثر',
    en: 'Enter an amount in riyals above zero, with at most two decimals',
  },
  REFUND_AMOUNT_TOO_LARGE: {
    ar: 'المبلغ أكبر مما بقي من المدفوع لهذا الطلب',
    en: 'The amount is more than what is left of the payment for this order',
  },
  REFUND_REASON_REQUIRED: { ar: 'اكتب سبب الاسترداد', en: 'Write the reason for the refund' },
  REFUND_KEY_INVALID: {
    ar: 'أعد تحميل الصفحة ثم حاول مرة أخرى',
    en: 'Reload the page and try again',
  },
  REFUND_KEY_REUSED: {
    ar: 'هذا الطلب أُرسل من قبل بمبلغ أو تفاصيل مختلفة؛ أعد تحميل الصفحة',
    en: 'This request was already sent with a different amount or details; reload the page',
  },
  REFUND_NOT_REFUNDABLE: {
    ar: 'لا يمكن استرداد مبلغ هذا الطلب: لم يُدفع أو استُرد بالكامل',
    en: 'This order cannot be refunded: it is not paid or already fully refunded',
  },
  REFUND_IN_PROGRESS: {
    ar: 'عضو آخر في الفريق يسترد مبلغاً من هذا الطلب الآن؛ أعد تحميل الصفحة بعد لحظات',
    en: 'Someone else is refunding this order right now; reload the page in a moment',
  },
  REFUND_STOCK_INVALID: {
    ar: 'الكمية المعادة للمخزون أكبر من الكمية التي لم تُعد بعد من هذا البند',
    en: 'The quantity to return is more than what is left to return of this line',
  },
  REFUND_REJECTED: {
    ar: 'رفض مزود الدفع الاسترداد ولم يُسترد أي مبلغ',
    en: 'The payment provider refused the refund; nothing was refunded',
  },
  REFUND_PROVIDER_UNAVAILABLE: {
    ar: 'تعذر الاتصال بمزود الدفع. أعد إرسال النموذج نفسه لإكمال الاسترداد دون تكراره',
    en: 'The payment provider could not be reached. Send the same form again to finish the refund without repeating it',
  },
  REFUND_NOT_FOUND: { ar: 'الاسترداد غير موجود', en: 'The refund was not found' },
} as const;

export const refundSuccessMessages = {
  REFUNDED: { ar: 'تم استرداد المبلغ', en: 'The amount has been refunded' },
  CAPTURED: { ar: 'تم تحصيل المبلغ', en: 'The payment has been captured' },
  CAPTURED_REST_CLOSED: {
    ar: 'حُصِّل المبلغ وأُغلق الباقي',
    en: 'The amount was captured and the rest closed',
  },
} as const;
