import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogFile } from '../lib/catalog-file/format.ts';
import { demoProducts } from './products.ts';
import { demoCategorySpecs, demoLaptopStorage, demoProductSpecs } from './specs.ts';
import { demoVariants } from './variants.ts';
import { avatarSvg, brandSvg, productSvg, sliderSvg, type DeviceIcon, type Palette } from './svg.ts';

/*
 * The demo catalog: a bilingual electronics shop, written out as an import file plus SVG
 * images, then loaded through the importer like any other catalog.
 */

interface DemoCategory {
  key: string;
  ar: string;
  en: string;
  icon: DeviceIcon;
  palette: Palette;
}

export const demoCategories: DemoCategory[] = [
  { key: 'phones', ar: 'الجوالات', en: 'Phones', icon: 'phone', palette: { from: '#0f766e', to: '#134e4a' } },
  {
    key: 'laptops',
    ar: 'الحواسيب المحمولة',
    en: 'Laptops',
    icon: 'laptop',
    palette: { from: '#1d4ed8', to: '#1e3a8a' },
  },
  {
    key: 'tablets',
    ar: 'الأجهزة اللوحية',
    en: 'Tablets',
    icon: 'tablet',
    palette: { from: '#7c3aed', to: '#4c1d95' },
  },
  {
    key: 'tvs',
    ar: 'الشاشات والتلفزيونات',
    en: 'TVs',
    icon: 'tv',
    palette: { from: '#0369a1', to: '#0c4a6e' },
  },
  {
    key: 'audio',
    ar: 'السماعات والصوتيات',
    en: 'Audio',
    icon: 'audio',
    palette: { from: '#db2777', to: '#831843' },
  },
  {
    key: 'wearables',
    ar: 'الساعات الذكية',
    en: 'Wearables',
    icon: 'watch',
    palette: { from: '#ea580c', to: '#9a3412' },
  },
  { key: 'gaming', ar: 'الألعاب', en: 'Gaming', icon: 'gaming', palette: { from: '#4338ca', to: '#1e1b4b' } },
  {
    key: 'accessories',
    ar: 'الإكسسوارات',
    en: 'Accessories',
    icon: 'accessory',
    palette: { from: '#475569', to: '#1e293b' },
  },
  {
    key: 'cameras',
    ar: 'الكاميرات',
    en: 'Cameras',
    icon: 'camera',
    palette: { from: '#b45309', to: '#78350f' },
  },
  {
    key: 'smart-home',
    ar: 'المنزل الذكي',
    en: 'Smart Home',
    icon: 'home',
    palette: { from: '#15803d', to: '#14532d' },
  },
];

interface DemoCompany {
  key: string;
  ar: string;
  en: string;
  palette: Palette;
}

export const demoCompanies: DemoCompany[] = [
  { key: 'apple', ar: 'أبل', en: 'Apple', palette: { from: '#52525b', to: '#18181b' } },
  { key: 'samsung', ar: 'سامسونج', en: 'Samsung', palette: { from: '#2563eb', to: '#1e3a8a' } },
  { key: 'huawei', ar: 'هواوي', en: 'Huawei', palette: { from: '#dc2626', to: '#7f1d1d' } },
  { key: 'xiaomi', ar: 'شاومي', en: 'Xiaomi', palette: { from: '#f97316', to: '#c2410c' } },
  { key: 'sony', ar: 'سوني', en: 'Sony', palette: { from: '#334155', to: '#020617' } },
  { key: 'lenovo', ar: 'لينوفو', en: 'Lenovo', palette: { from: '#e11d48', to: '#881337' } },
  { key: 'hp', ar: 'إتش بي', en: 'HP', palette: { from: '#0284c7', to: '#075985' } },
  { key: 'lg', ar: 'إل جي', en: 'LG', palette: { from: '#be123c', to: '#4c0519' } },
  { key: 'jbl', ar: 'جي بي إل', en: 'JBL', palette: { from: '#f59e0b', to: '#b45309' } },
  { key: 'anker', ar: 'أنكر', en: 'Anker', palette: { from: '#0ea5e9', to: '#0369a1' } },
  { key: 'canon', ar: 'كانون', en: 'Canon', palette: { from: '#b91c1c', to: '#450a0a' } },
  { key: 'logitech', ar: 'لوجيتك', en: 'Logitech', palette: { from: '#0d9488', to: '#134e4a' } },
  { key: 'tp-link', ar: 'تي بي لينك', en: 'TP-Link', palette: { from: '#059669', to: '#064e3b' } },
];

