/** Messages of the back office, in both languages; merged into the API's one list of messages. */

export const adminErrorMessages = {
  STAFF_SIGN_IN_FAILED: {
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    en: 'The e-mail or password is not correct',
  },
  STAFF_SESSION_REQUIRED: {
    ar: 'سجّل الدخول إلى لوحة التحكم أولاً',
    en: 'Sign in to the back office first',
  },
  STAFF_ROLE_REQUIRED: {
    ar: 'هذا الإجراء للمالك فقط',
    en: 'Only an owner can do this',
  },
  TOTP_CODE_INVALID: {
    ar: 'رمز التحقق غير صحيح أو مستخدم من قبل',
    en: 'The verification code is wrong or was already used',
  },
  TOTP_CODE_REQUIRED: {
    ar: 'أدخل رمز التحقق من تطبيق المصادقة',
    en: 'Enter the code from your authenticator app',
  },
  TOTP_SETUP_REQUIRED: {
    ar: 'فعّل التحقق بخطوتين أولاً، فالمالك يطلبه من الجميع',
    en: 'Turn on two-step verification first: the owner requires it for everyone',
  },
  TOTP_NOT_ENROLLED: {
    ar: 'ابدأ تفعيل التحقق بخطوتين أولاً',
    en: 'Start setting up two-step verification first',
  },
  TOTP_ALREADY_ON: { ar: 'التحقق بخطوتين مفعّل بالفعل', en: 'Two-step verification is already on' },
  TOTP_OWN_FIRST: {
    ar: 'فعّل التحقق بخطوتين لحسابك قبل أن تطلبه من الجميع',
    en: 'Turn on two-step verification for your own account before requiring it of everyone',
  },
  TOTP_NOT_ON: { ar: 'التحقق بخطوتين غير مفعّل', en: 'Two-step verification is not on' },
  TOTP_REQUIRED_BY_OWNER: {
    ar: 'لا يمكن إيقاف التحقق بخطوتين لأن المالك يطلبه من الجميع',
    en: 'Two-step verification cannot be turned off: the owner requires it for everyone',
  },
  SIGN_IN_CHALLENGE_INVALID: {
    ar: 'انتهت مهلة تسجيل الدخول، أدخل كلمة المرور من جديد',
    en: 'The sign-in has timed out; enter your password again',
  },
  SET_PASSWORD_TOKEN_INVALID: {
    ar: 'رابط تعيين كلمة المرور غير صالح أو منتهي الصلاحية',
    en: 'The set-password link is invalid or has expired',
  },
  STAFF_EMAIL_EXISTS: {
    ar: 'يوجد عضو فريق بهذا البريد الإلكتروني',
    en: 'A staff member with this e-mail already exists',
  },
  STAFF_NOT_FOUND: { ar: 'عضو الفريق غير موجود', en: 'The staff member was not found' },
  LAST_OWNER: {
    ar: 'يجب أن يبقى مالك واحد نشط على الأقل',
    en: 'At least one active owner must remain',
  },
  CUSTOMER_NOT_FOUND: { ar: 'العميل غير موجود', en: 'The customer was not found' },
  DATE_RANGE_INVALID: {
    ar: 'تاريخ البداية بعد تاريخ النهاية',
    en: 'The start date is after the end date',
  },
} as const;

export const adminSuccessMessages = {
  STAFF_SIGNED_IN: { ar: 'تم تسجيل الدخول إلى لوحة التحكم', en: 'Signed in to the back office' },
  STAFF_SIGNED_OUT_EVERYWHERE: {
    ar: 'تم تسجيل الخروج من جميع الأجهزة',
    en: 'Signed out on every device',
  },
  STAFF_INVITED: {
    ar: 'تمت إضافة عضو الفريق وإرسال رابط تعيين كلمة المرور إليه',
    en: 'The staff member was added and sent a link to set a password',
  },
  PASSWORD_LINK_SENT: {
    ar: 'تم إرسال رابط تعيين كلمة المرور',
    en: 'A link to set the password has been sent',
  },
  TOTP_ENABLED: { ar: 'تم تفعيل التحقق بخطوتين', en: 'Two-step verification is on' },
  TOTP_DISABLED: { ar: 'تم إيقاف التحقق بخطوتين', en: 'Two-step verification is off' },
  CUSTOMER_DEACTIVATED: {
    ar: 'تم إيقاف حساب العميل وتسجيل خروجه من جميع الأجهزة',
    en: "The customer's account is deactivated and signed out everywhere",
  },
  CUSTOMER_REACTIVATED: {
    ar: 'تمت إعادة تفعيل حساب العميل',
    en: "The customer's account is active again",
  },
} as const;
