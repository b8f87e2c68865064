import type { Lang } from '@shop/contract';
import type { Shop } from '../lib/shop.ts';
import type { OrderRow } from '../modules/orders/lifecycle.ts';
import { findUserById } from '../modules/users/service.ts';

/**
 * The shopper's e-mails about their order: shipped, delivered and refunded, in the language
 * they last used (kept on the account), each with a plain-text part and an HTML part
 * (right-to-left for Arabic), the order number and a link to the order's page. Sent after the
 * change has committed; a mail that cannot be sent is logged and never undoes the change.
 */

export type OrderMailEvent =
  | { kind: 'shipped'; carrier?: string; trackingNumber?: string; trackingUrl?: string }
  | { kind: 'delivered' }
  | {
      kind: 'refunded';
      amountHalalas: number;
      /** Refunded so far, this refund included, and the order's total. */
      refundedHalalas: number;
      totalHalalas: number;
      creditNoteNumber: number;
      reason: string;
    };

/** The database (for the shopper), the mailer, the log, and the shop's origin for the link. */
export type OrderMailDeps = Pick<Shop, 'db' | 'mailer' | 'log' | 'origin'>;

const locales: Record<Lang, string> = { ar: 'ar-SA-u-nu-latn', en: 'en-SA' };

function money(halalas: number, lang: Lang): string {
  return new Intl.NumberFormat(locales[lang], {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(halalas / 100);
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

interface Wording {
  subject: string;
  greeting: string;
  lines: string[];
  link: string;
  closing: string;
}

function wording(event: OrderMailEvent, lang: Lang, name: string, number: number): Wording {
  if (lang === 'en') {
    const base = {
      greeting: `Hello ${name},`,
      link: 'See your order',
      closing: 'Thank you for shopping with us.',
    };
    switch (event.kind) {
      case 'shipped':
        return {
          ...base,
          subject: `Your order ${number} has shipped`,
          lines: [
            `Your order ${number} is on its way.`,
            ...(event.carrier ? [`Carrier: ${event.carrier}, tracking number ${event.trackingNumber}.`] : []),
            ...(event.trackingUrl ? [`Track it: ${event.trackingUrl}`] : []),
          ],
        };
      case 'delivered':
        return {
          ...base,
          subject: `Your order ${number} was delivered`,
          lines: [`Your order ${number} was delivered.`],
        };
      case 'refunded': {
        const whole = event.refundedHalalas === event.totalHalalas;
        return {
          ...base,
          subject: `A refund on your order ${number}`,
          lines: [
            `We refunded ${money(event.amountHalalas, 'en')} on your order ${number} to the card you paid with.`,
            `Reason: ${event.reason}`,
            whole
              ? 'The whole order is now refunded.'
              : `Refunded so far: ${money(event.refundedHalalas, 'en')} of ${money(event.totalHalalas, 'en')}.`,
            `Credit note number: ${event.creditNoteNumber}. Banks usually take a few days to show the money.`,
          ],
        };
      }
    }
  }
  const base = { greeting: `مرحباً ${name}،`, link: 'عرض الطلب', closing: 'شكراً لتسوقك معنا.' };
  switch (event.kind) {
    case 'shipped':
      return {
        ...base,
        subject: `تم شحن طلبك رقم ${number}`,
        lines: [
          `طلبك رقم ${number} في الطريق إليك.`,
          ...(event.carrier ? [`شركة الشحن: ${event.carrier}، رقم التتبع ${event.trackingNumber}.`] : []),
          ...(event.trackingUrl ? [`تتبع شحنتك: ${event.trackingUrl}`] : []),
        ],
      };
    case 'delivered':
      return { ...base, subject: `تم توصيل طلبك رقم ${number}`, lines: [`تم توصيل طلبك رقم ${number}.`] };
    case 'refunded': {
      const whole = event.refundedHalalas === event.totalHalalas;
      return {
        ...base,
        subject: `استرداد مبلغ من طلبك رقم ${number}`,
        lines: [
          `استرددنا ${money(event.amountHalalas, 'ar')} من طلبك رقم ${number} إلى البطاقة التي دفعت بها.`,
          `السبب: ${event.reason}`,
          whole
            ? 'تم استرداد قيمة الطلب كاملة.'
            : `المسترد حتى الآن: ${money(event.refundedHalalas, 'ar')} من ${money(event.totalHalalas, 'ar')}.`,
          `رقم إشعار الدائن: ${event.creditNoteNumber}. قد يستغرق ظهور المبلغ في حسابك بضعة أيام.`,
        ],
      };
    }
  }
}

/** The mail itself (subject, text and HTML parts) in `lang`. */
export function orderMail(
  event: OrderMailEvent,
  lang: Lang,
  shopper: { name: string },
  order: { id: string; number: number },
  origin: string,
) {
  const w = wording(event, lang, shopper.name, order.number);
  const url = `${origin}${lang === 'en' ? '/en' : ''}/order/details/${order.id}`;
  const text = [w.greeting, '', ...w.lines, '', `${w.link}: ${url}`, '', w.closing].join('\n');
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html =
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(w.subject)}</title></head>` +
    `<body dir="${dir}" style="font-family:Tahoma,Arial,sans-serif;line-height:1.6;text-align:${lang === 'ar' ? 'right' : 'left'}">` +
    `<p>${escapeHtml(w.greeting)}</p>` +
    w.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(w.link)}</a></p>` +
    `<p>${escapeHtml(w.closing)}</p></body></html>`;
  return { subject: w.subject, text, html, lang };
}

/** Mails the order's shopper about `event` (the order as the change left it); logs and swallows any failure. */
export async function mailShopperAboutOrder(
  deps: OrderMailDeps,
  order: OrderRow,
  event: OrderMailEvent,
): Promise<void> {
  try {
    const shopper = await findUserById(deps.db, order.userId);
    if (!shopper) return;
    await deps.mailer.send({
      to: shopper.email,
      ...orderMail(event, shopper.lang, shopper, order, deps.origin()),
    });
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id, kind: event.kind }, 'the order e-mail could not be sent');
  }
}