const demoAgents = [
  {
    key: 'riyadh-olaya',
    name: { ar: 'عبدالله القحطاني', en: 'Abdullah Al-Qahtani' },
    company: { ar: 'مؤسسة الأفق للإلكترونيات - العليا', en: 'Al-Ofuq Electronics - Olaya' },
    phone: '+966501234567',
    initials: 'AQ',
    palette: { from: '#0f766e', to: '#134e4a' },
  },
  {
    key: 'jeddah-tahlia',
    name: { ar: 'سارة الغامدي', en: 'Sarah Al-Ghamdi' },
    company: { ar: 'شركة المدار للتقنية - جدة', en: 'Al-Madar Technology - Jeddah' },
    phone: '+966551234568',
    initials: 'SG',
    palette: { from: '#7c3aed', to: '#4c1d95' },
  },
  {
    key: 'dammam-corniche',
    name: { ar: 'فيصل الدوسري', en: 'Faisal Al-Dosari' },
    company: { ar: 'مؤسسة الشرقية الرقمية - الدمام', en: 'Eastern Digital - Dammam' },
    phone: '+966531234569',
    initials: 'FD',
    palette: { from: '#1d4ed8', to: '#1e3a8a' },
  },
  {
    key: 'qassim-buraydah',
    name: { ar: 'نورة الحربي', en: 'Noura Al-Harbi' },
    company: { ar: 'متجر القصيم للجوالات - بريدة', en: 'Qassim Mobiles - Buraydah' },
    phone: '+966561234570',
    initials: 'NH',
    palette: { from: '#db2777', to: '#831843' },
  },
];

const demoSliders: { file: string; headline: string; subline: string; icon: DeviceIcon; palette: Palette }[] =
  [
    {
      file: 'slider-1.svg',
      headline: 'Galaxy S24 Ultra',
      subline: 'Galaxy AI is here. Save 500 SAR this week.',
      icon: 'phone',
      palette: { from: '#0f766e', to: '#1e3a8a' },
    },
    {
      file: 'slider-2.svg',
      headline: 'Back to study',
      subline: 'Laptops and tablets for every budget.',
      icon: 'laptop',
      palette: { from: '#7c3aed', to: '#db2777' },
    },
    {
      file: 'slider-3.svg',
      headline: 'Delivered in 3 days',
      subline: 'Anywhere in the Kingdom. Returns within 24 hours.',
      icon: 'home',
      palette: { from: '#ea580c', to: '#b91c1c' },
    },
  ];

