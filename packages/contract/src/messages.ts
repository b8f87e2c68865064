/** Languages and every message the API answers, in both: no schemas, safe for any bundle. */

import { adminContentErrorMessages, adminContentSuccessMessages } from './admin-content-messages.ts';
import { adminErrorMessages, adminSuccessMessages } from './admin-messages.ts';
import { adminOrderErrorMessages, adminOrderSuccessMessages } from './admin-orders-messages.ts';
import { refundErrorMessages, refundSuccessMessages } from './refund-messages.ts';
import { returnErrorMessages, returnSuccessMessages } from './return-messages.ts';
import { reviewErrorMessages, reviewSuccessMessages } from './review-messages.ts';
import { einvoiceErrorMessages, einvoiceSuccessMessages } from './einvoice-messages.ts';
import { catalogAdminErrorMessages, catalogAdminSuccessMessages } from './admin-catalog-messages.ts';
import { shopperMessageErrorMessages, shopperMessageSuccessMessages } from './shopper-messages-text.ts';
import { discountErrorMessages, discountSuccessMessages } from './discount-messages.ts';

/** Languages the shop speaks. Arabic is the default and the fallback. */
export const languages = ['ar', 'en'] as const;
export type Lang = (typeof languages)[number];
export const defaultLang: Lang = 'ar';

type Messages = Readonly<Record<Lang, string>>;

/**
 * Every error the API can answer, with a stable code and its message in both languages
 * (docs/requirements/rules.md). Clients switch on `code`; people read `message`.
 */
