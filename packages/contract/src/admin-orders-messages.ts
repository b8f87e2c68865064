/** Messages of the back office's orders, in both languages; merged into the API's one list. */

export const adminOrderErrorMessages = {
  ORDER_ALREADY_SHIPPED: {
    ar: 'تم تعليم هذا الطلب كمشحون من قبل',
    en: 'This order is already marked as shipped',
  },
  ORDER_NOT_SHIPPABLE: {
    ar: 'لا يمكن شحن هذا الطلب: يُشحن الطلب المدفوع الذي لم يُشحن ولم يُسلَّم بعد',
    en: 'This order cannot be shipped: only a paid order not yet shipped or delivered can be',
  },
  ORDER_ALREADY_DELIVERED: {
    ar: 'تم تعليم هذا الطلب كمُسلَّم من قبل',
    en: 'This order is already marked as delivered',
  },
  ORDER_NOT_DELIVERABLE: {
    ar: 'لا يمكن تسليم هذا الطلب: يُسلَّم الطلب المدفوع أو المشحون فقط',
    en: 'This order cannot be delivered: only a paid or shipped order can be',
  },
  ORDER_ALREADY_CANCELLED: {
    ar: 'تم إلغاء هذا الطلب من قبل',
    en: 'This order is already cancelled',
  },
  ORDER_NOT_CANCELLABLE: {
    ar: 'لا يمكن إلغاء هذا الطلب: يُلغى الطلب الذي ينتظر الدفع فقط',
    en: 'This order cannot be cancelled: only an order awaiting payment can be',
  },
  ORDER_FULFILMENT_BACKWARD: {
    ar: 'لا يمكن إرجاع الطلب إلى حالة سابقة: تتقدم حالة الطلب إلى الأمام فقط',
    en: 'An order cannot go back to an earlier status: it only moves forward',
  },
  ORDER_FULFILMENT_SAME: {
    ar: 'الطلب في هذه الحالة من قبل',
    en: 'The order already has this status',
  },
  ORDER_NOT_FULFILLABLE: {
    ar: 'لا يمكن تغيير حالة هذا الطلب: تتغير حالة الطلب المدفوع غير الملغي فقط',
    en: 'This order’s status cannot change: only a paid order that is not cancelled can move',
  },
  ORDER_SHIPPED_NOT_CANCELLABLE: {
    ar: 'لا يمكن إلغاء طلب تم شحنه: استخدم الاسترداد بدلاً من ذلك',
    en: 'A shipped order cannot be cancelled: refund it instead',
  },
  FULFILMENT_STATUS_INVALID: { ar: 'اختر حالة صحيحة', en: 'Choose a valid status' },
  CARRIER_REQUIRED: { ar: 'أدخل اسم شركة الشحن', en: 'Enter the carrier' },
  TRACKING_NUMBER_REQUIRED: { ar: 'أدخل رقم التتبع', en: 'Enter the tracking number' },
  TRACKING_URL_INVALID: {
    ar: 'رابط التتبع يجب أن يبدأ بـ https://',
    en: 'The tracking link must start with https://',
  },
  FULFILMENT_LABEL_REQUIRED: {
    ar: 'أدخل اسم الحالة (حتى ٤٠ حرفاً)',
    en: 'Enter the status name (up to 40 characters)',
  },
  ORDERS_REQUIRED: { ar: 'اختر طلباً واحداً على الأقل', en: 'Choose at least one order' },
} as const;

export const adminOrderSuccessMessages = {
  ORDER_FULFILMENT_CHANGED: { ar: 'تم تحديث حالة الطلب', en: 'The order’s status is updated' },
  ORDERS_FULFILMENT_CHANGED: { ar: 'تم تحديث حالة الطلبات المحددة', en: 'The chosen orders are updated' },
  ORDER_CANCELLED_REFUNDED: {
    ar: 'تم إلغاء الطلب ورد المبلغ كاملاً وإعادة كمياته إلى المخزون',
    en: 'The order is cancelled, refunded in full, and its stock is back on sale',
  },
  ORDER_SHIPPED: { ar: 'تم تعليم الطلب كمشحون', en: 'The order is marked as shipped' },
  ORDER_DELIVERED: { ar: 'تم تعليم الطلب كمُسلَّم', en: 'The order is marked as delivered' },
  ORDER_CANCELLED: {
    ar: 'تم إلغاء الطلب وإعادة كمياته إلى المخزون',
    en: 'The order is cancelled and its stock is back on sale',
  },
} as const;