const infoPages = {
  about: {
    ar: `متجر الإلكترونيات متجر سعودي مقره مدينة الرياض، نبيع الأجهزة الإلكترونية وملحقاتها من أشهر العلامات التجارية العالمية: الجوالات والحواسيب المحمولة والأجهزة اللوحية والشاشات والسماعات والساعات الذكية وأجهزة الألعاب والكاميرات وأجهزة المنزل الذكي.

جميع منتجاتنا أصلية وجديدة ومعها ضمان الوكيل في المملكة العربية السعودية، والأسعار بالريال السعودي وتشمل ضريبة القيمة المضافة 15٪.

نوصل الطلبات إلى جميع مدن المملكة خلال 3 أيام عمل، ويسعد فريق خدمة العملاء بمساعدتكم من السبت إلى الخميس من الساعة 9 صباحاً حتى 11 مساءً عبر الهاتف والبريد الإلكتروني والواتساب.`,
    en: `Electronics Shop is a Saudi store based in Riyadh. We sell electronic devices and accessories from the best-known global brands: phones, laptops, tablets, TVs, audio, smart watches, gaming, cameras and smart-home devices.

Every product is genuine, brand new and covered by the official Saudi agent's warranty. Prices are in Saudi riyals and include 15% VAT.

We deliver to every city in the Kingdom within 3 working days, and our customer care team is happy to help from Saturday to Thursday, 9:00 to 23:00, by phone, e-mail and WhatsApp.`,
  },
  refund: {
    ar: `يحق لك إرجاع المنتج خلال 24 ساعة من استلامه واسترداد المبلغ كاملاً (100٪)، بشرط أن يكون المنتج بحالته الأصلية وفي عبوته مع جميع ملحقاته وفاتورته.

لطلب الإرجاع تواصل مع خدمة العملاء برقم الطلب، وسنرتب استلام المنتج من عنوانك دون أي رسوم إضافية.

يُعاد المبلغ إلى وسيلة الدفع نفسها خلال 7 أيام عمل من استلامنا للمنتج وفحصه.

لا تشمل سياسة الإرجاع المنتجات التي فُتحت عبوتها المختومة لأسباب صحية (مثل سماعات الأذن) إلا إذا كان بها عيب مصنعي. المنتجات المعيبة تُستبدل أو يُعاد مبلغها وفق ضمان الوكيل.`,
    en: `You may return a product within 24 hours of receiving it for a full (100%) refund, provided it is in its original condition and packaging with all its accessories and the invoice.

To request a return, contact customer care with your order number and we will collect the product from your address at no extra cost.

The amount is refunded to the same payment method within 7 working days of our receiving and inspecting the product.

For hygiene reasons, products whose sealed packaging has been opened (such as earbuds) cannot be returned unless they have a manufacturing defect. Defective products are replaced or refunded under the agent's warranty.`,
  },
  terms: {
    ar: `باستخدامك لهذا المتجر فإنك توافق على الشروط التالية:

1. الأسعار المعروضة بالريال السعودي وتشمل ضريبة القيمة المضافة، وقد تتغير دون إشعار مسبق. السعر المعتمد هو السعر وقت تأكيد الطلب.
2. يُعد الطلب مؤكداً بعد نجاح عملية الدفع، وتصلك رسالة بتفاصيل الطلب ورقمه.
3. رسوم الشحن تظهر قبل الدفع وتضاف إلى إجمالي الطلب.
4. نلتزم بتوصيل الطلبات خلال 3 أيام عمل داخل المملكة العربية السعودية، وقد تتأخر في المواسم والعطل الرسمية.
5. الكميات محدودة حسب المخزون، وإذا تعذر توفير منتج بعد الدفع نعيد المبلغ كاملاً.
6. نحافظ على سرية بياناتك ولا نشاركها إلا مع شركات الشحن والدفع بالقدر اللازم لتنفيذ طلبك.
7. تخضع هذه الشروط لأنظمة المملكة العربية السعودية.`,
    en: `By using this shop you agree to the following terms:

1. Prices are shown in Saudi riyals including VAT and may change without notice. The price that applies is the one at the time the order is confirmed.
2. An order is confirmed once its payment succeeds; you receive a message with the order details and number.
3. The shipping fee is shown before payment and added to the order total.
4. We deliver within 3 working days inside Saudi Arabia; deliveries may take longer during holidays and peak seasons.
5. Quantities are limited to the stock on hand. If a product cannot be supplied after payment, we refund the full amount.
6. We keep your data confidential and share it only with delivery and payment companies as far as needed to fulfil your order.
7. These terms are governed by the laws of the Kingdom of Saudi Arabia.`,
  },
};

const settings = {
  primaryColor: '#0f766e',
  showAddressDetails: true,
  shippingFee: 70,
  phones: ['+966112345678', '+966501234567', '920012345'],
  email: 'care@electronics-shop.sa',
  taxNumber: '310123456700003',
  commercialRegister: '1010123456',
  sellerName: { ar: 'متجر الإلكترونيات', en: 'Electronics Shop' },
  address: {
    ar: 'طريق الملك فهد، حي العليا، الرياض 12211، المملكة العربية السعودية',
    en: 'King Fahd Road, Al Olaya, Riyadh 12211, Saudi Arabia',
  },
  openingHours: {
    days: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'] as const,
    opens: '09:00',
    closes: '23:00',
  },
  deliveryDays: 3,
  returnHours: 24,
  socialLinks: {
    x: 'https://x.com/electronics_shop_sa',
    instagram: 'https://www.instagram.com/electronics_shop_sa',
    snapchat: 'https://www.snapchat.com/add/electronicsshop',
    tiktok: 'https://www.tiktok.com/@electronics_shop_sa',
    whatsapp: 'https://wa.me/966501234567',
  },
};

