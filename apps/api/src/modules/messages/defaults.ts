import type { Lang, MessageEvent } from '@shop/contract';

/**
 * The shop's own wording of every message, used until the owner edits it (decision 214): per
 * event and language, an e-mail (subject and text) and one short text that SMS and WhatsApp
 * share. A line whose placeholders are all empty is left out when the message is rendered (a
 * shipment without a tracking link has no "track it" line).
 */

interface Wording {
  subject: string;
  email: string;
  short: string;
}

/** The frame of every message in a language: greeting, the event's lines, a link, the way to stop. */
const frames = {
  ar: {
    greeting: 'مرحباً {name}،',
    closing: ['شكراً لتسوقك معنا.'],
    stop: 'لإيقاف هذه الرسائل: {optOutLink}',
    shortStop: 'لإيقافها: {optOutLink}',
  },
  en: {
    greeting: 'Hello {name},',
    closing: ['Thank you for shopping with us.'],
    stop: 'To stop these messages: {optOutLink}',
    shortStop: 'Stop: {optOutLink}',
  },
} as const;

function framed(lang: Lang, link: string, closing: boolean) {
  const frame = frames[lang];
  return (subject: string, lines: string[], short: string): Wording => ({
    subject,
    email: [
      frame.greeting,
      '',
      ...lines,
      '',
      link,
      '',
      ...(closing ? [...frame.closing, ''] : []),
      frame.stop,
    ].join('\n'),
    short: `${short}\n${frame.shortStop}`,
  });
}

const ar = framed('ar', 'عرض الطلب: {orderLink}', true);
const en = framed('en', 'See your order: {orderLink}', true);
const arProduct = framed('ar', 'عرض المنتج: {productLink}', false);
const enProduct = framed('en', 'See the product: {productLink}', false);
const arCart = framed('ar', 'إكمال الطلب: {cartLink}', false);
const enCart = framed('en', 'Finish your order: {cartLink}', false);