export const errorMessages = {
  // generic
  VALIDATION_FAILED: { ar: 'البيانات المرسلة غير صحيحة', en: 'The data sent is not valid' },
  NOT_FOUND: { ar: 'العنصر المطلوب غير موجود', en: 'The requested item was not found' },
  ROUTE_NOT_FOUND: { ar: 'هذا المسار غير موجود', en: 'This path does not exist' },
  UNAUTHORIZED: { ar: 'سجّل الدخول أولاً', en: 'Log in first' },
  FORBIDDEN: { ar: 'لا تملك صلاحية هذا الإجراء', en: 'You are not allowed to do this' },
  CSRF_REJECTED: {
    ar: 'تم رفض الطلب لأنه لم يصدر من هذا الموقع',
    en: 'The request was refused because it did not come from this site',
  },
  RATE_LIMITED: {
    ar: 'طلبات كثيرة، حاول مرة أخرى بعد قليل',
    en: 'Too many requests, please try again shortly',
  },
  PAYLOAD_TOO_LARGE: { ar: 'حجم البيانات المرسلة كبير جداً', en: 'The data sent is too large' },
  UNSUPPORTED_MEDIA_TYPE: {
    ar: 'نوع المحتوى غير مدعوم',
    en: 'This content type is not supported',
  },
  INTERNAL: {
    ar: 'حدث خطأ غير متوقع، حاول مرة أخرى',
    en: 'Something went wrong, please try again',
  },
  SERVICE_UNAVAILABLE: {
    ar: 'الخدمة غير متاحة حالياً',
    en: 'The service is not available right now',
  },
  STORAGE_FULL: {
    ar: 'مساحة التخزين ممتلئة، لم يُحفظ الملف. أبلغ مسؤول المتجر',
    en: 'The storage is full and the file was not saved. Tell the shop’s administrator',
  },
  SERVER_BUSY: {
    ar: 'المتجر مشغول الآن، حاول مرة أخرى بعد لحظات',
    en: 'The shop is busy right now, please try again in a moment',
  },

  // login
  LOGIN_EMAIL_REQUIRED: { ar: 'تأكد من البريد الإلكتروني', en: 'Make sure of the email' },
  PASSWORD_REQUIRED: { ar: 'من فضلك أدخل كلمة المرور', en: 'Please enter the password' },
  LOGIN_FAILED: {
    ar: 'خطأ في البريد الإلكتروني أو كلمة المرور',
    en: 'Error in email or password',
  },
  ACCOUNT_DISABLED: {
    ar: 'خطأ في البريد الإلكتروني أو كلمة المرور',
    en: 'Error in email or password',
  },
  ACCOUNT_SUSPENDED: {
    ar: 'تم إيقاف حسابك من قبل المتجر. تواصل معنا لإعادة تفعيله',
    en: 'Your account has been deactivated by the shop. Contact us to have it reactivated',
  },

  // registration
  NAME_REQUIRED: { ar: 'من فضلك أدخل الاسم', en: 'Please enter the name' },
  NAME_TOO_LONG: { ar: 'الاسم طويل جداً', en: 'The name is too long' },
  PHONE_INVALID: { ar: 'من فضلك أدخل رقم جوال صحيح', en: 'Please enter a valid mobile number' },
  EMAIL_REQUIRED: { ar: 'من فضلك أدخل البريد الإلكتروني', en: 'Please enter the e-mail' },
  EMAIL_INVALID: {
    ar: 'من فضلك أدخل بريداً إلكترونياً صحيحاً',
    en: 'Please enter a valid e-mail',
  },
  PASSWORD_TOO_SHORT: {
    ar: 'كلمة المرور يجب أن تكون 8 أحرف على الأقل',
    en: 'The password must be at least 8 characters',
  },
  PASSWORD_TOO_LONG: {
    ar: 'كلمة المرور يجب ألا تزيد عن 128 حرفاً',
    en: 'The password must be at most 128 characters',
  },
  PASSWORD_CONFIRMATION_REQUIRED: {
    ar: 'من فضلك أدخل تأكيد كلمة المرور',
    en: 'Please enter the password confirmation',
  },
  PASSWORD_CONFIRMATION_MISMATCH: {
    ar: 'من فضلك تأكد من تطابق كلمة المرور',
    en: 'Please confirm the password',
  },
  EMAIL_EXISTS: { ar: 'هذا البريد الإلكتروني موجود بالفعل', en: 'This e-mail already exists' },
  PHONE_EXISTS: { ar: 'رقم الجوال هذا موجود بالفعل', en: 'This phone already exists' },
  NAME_EXISTS: { ar: 'هذا الاسم موجود بالفعل', en: 'This name already exists' },

  // account
  PASSWORD_INCORRECT: { ar: 'كلمة المرور غير صحيحة', en: 'The password is incorrect' },
  DATA_INCOMPLETE: { ar: 'من فضلك أكمل البيانات', en: 'Please complete the data' },
  PASSWORD_CHANGE_MISMATCH: {
    ar: 'تأكيد كلمة المرور غير صحيح',
    en: 'Password confirmation is incorrect',
  },
  DELETE_PASSWORD_REQUIRED: {
    ar: 'أدخل كلمة المرور لتأكيد حذف الحساب',
    en: 'Enter the password to confirm account deletion',
  },
  UPDATE_FAILED: { ar: 'فشلت عملية التحديث', en: 'Update operation failed' },
  EDIT_FAILED: { ar: 'فشل في عملية التعديل', en: 'Failure in the edit process' },
  USER_NOT_FOUND: { ar: 'المستخدم غير موجود', en: 'The user was not found' },
  CURRENT_PASSWORD_REQUIRED: {
    ar: 'أدخل كلمة المرور الحالية لتغيير البريد الإلكتروني أو رقم الجوال',
    en: 'Enter your current password to change the e-mail or mobile number',
  },
  EMAIL_CHANGE_TOKEN_INVALID: {
    ar: 'رابط تأكيد البريد الإلكتروني غير صالح أو منتهي الصلاحية',
    en: 'The e-mail confirmation link is invalid or has expired',
  },
  RESET_TOKEN_INVALID: {
    ar: 'رابط إعادة التعيين غير صالح أو منتهي الصلاحية',
    en: 'The reset link is invalid or has expired',
  },

  // uploads
  IMAGE_INVALID: {
    ar: 'الصورة يجب أن تكون بصيغة JPEG أو PNG أو WebP',
    en: 'The image must be a JPEG, PNG or WebP file',
  },
  IMAGE_TOO_LARGE: {
    ar: 'حجم الصورة كبير جداً (الحد الأقصى 2 ميجابايت)',
    en: 'The image is too large (2 MB at most)',
  },
  IMAGE_TOO_MANY_PIXELS: {
    ar: 'أبعاد الصورة كبيرة جداً',
    en: 'The image dimensions are too large',
  },

  // listings
  FACET_INVALID: {
    ar: 'عامل التصفية غير صحيح',
    en: 'The filter is not valid',
  },

  // cart
  PRODUCT_NOT_FOUND: { ar: 'المنتج غير موجود', en: 'The product was not found' },
  OUT_OF_STOCK: { ar: 'المنتج غير متوفر حالياً', en: 'The product is out of stock' },
  VARIANT_REQUIRED: {
    ar: 'اختر الخيارات (مثل السعة واللون) قبل الإضافة إلى السلة',
    en: 'Choose the options (such as storage and colour) before adding to the cart',
  },
  VARIANT_NOT_FOUND: {
    ar: 'هذا الاختيار غير متوفر لهذا المنتج',
    en: 'This choice is not available for this product',
  },
  QUANTITY_INVALID: {
    ar: 'الكمية يجب أن تكون رقماً صحيحاً لا يقل عن 1',
    en: 'The quantity must be a whole number of at least 1',
  },
  QUANTITY_OVER_STOCK: {
    ar: 'الكمية المطلوبة أكبر من المتوفر',
    en: 'The quantity requested is more than we have in stock',
  },
  CART_EMPTY: { ar: 'لا توجد منتجات في السلة', en: 'There are no products in the cart' },
  QUANTITY_OVER_LIMIT: {
    ar: 'يمكنك طلب 10 قطع كحد أقصى من المنتج الواحد',
    en: 'You can order at most 10 of one product',
  },
  CART_ITEM_NOT_FOUND: { ar: 'المنتج غير موجود في السلة', en: 'This product is not in the cart' },

  // addresses
  ADD_FAILED: { ar: 'فشلت عملية الإضافة', en: 'Failure of the add operation' },
  ADDRESS_NOT_FOUND: { ar: 'العنوان غير موجود', en: 'The address was not found' },
  ADDRESS_NAME_REQUIRED: { ar: 'من فضلك أدخل اسماً للعنوان', en: 'Please enter a title for the address' },
  COORDINATES_INVALID: { ar: 'موقع الخريطة غير صحيح', en: 'The map location is not valid' },
  TEXT_TOO_LONG: { ar: 'النص طويل جداً', en: 'The text is too long' },
  TEXT_CONTROL_CHARACTERS: {
    ar: 'النص يحتوي على رموز غير مسموح بها',
    en: 'The text contains characters that are not allowed',
  },
  SHORT_ADDRESS_INVALID: {
    ar: 'العنوان المختصر أربعة أحرف إنجليزية وأربعة أرقام، مثل RRRD2929',
    en: 'The short address is four letters and four digits, such as RRRD2929',
  },
  BUILDING_NUMBER_INVALID: { ar: 'رقم المبنى أربعة أرقام', en: 'The building number is 4 digits' },
  POSTAL_CODE_INVALID: { ar: 'الرمز البريدي خمسة أرقام', en: 'The postal code is 5 digits' },
  ADDITIONAL_NUMBER_INVALID: { ar: 'الرقم الإضافي أربعة أرقام', en: 'The additional number is 4 digits' },
  ADDRESS_LIMIT: {
    ar: 'وصلت إلى الحد الأقصى لعدد العناوين (50)',
    en: 'You have reached the maximum number of addresses (50)',
  },

  // wishlist
  WISHLIST_LIMIT: {
    ar: 'وصلت إلى الحد الأقصى للمفضلة (200 منتج)',
    en: 'Your wishlist is full (200 products at most)',
  },
  WISHLIST_ITEM_NOT_FOUND: { ar: 'المنتج غير موجود في المفضلة', en: 'This product is not in your wishlist' },
  STILL_IN_STOCK: {
    ar: 'هذا المنتج متوفر الآن، يمكنك إضافته إلى السلة',
    en: 'This product is in stock now: you can add it to your cart',
  },

  // checkout and payments
  ORDER_NOT_FOUND: { ar: 'الطلب غير موجود', en: 'The order was not found' },
  PAYMENT_NOT_VERIFIED: {
    ar: 'لم يتم التحقق من الدفع',
    en: 'The payment could not be verified',
  },
  PAYMENT_FAILED: { ar: 'فشلت عملية الدفع', en: 'The payment failed' },
  PAYMENT_AMOUNT_MISMATCH: {
    ar: 'مبلغ الدفع لا يطابق قيمة الطلب',
    en: 'The amount paid does not match the order total',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    ar: 'تعذر الاتصال بمزود الدفع، سنعيد المحاولة تلقائياً',
    en: 'The payment provider could not be reached; we will retry automatically',
  },
  ORDER_EXPIRED: {
    ar: 'انتهت مهلة دفع هذا الطلب',
    en: 'The time to pay for this order has run out',
  },
  METRICS_UNAUTHORIZED: { ar: 'رمز المقاييس مفقود أو غير صحيح', en: 'The metrics token is missing or wrong' },
  WEBHOOK_UNAUTHORIZED: { ar: 'رمز التحقق غير صحيح', en: 'The verification token is wrong' },
  ADDRESS_REQUIRED: { ar: 'من فضلك اختر عنوان التوصيل', en: 'Please choose a delivery address' },
  NATIONAL_ADDRESS_REQUIRED: {
    ar: 'أكمل العنوان الوطني لهذا العنوان (العنوان المختصر على الأقل) قبل إتمام الطلب',
    en: "Complete this address's national address (at least the short address) before placing the order",
  },
  ORDER_NOT_PAYABLE: {
    ar: 'لا يمكن دفع هذا الطلب، أنشئ طلباً جديداً من السلة',
    en: 'This order can no longer be paid; place a new order from the cart',
  },
  ORDER_ALREADY_PAID: {
    ar: 'هذا الطلب مدفوع مسبقاً، وسيتم استرداد الدفعة الإضافية',
    en: 'This order is already paid; the extra payment will be refunded',
  },
  ORDER_EXPIRED_REFUNDED: {
    ar: 'انتهت مهلة الطلب ونفدت الكمية، وسيتم استرداد المبلغ',
    en: 'The order expired and the products sold out; the payment will be refunded',
  },
  PAYMENT_NOT_FOUND: { ar: 'عملية الدفع غير موجودة', en: 'The payment was not found' },
  PAYMENT_PENDING: {
    ar: 'لم تكتمل عملية الدفع بعد',
    en: 'The payment is not complete yet',
  },
  PAYMENT_DECLINED: {
    ar: 'رفض البنك عملية الدفع، جرّب بطاقة أخرى',
    en: 'The bank declined the payment; try another card',
  },
  PAYMENT_INSUFFICIENT_FUNDS: {
    ar: 'الرصيد غير كافٍ لإتمام عملية الدفع',
    en: 'The card has insufficient funds for this payment',
  },
  PAYMENT_CURRENCY_MISMATCH: {
    ar: 'عملة الدفع ليست الريال السعودي',
    en: 'The payment was not made in Saudi riyals',
  },
  PAYMENT_REFUNDED: {
    ar: 'تم استرداد هذه الدفعة',
    en: 'This payment has been refunded',
  },
  PAYMENT_CARD_INVALID: { ar: 'رقم البطاقة غير صحيح', en: 'The card number is not valid' },
  PAYMENT_CARD_NAME_INVALID: {
    ar: 'أدخل اسم حامل البطاقة الأول والأخير',
    en: "Enter the card holder's first and last name",
  },
  PAYMENT_CARD_EXPIRED: {
    ar: 'تاريخ انتهاء البطاقة غير صحيح',
    en: 'The card expiry date is not valid',
  },
  PAYMENT_CARD_CVC_INVALID: {
    ar: 'رمز الأمان للبطاقة غير صحيح',
    en: 'The card security code is not valid',
  },
  PAYMENT_SANDBOX_DISABLED: {
    ar: 'الدفع التجريبي غير مفعّل',
    en: 'Simulated payments are not enabled',
  },
  PAYMENT_METHOD_UNAVAILABLE: {
    ar: 'طريقة الدفع هذه غير متاحة حالياً، اختر طريقة أخرى',
    en: 'This payment method is not available at the moment; choose another one',
  },
  TABBY_REJECTED: {
    ar: 'لم تتمكن تابي من الموافقة على هذا الطلب. سلتك كما هي، ويمكنك الدفع بالبطاقة',
    en: 'Tabby could not approve this order. Your cart is as it was, and you can pay by card',
  },
  SAVED_CARD_NOT_FOUND: {
    ar: 'هذه البطاقة غير محفوظة في حسابك',
    en: 'This card is not saved in your account',
  },
  SAVED_CARD_EXPIRED: {
    ar: 'انتهت صلاحية هذه البطاقة، ادفع ببطاقة أخرى',
    en: 'This card has expired; pay with another card',
  },
  STCPAY_MOBILE_INVALID: {
    ar: 'أدخل رقم جوال سعودي يبدأ بـ 05 ومكوّن من 10 أرقام',
    en: 'Enter a Saudi mobile number of 10 digits starting with 05',
  },
  STCPAY_NOT_STARTED: {
    ar: 'أدخل رقم جوالك أولاً ليصلك رمز التحقق',
    en: 'Enter your mobile number first to receive the code',
  },
  STCPAY_OTP_INVALID: {
    ar: 'رمز التحقق غير صحيح، أعد إدخاله',
    en: 'The code is not correct; enter it again',
  },
  STCPAY_OTP_EXPIRED: {
    ar: 'انتهت صلاحية رمز التحقق. سلتك كما هي، ويمكنك الطلب مرة أخرى',
    en: 'The code has expired. Your cart is as it was, and you can order again',
  },
  TAMARA_REJECTED: {
    ar: 'لم تتمكن تمارا من الموافقة على هذا الطلب. سلتك كما هي، ويمكنك الدفع بالبطاقة',
    en: 'Tamara could not approve this order. Your cart is as it was, and you can pay by card',
  },

  // back office
  ...adminErrorMessages,
  ...adminOrderErrorMessages,
  ...adminContentErrorMessages,
  ...refundErrorMessages,
  ...returnErrorMessages,
  ...reviewErrorMessages,
  ...einvoiceErrorMessages,
  ...shopperMessageErrorMessages,
  ...catalogAdminErrorMessages,
  ...discountErrorMessages,
} as const satisfies Record<string, Messages>;

