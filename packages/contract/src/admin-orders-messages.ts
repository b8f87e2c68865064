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
} as const;

export const adminOrderSuccessMessages = {
  ORDER_SHIPPED: { ar: 'تم تعليم الطلب كمشحون', en: 'The order is marked as shipped' },
  ORDER_DELIVERED: { ar: 'تم تعليم الطلب كمُسلَّم', en: 'The order is marked as delivered' },
  ORDER_CANCELLED: {
    ar: 'تم إلغاء الطلب وإعادة كمياته إلى المخزون',
    en: 'The order is cancelled and its stock is back on sale',
  },
} as const;
