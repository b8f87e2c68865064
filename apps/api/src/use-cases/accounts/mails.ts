import type { Lang } from '@shop/contract';
import type { MailMessage } from '../../lib/mail.ts';
import type { Shop } from '../../lib/shop.ts';
import { EMAIL_CHANGE_TTL_HOURS } from '../../modules/users/service.ts';

/** The shopper's account mails: a reset link, a new address's confirmation, the old address's notice. */

/** A link to a page of the shop carrying a token; never built from a request's Host. */
export function tokenLink(shop: Pick<Shop, 'origin'>, page: string, token: string, lang: Lang): string {
  return `${shop.origin()}${lang === 'en' ? '/en' : ''}${page}?token=${encodeURIComponent(token)}`;
}

/**
 * Sends a mail without waiting for it: waiting for SMTP would tell who has an account by the
 * delay. A failure is logged, never answered.
 */
export function sendInBackground(
  shop: Pick<Shop, 'mailer' | 'log'>,
  message: MailMessage,
  failure: string,
): void {
  shop.mailer.send(message).catch((error: unknown) => shop.log.error({ err: error }, failure));
}

/** `s***@example.com`: enough for the owner to recognise, not a copy for whoever reads the mail. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

export const resetMail = {
  ar: (link: string) => ({
    subject: 'إعادة تعيين كلمة المرور',
    text: `لإعادة تعيين كلمة المرور افتح الرابط التالي خلال ساعة واحدة:\n${link}\n\nإذا لم تطلب ذلك فتجاهل هذه الرسالة.`,
  }),
  en: (link: string) => ({
    subject: 'Reset your password',
    text: `To reset your password, open this link within one hour:\n${link}\n\nIf you did not ask for this, ignore this message.`,
  }),
};

export const confirmEmailMail = {
  ar: (link: string) => ({
    subject: 'تأكيد البريد الإلكتروني الجديد',
    text: `طُلب استخدام هذا البريد الإلكتروني لحسابك في المتجر. لتأكيده افتح الرابط التالي خلال ${EMAIL_CHANGE_TTL_HOURS} ساعة:\n${link}\n\nإذا لم تطلب ذلك فتجاهل هذه الرسالة.`,
  }),
  en: (link: string) => ({
    subject: 'Confirm your new e-mail address',
    text: `This address was given for your account at the shop. To confirm it, open this link within ${EMAIL_CHANGE_TTL_HOURS} hours:\n${link}\n\nIf you did not ask for this, ignore this message.`,
  }),
};

export const emailChangeNotice = {
  ar: (masked: string) => ({
    subject: 'طلب تغيير البريد الإلكتروني لحسابك',
    text: `طُلب تغيير البريد الإلكتروني لحسابك إلى ${masked}. لن يتغير إلا بعد فتح رابط التأكيد المرسل إلى العنوان الجديد.\n\nإذا لم تطلب ذلك فغيّر كلمة المرور الآن.`,
  }),
  en: (masked: string) => ({
    subject: 'A change of your e-mail address was requested',
    text: `Someone asked to change your account's e-mail to ${masked}. It changes only once the link sent to the new address is opened.\n\nIf this was not you, change your password now.`,
  }),
};
