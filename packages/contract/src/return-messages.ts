/** Messages of returns, in both languages; merged into the API's one list. */

export const returnErrorMessages = {
  RETURN_NOT_RETURNABLE: {
    ar: 'لا يمكن إرجاع هذا الطلب: يُرجع الطلب المُسلَّم فقط، ولا يُرجع الطلب الملغى أو المسترد بالكامل',
    en: 'This order cannot be returned: only a delivered order can be, not a cancelled or fully refunded one',
  },
  RETURN_WINDOW_CLOSED: {
    ar: 'انتهت مدة الإرجاع لهذا الطلب',
    en: 'The return period for this order has ended',
  },
  RETURN_LINES_REQUIRED: {
    ar: 'اختر منتجاً واحداً على الأقل وكميته',
    en: 'Choose at least one product and its quantity',
  },
  RETURN_QUANTITY_TOO_LARGE: {
    ar: 'الكمية أكبر مما اشتريت من هذا المنتج ولم تطلب إرجاعه بعد',
    en: 'The quantity is more than you bought of this product and have not asked to return yet',
  },
  RETURN_REASON_REQUIRED: { ar: 'اختر سبب الإرجاع', en: 'Choose the reason for the return' },
  RETURN_NOTE_REQUIRED: { ar: 'اكتب سبب الرفض للعميل', en: 'Write the reason for the customer' },
  RETURN_NOT_FOUND: { ar: 'طلب الإرجاع غير موجود', en: 'The return request was not found' },
  RETURN_ALREADY_DECIDED: {
    ar: 'تم قبول طلب الإرجاع هذا أو رفضه من قبل',
    en: 'This return request was already approved or rejected',
  },
  RETURN_NOT_APPROVED: {
    ar: 'لا يُستلم إلا طلب إرجاع مقبول لم يُستلم بعد',
    en: 'Only an approved return not yet received can be marked received',
  },
  RETURN_NOT_RECEIVED: {
    ar: 'لا يُسترد إلا مبلغ طلب إرجاع استُلمت بضاعته ولم يُسترد بعد',
    en: 'Only a return whose goods were received and not yet refunded can be refunded',
  },
} as const;

export const returnSuccessMessages = {
  RETURN_REQUESTED: {
    ar: 'استلمنا طلب الإرجاع وسنرد عليك قريباً',
    en: 'We received your return request and will answer soon',
  },
  RETURN_APPROVED: { ar: 'تم قبول طلب الإرجاع', en: 'The return was approved' },
  RETURN_REJECTED: { ar: 'تم رفض طلب الإرجاع', en: 'The return was rejected' },
  RETURN_RECEIVED: { ar: 'تم تسجيل استلام البضاعة', en: 'The goods were marked received' },
  RETURN_REFUNDED: { ar: 'تم استرداد مبلغ الإرجاع', en: 'The return was refunded' },
} as const;