export const defaultWording: Record<MessageEvent, Record<Lang, Wording>> = {
  'order.paid': {
    ar: ar(
      'استلمنا طلبك رقم {orderNumber}',
      ['استلمنا دفعتك لطلبك رقم {orderNumber} بمبلغ {total}، وسنبدأ بتجهيزه.'],
      'استلمنا طلبك رقم {orderNumber} بمبلغ {total}. {orderLink}',
    ),
    en: en(
      'We received your order {orderNumber}',
      ['We received your payment of {total} for order {orderNumber} and will start preparing it.'],
      'We received your order {orderNumber} ({total}). {orderLink}',
    ),
  },
  'order.preparing': {
    ar: ar(
      'نجهّز طلبك رقم {orderNumber}',
      ['بدأنا تجهيز طلبك رقم {orderNumber}.'],
      'بدأنا تجهيز طلبك رقم {orderNumber}. {orderLink}',
    ),
    en: en(
      'We are preparing your order {orderNumber}',
      ['We started preparing your order {orderNumber}.'],
      'We are preparing your order {orderNumber}. {orderLink}',
    ),
  },
  'order.ready': {
    ar: ar(
      'طلبك رقم {orderNumber} جاهز',
      ['طلبك رقم {orderNumber} جاهز وسيُشحن قريباً.'],
      'طلبك رقم {orderNumber} جاهز. {orderLink}',
    ),
    en: en(
      'Your order {orderNumber} is ready',
      ['Your order {orderNumber} is packed and will ship soon.'],
      'Your order {orderNumber} is ready. {orderLink}',
    ),
  },
  'order.shipped': {
    ar: ar(
      'تم شحن طلبك رقم {orderNumber}',
      [
        'طلبك رقم {orderNumber} في الطريق إليك.',
        'شركة الشحن: {carrier}، رقم التتبع {trackingNumber}.',
        'تتبع شحنتك: {trackingUrl}',
      ],
      'شُحن طلبك رقم {orderNumber} مع {carrier}، رقم التتبع {trackingNumber}. {orderLink}',
    ),
    en: en(
      'Your order {orderNumber} has shipped',
      [
        'Your order {orderNumber} is on its way.',
        'Carrier: {carrier}, tracking number {trackingNumber}.',
        'Track it: {trackingUrl}',
      ],
      'Your order {orderNumber} shipped with {carrier}, tracking {trackingNumber}. {orderLink}',
    ),
  },
  'order.delivered': {
    ar: ar(
      'تم توصيل طلبك رقم {orderNumber}',
      ['تم توصيل طلبك رقم {orderNumber}.'],
      'تم توصيل طلبك رقم {orderNumber}. {orderLink}',
    ),
    en: en(
      'Your order {orderNumber} was delivered',
      ['Your order {orderNumber} was delivered.'],
      'Your order {orderNumber} was delivered. {orderLink}',
    ),
  },
  'order.cancelled': {
    ar: ar(
      'أُلغي طلبك رقم {orderNumber}',
      ['أُلغي طلبك رقم {orderNumber}، وسنعيد المبلغ إلى البطاقة التي دفعت بها.'],
      'أُلغي طلبك رقم {orderNumber} وسيُعاد المبلغ. {orderLink}',
    ),
    en: en(
      'Your order {orderNumber} was cancelled',
      ['Your order {orderNumber} was cancelled; the money goes back to the card you paid with.'],
      'Your order {orderNumber} was cancelled and will be refunded. {orderLink}',
    ),
  },
  'order.refunded': {
    ar: ar(
      'استرداد مبلغ من طلبك رقم {orderNumber}',
      [
        'استرددنا {amount} من طلبك رقم {orderNumber} إلى البطاقة التي دفعت بها.',
        'السبب: {reason}',
        'المسترد حتى الآن: {refundedSoFar} من {total}.',
        'رقم إشعار الدائن: {creditNoteNumber}. قد يستغرق ظهور المبلغ في حسابك بضعة أيام.',
      ],
      'استرددنا {amount} من طلبك رقم {orderNumber}. {orderLink}',
    ),
    en: en(
      'A refund on your order {orderNumber}',
      [
        'We refunded {amount} on your order {orderNumber} to the card you paid with.',
        'Reason: {reason}',
        'Refunded so far: {refundedSoFar} of {total}.',
        'Credit note number: {creditNoteNumber}. Banks usually take a few days to show the money.',
      ],
      'We refunded {amount} on your order {orderNumber}. {orderLink}',
    ),
  },
  'order.return_decided': {
    ar: ar(
      'ردنا على طلب إرجاع من طلبك رقم {orderNumber}',
      ['{decision} طلب الإرجاع من طلبك رقم {orderNumber}.', 'ملاحظتنا: {note}'],
      '{decision} طلب الإرجاع من طلبك رقم {orderNumber}. {orderLink}',
    ),
    en: en(
      'Your return request for order {orderNumber}',
      ['We {decision} the return request for your order {orderNumber}.', 'Our note: {note}'],
      'We {decision} the return request for your order {orderNumber}. {orderLink}',
    ),
  },
  'wishlist.price_drop': {
    ar: arProduct(
      'انخفض سعر {productName}',
      ['المنتج الذي في مفضلتك {productName} أصبح بسعر {newPrice} بدلاً من {oldPrice}.'],
      'انخفض سعر {productName} إلى {newPrice}. {productLink}',
    ),
    en: enProduct(
      '{productName} costs less now',
      ['{productName}, on your wishlist, now costs {newPrice} instead of {oldPrice}.'],
      '{productName} is now {newPrice}. {productLink}',
    ),
  },
  'wishlist.back_in_stock': {
    ar: arProduct(
      'عاد {productName} إلى المخزون',
      ['المنتج {productName} متوفر الآن.'],
      'عاد {productName} إلى المخزون. {productLink}',
    ),
    en: enProduct(
      '{productName} is back in stock',
      ['{productName} is available again.'],
      '{productName} is back in stock. {productLink}',
    ),
  },
  'stock.back_in_stock': {
    ar: arProduct(
      'توفر {productName} الذي طلبت إعلامك به',
      ['طلبت أن نعلمك عند توفر {productName}، وهو متوفر الآن.'],
      'توفر {productName} الذي طلبته. {productLink}',
    ),
    en: enProduct(
      '{productName}, which you asked about, is back',
      ['You asked us to tell you when {productName} is available again. It is now.'],
      '{productName}, which you asked about, is back. {productLink}',
    ),
  },
  'cart.abandoned': {
    ar: arCart(
      'سلتك بانتظارك',
      ['تركت في سلتك {itemCount} من المنتجات. ما زالت محفوظة لك، ويمكنك إكمال طلبك متى شئت.'],
      'سلتك بانتظارك ({itemCount} منتجات). {cartLink}',
    ),
    en: enCart(
      'Your cart is waiting for you',
      [
        'You left {itemCount} items in your cart. They are still there whenever you want to finish your order.',
      ],
      'Your cart is waiting ({itemCount} items). {cartLink}',
    ),
  },
};

/** The template's name in WhatsApp Manager the shop expects until the owner names another. */
export const defaultWhatsappName = (event: MessageEvent): string => `shop_${event.replace('.', '_')}`;
