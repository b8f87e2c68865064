import type { Lang } from '@shop/contract';
import type { ShopSettings } from './service.ts';

/**
 * The privacy policy a shop starts with, until an owner writes its own: what a Saudi shop owes
 * its shoppers under the Personal Data Protection Law (PDPL) — what is collected and why, that
 * card details go to the payment provider and never to the shop, how long data is kept, the
 * shopper's rights, and whom to ask (the contact details of the shop's settings).
 */
export function defaultPrivacyPolicy(s: ShopSettings, lang: Lang): string {
  const contact = contactLines(s, lang);
  return lang === 'en' ? english(s, contact) : arabic(s, contact);
}

function contactLines(s: ShopSettings, lang: Lang): string {
  const lines: string[] = [];
  const label = (ar: string, en: string) => (lang === 'en' ? en : ar);
  if (s.email) lines.push(`- ${label('البريد الإلكتروني', 'E-mail')}: ${s.email}`);
  if (s.phones.length)
    lines.push(`- ${label('الهاتف', 'Phone')}: ${s.phones.join(lang === 'en' ? ', ' : '، ')}`);
  const whatsapp = s.socialLinks.whatsapp;
  if (whatsapp) lines.push(`- ${label('واتساب', 'WhatsApp')}: ${whatsapp}`);
  lines.push(`- ${label('العنوان', 'Address')}: ${s.address[lang]}`);
  return lines.join('\n');
}

function arabic(s: ShopSettings, contact: string): string {
  return `نحترم خصوصيتك في ${s.shopName.ar}، ونعالج بياناتك الشخصية وفق نظام حماية البيانات الشخصية في المملكة العربية السعودية ولوائحه التنفيذية. توضّح هذه السياسة ما نجمعه ولماذا، وكم نحتفظ به، وما حقوقك.

## البيانات التي نجمعها

- **بيانات الحساب:** الاسم والبريد الإلكتروني ورقم الجوال وكلمة المرور (نحفظها مشفّرة ولا يطّلع عليها أحد).
- **العناوين:** عناوين التوصيل التي تضيفها، وموقعها على الخريطة إن حددته.
- **الطلبات:** المنتجات والكميات والمبالغ وحالة الدفع والتوصيل، والفاتورة الضريبية.
- **بيانات تقنية:** عنوان IP وملفات تعريف الارتباط اللازمة لتسجيل الدخول وسلة التسوق وحماية الموقع.

## بيانات البطاقات

لا نستلم بيانات بطاقتك ولا نحفظها. تُرسل بيانات البطاقة مباشرة من متصفحك إلى مزوّد الدفع المرخّص (ميسّر)، الذي يعالجها وفق معيار أمان بيانات صناعة البطاقات (PCI DSS)، ولا يصلنا منه إلا نتيجة الدفع.

## لماذا نستخدمها

- لتنفيذ طلباتك وتوصيلها وإصدار فواتيرها.
- للتواصل معك بخصوص طلباتك وحسابك.
- لحماية حسابك والمتجر من الاحتيال وإساءة الاستخدام.
- للوفاء بالتزاماتنا النظامية، ومنها متطلبات الفوترة الإلكترونية لهيئة الزكاة والضريبة والجمارك.

لا نبيع بياناتك، ولا نشاركها إلا مع من يلزم لتنفيذ طلبك (شركة الشحن ومزوّد الدفع) أو حين يطلبها نظام.

## مدة الاحتفاظ

- نحتفظ ببيانات حسابك وعناوينك ما دام حسابك قائماً، ونحذفها عند حذفه.
- نحتفظ بالطلبات والفواتير المدة التي تفرضها الأنظمة التجارية والضريبية (عشر سنوات على الأقل للسجلات المحاسبية)، ثم نحذفها.
- نحذف السجلات التقنية بعد مدة لا تتجاوز ما تحتاجه حماية الموقع.

## حقوقك

يحق لك بموجب النظام:

- **الاطلاع:** أن تعرف ما نحتفظ به من بياناتك وتحصل على نسخة منه.
- **التصحيح:** أن تصحّح بياناتك أو تكملها، ويمكنك تعديل أغلبها من صفحة حسابك.
- **الحذف:** أن تطلب حذف بياناتك، ويمكنك حذف حسابك من صفحة حسابك، مع بقاء ما يلزمنا النظام بحفظه.
- **الرجوع عن الموافقة:** أن تسحب موافقتك على ما يقوم عليها من معالجة.

نرد على طلبك خلال المدة التي يحددها النظام، ولك أن ترفع شكواك إلى الهيئة السعودية للبيانات والذكاء الاصطناعي (سدايا).

## تواصل معنا

لأي سؤال عن بياناتك أو لممارسة حقوقك:

${contact}
`;
}

function english(s: ShopSettings, contact: string): string {
  return `At ${s.shopName.en} we respect your privacy and process your personal data under the Personal Data Protection Law of the Kingdom of Saudi Arabia and its implementing regulations. This policy explains what we collect and why, how long we keep it, and your rights.

## What we collect

- **Account details:** your name, e-mail address, mobile number and password (stored hashed; no one can read it).
- **Addresses:** the delivery addresses you add, and their place on the map if you set one.
- **Orders:** the products, quantities, amounts, payment and delivery status, and the tax invoice.
- **Technical data:** your IP address and the cookies needed for signing in, the cart and the site's security.

## Card details

We never receive or store your card details. They go straight from your browser to our licensed payment provider (Moyasar), which handles them under the Payment Card Industry Data Security Standard (PCI DSS); we receive only the outcome of the payment.

## Why we use it

- To fulfil, deliver and invoice your orders.
- To contact you about your orders and your account.
- To protect your account and the shop against fraud and abuse.
- To meet our legal obligations, including the e-invoicing rules of the Zakat, Tax and Customs Authority.

We do not sell your data. We share it only with those needed to fulfil your order (the delivery company and the payment provider) or when a law requires it.

## How long we keep it

- Your account details and addresses are kept while your account exists and deleted with it.
- Orders and invoices are kept for as long as commercial and tax laws require (at least ten years for accounting records), then deleted.
- Technical logs are deleted once the site's security no longer needs them.

## Your rights

Under the law you may:

- **Access:** know what data we hold about you and get a copy of it.
- **Correction:** correct or complete your data; most of it you can edit on your account page.
- **Deletion:** ask us to delete your data; you can delete your account on your account page, apart from what the law requires us to keep.
- **Withdraw consent:** withdraw your consent to any processing based on it.

We answer your request within the time the law sets, and you may complain to the Saudi Data and AI Authority (SDAIA).

## Contact us

For any question about your data, or to exercise your rights:

${contact}
`;
}