/** A varied, stable stock level for products that do not set one. */
const stockFor = (index: number) => 3 + ((index * 7) % 38);

/**
 * Writes the demo catalog (catalog.json and its SVG images) into `dir` and returns the path of
 * the JSON file.
 */
export async function writeDemoCatalog(dir: string): Promise<string> {
  const images = path.join(dir, 'images');
  await mkdir(images, { recursive: true });
  const files: Promise<void>[] = [];
  const write = (name: string, svg: string) => {
    files.push(writeFile(path.join(images, name), svg));
    return `images/${name}`;
  };

  const categoryByKey = new Map(demoCategories.map((c) => [c.key, c]));
  const companyByKey = new Map(demoCompanies.map((c) => [c.key, c]));

  // Extra views are shared by the products of a category: every stored image costs time, and
  // the demo must load in a few seconds (docs/decisions/012-demo-catalog.md).
  const views = new Map(
    demoCategories.map((c) => [
      c.key,
      [1, 2].map((view) =>
        write(
          `view-${c.key}-${view}.svg`,
          productSvg({
            icon: c.icon,
            palette: c.palette,
            overline: '',
            caption: '',
            view,
          }),
        ),
      ),
    ]),
  );

  const catalog: CatalogFile = {
    categories: demoCategories.map((c) => ({
      key: c.key,
      name: { ar: c.ar, en: c.en },
      image: write(
        `category-${c.key}.svg`,
        productSvg({ icon: c.icon, palette: c.palette, overline: 'Shop', caption: c.en }),
      ),
      ...(demoCategorySpecs[c.key] && { specs: demoCategorySpecs[c.key] }),
    })),
    companies: demoCompanies.map((c) => ({
      key: c.key,
      name: { ar: c.ar, en: c.en },
      image: write(`brand-${c.key}.svg`, brandSvg(c.en, c.palette)),
    })),
    products: demoProducts.map((p, index) => {
      const category = categoryByKey.get(p.category)!;
      const company = companyByKey.get(p.company)!;
      const stock = p.stock ?? stockFor(index);
      const sold = demoVariants(p, stock, demoLaptopStorage(p.sku));
      return {
        sku: p.sku,
        name: sold?.name ?? { ar: p.ar, en: p.en },
        description: { ar: p.descAr, en: p.descEn },
        category: p.category,
        company: p.company,
        ...(sold
          ? { options: sold.options, variants: sold.variants }
          : { price: p.price, ...(p.offer !== undefined && { offerPrice: p.offer }), stock }),
        featured: p.featured ?? false,
        ...(demoProductSpecs(p.sku) && { specs: demoProductSpecs(p.sku) }),
        image: write(
          `${p.sku}.svg`,
          productSvg({
            icon: category.icon,
            palette: category.palette,
            overline: company.en,
            caption: sold?.name.en ?? p.en,
          }),
        ),
        images: views.get(p.category)!,
      };
    }),
    agents: demoAgents.map((a) => ({
      key: a.key,
      name: a.name,
      company: a.company,
      phone: a.phone,
      image: write(`agent-${a.key}.svg`, avatarSvg(a.initials, a.palette)),
    })),
    sliders: demoSliders.map((sl) => ({
      image: write(sl.file, sliderSvg(sl.headline, sl.subline, sl.icon, sl.palette)),
    })),
    infoPages,
    settings: {
      ...settings,
      openingHours: { ...settings.openingHours, days: [...settings.openingHours.days] },
    },
  };
  await Promise.all(files);
  const file = path.join(dir, 'catalog.json');
  await writeFile(file, `${JSON.stringify(catalog, null, 2)}\n`);
  return file;
}