export type ErrorCode = keyof typeof errorMessages;
export const errorCodes = Object.keys(errorMessages) as ErrorCode[];

export function errorMessage(code: ErrorCode, lang: Lang): string {
  return errorMessages[code][lang];
}

/** Success messages the API answers. */
export const successMessages = {
  LOGIN_SUCCEEDED: { ar: 'تم تسجيل الدخول بنجاح', en: 'Login succeeded' },
  ACCOUNT_REGISTERED: { ar: 'تم تسجيل الحساب بنجاح', en: 'Account registered successfully' },
  EDITED: { ar: 'تم التعديل بنجاح', en: 'Edited successfully' },
  EMAIL_CHANGE_REQUESTED: {
    ar: 'تم الحفظ. أرسلنا رابط تأكيد إلى البريد الإلكتروني الجديد، ولن يُستخدم إلا بعد فتحه',
    en: 'Saved. We sent a confirmation link to the new e-mail; it is used only once the link is opened',
  },
  EMAIL_CHANGED: {
    ar: 'تم تأكيد البريد الإلكتروني الجديد',
    en: 'The new e-mail address is confirmed',
  },
  PASSWORD_CHANGED: { ar: 'تم تغيير كلمة المرور بنجاح', en: 'Password changed successfully' },
  ACCOUNT_DELETED: { ar: 'تم حذف الحساب بنجاح', en: 'Account deleted successfully' },
  ADDED_TO_CART: {
    ar: 'تمت إضافة المنتج إلى السلة',
    en: 'The product has been added to the cart',
  },
  ADDED_TO_WISHLIST: { ar: 'أُضيف المنتج إلى المفضلة', en: 'Added to your wishlist' },
  REMOVED_FROM_WISHLIST: { ar: 'أُزيل المنتج من المفضلة', en: 'Removed from your wishlist' },
  STOCK_REQUEST_KEPT: {
    ar: 'سنعلمك عند توفر هذا المنتج',
    en: 'We will tell you when this product is back in stock',
  },
  MOVED_TO_CART: { ar: 'نُقل المنتج إلى السلة', en: 'Moved to your cart' },
  SAVED: { ar: 'تم الحفظ بنجاح', en: 'Saved successfully' },
  DELETED: { ar: 'تم الحذف بنجاح', en: 'Deleted successfully' },
  PAYMENT_BANK_CHECK: {
    ar: 'أكمل التحقق لدى البنك لإتمام الدفع',
    en: 'Complete the check at your bank to finish paying',
  },
  SAVED_CARD_DELETED: { ar: 'حُذفت البطاقة المحفوظة', en: 'The saved card was deleted' },
  STCPAY_OTP_SENT: {
    ar: 'أرسلنا رمز التحقق إلى جوالك عبر STC Pay',
    en: 'We sent a code to your mobile through STC Pay',
  },
  PAYMENT_COMPLETED: { ar: 'تمت عملية الدفع بنجاح', en: 'Payment completed successfully' },
  RESET_REQUESTED: {
    ar: 'إذا كان الحساب موجوداً فستصلك رسالة لإعادة تعيين كلمة المرور',
    en: 'If the account exists, a message to reset the password is on its way',
  },
  LOGGED_OUT: { ar: 'تم تسجيل الخروج', en: 'Logged out' },
  ...adminSuccessMessages,
  ...adminOrderSuccessMessages,
  ...adminContentSuccessMessages,
  ...refundSuccessMessages,
  ...returnSuccessMessages,
  ...reviewSuccessMessages,
  ...einvoiceSuccessMessages,
  ...shopperMessageSuccessMessages,
  ...catalogAdminSuccessMessages,
  ...discountSuccessMessages,
} as const satisfies Record<string, Messages>;

export type SuccessCode = keyof typeof successMessages;

/** A success answer `{success: true, code, message}` in the given language. */
export function okMessage(
  code: SuccessCode,
  lang: Lang,
): { success: true; code: SuccessCode; message: string } {
  return { success: true, code, message: successMessages[code][lang] };
}
