import { adminPages, type Lang } from '@shop/contract';
import type { Shop } from '../../lib/shop.ts';

/** The back office's mails: an invitation, and an owner's new link to set a password. */

/** How long an invitation's or an owner's set-password link works. */
export const SET_PASSWORD_LINK_HOURS = 72;

/** The set-password page in `lang` with its one-time token; never built from a request's Host. */
export function setPasswordLink(shop: Pick<Shop, 'origin'>, lang: Lang, token: string): string {
  return `${shop.origin()}${adminPages.setPassword[lang]}?token=${encodeURIComponent(token)}`;
}

export const passwordLinkMail = {
  ar: (name: string, link: string) => ({
    subject: 'تعيين كلمة مرور لوحة تحكم المتجر',
    text: `مرحباً ${name}،\n\nلتعيين كلمة مرور جديدة للوحة التحكم افتح الرابط التالي خلال ${SET_PASSWORD_LINK_HOURS} ساعة:\n${link}\n\nإذا لم تتوقع هذه الرسالة فأخبر مالك المتجر.`,
  }),
  en: (name: string, link: string) => ({
    subject: 'Set your shop back office password',
    text: `Hello ${name},\n\nTo set a new password for the back office, open this link within ${SET_PASSWORD_LINK_HOURS} hours:\n${link}\n\nIf you did not expect this message, tell the shop's owner.`,
  }),
};

export const invitationMail = {
  ar: (name: string, link: string) => ({
    subject: 'دعوة إلى لوحة تحكم المتجر',
    text: `مرحباً ${name}،\n\nأُضفت إلى فريق المتجر. لتعيين كلمة المرور افتح الرابط التالي خلال ${SET_PASSWORD_LINK_HOURS} ساعة:\n${link}\n\nإذا لم تتوقع هذه الرسالة فتجاهلها.`,
  }),
  en: (name: string, link: string) => ({
    subject: 'Your invitation to the shop back office',
    text: `Hello ${name},\n\nYou have been added to the shop's team. To set your password, open this link within ${SET_PASSWORD_LINK_HOURS} hours:\n${link}\n\nIf you did not expect this message, ignore it.`,
  }),
};
