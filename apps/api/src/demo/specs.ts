import type { SpecAttributeRecord, SpecValueRecord } from '../lib/catalog-file/format.ts';

/*
 * The demo catalog's specifications (decision 195): the attributes of phones and laptops, and
 * each of their products' values, written into the import file like any shop's.
 */

const inch = { ar: 'بوصة', en: 'inch' };

export const demoCategorySpecs: Record<string, SpecAttributeRecord[]> = {
  phones: [
    { name: { ar: 'حجم الشاشة', en: 'Screen size' }, unit: inch, kind: 'number' },
    { name: { ar: 'المعالج', en: 'Processor' }, kind: 'text' },
    {
      name: { ar: 'الكاميرا الرئيسية', en: 'Main camera' },
      unit: { ar: 'ميجابكسل', en: 'MP' },
      kind: 'number',
    },
    { name: { ar: 'البطارية', en: 'Battery' }, unit: 'mAh', kind: 'number' },
    {
      name: { ar: 'نظام التشغيل', en: 'Operating system' },
      kind: 'choice',
      choices: [
        { ar: 'آي أو إس', en: 'iOS' },
        { ar: 'أندرويد', en: 'Android' },
      ],
    },
  ],
  laptops: [
    { name: { ar: 'حجم الشاشة', en: 'Screen size' }, unit: inch, kind: 'number' },
    { name: { ar: 'المعالج', en: 'Processor' }, kind: 'text' },
    { name: { ar: 'الذاكرة العشوائية', en: 'RAM' }, unit: { ar: 'جيجابايت', en: 'GB' }, kind: 'number' },
  ],
};

type Phone = [screen: number, processor: string, camera: number, battery: number, os: 'iOS' | 'Android'];
type Laptop = [screen: number, processor: string, ram: number, storage: '256 GB' | '512 GB' | '1 TB'];

const phones: Record<string, Phone> = {
  'iphone-15-128': [6.1, 'A16 Bionic', 48, 3349, 'iOS'],
  'iphone-15-pro-256': [6.1, 'A17 Pro', 48, 3274, 'iOS'],
  'iphone-15-pro-max-256': [6.7, 'A17 Pro', 48, 4441, 'iOS'],
  'iphone-14-128': [6.1, 'A15 Bionic', 12, 3279, 'iOS'],
  'iphone-13-128': [6.1, 'A15 Bionic', 12, 3240, 'iOS'],
  'galaxy-s24-ultra-256': [6.8, 'Snapdragon 8 Gen 3', 200, 5000, 'Android'],
  'galaxy-s24-256': [6.2, 'Exynos 2400', 50, 4000, 'Android'],
  'galaxy-z-flip5-256': [6.7, 'Snapdragon 8 Gen 2', 12, 3700, 'Android'],
  'galaxy-z-fold5-512': [7.6, 'Snapdragon 8 Gen 2', 50, 4400, 'Android'],
  'galaxy-a55-128': [6.6, 'Exynos 1480', 50, 5000, 'Android'],
  'galaxy-a15-128': [6.5, 'Helio G99', 50, 5000, 'Android'],
  'huawei-pura-70-pro': [6.8, 'Kirin 9010', 50, 5050, 'Android'],
  'huawei-nova-12-se': [6.67, 'Snapdragon 680', 108, 4500, 'Android'],
  'xiaomi-14-ultra-512': [6.73, 'Snapdragon 8 Gen 3', 50, 5000, 'Android'],
  'redmi-note-13-pro-256': [6.67, 'Helio G99 Ultra', 200, 5100, 'Android'],
  'xiaomi-13t-pro-512': [6.67, 'Dimensity 9200+', 50, 5000, 'Android'],
  'redmi-13c-128': [6.74, 'Helio G85', 50, 5000, 'Android'],
  'sony-xperia-1-v': [6.5, 'Snapdragon 8 Gen 2', 48, 5000, 'Android'],
};

const laptops: Record<string, Laptop> = {
  'macbook-air-13-m3': [13.6, 'Apple M3', 8, '256 GB'],
  'macbook-pro-14-m3-pro': [14.2, 'Apple M3 Pro', 18, '512 GB'],
  'lenovo-yoga-slim-7-14': [14, 'Intel Core Ultra 7 155H', 16, '1 TB'],
  'lenovo-legion-5-rtx4060': [16, 'AMD Ryzen 7 7840HS', 16, '1 TB'],
  'lenovo-ideapad-slim-3-15': [15.6, 'Intel Core i5-1235U', 8, '512 GB'],
  'hp-spectre-x360-14': [14, 'Intel Core Ultra 7 155H', 16, '1 TB'],
  'hp-victus-15-rtx4050': [15.6, 'Intel Core i5-13420H', 16, '512 GB'],
  'hp-pavilion-15-i7': [15.6, 'Intel Core i7-1355U', 16, '512 GB'],
  'galaxy-book4-pro-14': [14, 'Intel Core Ultra 7 155H', 16, '512 GB'],
  'huawei-matebook-d16': [16, 'Intel Core i5-12450H', 16, '512 GB'],
};

/** A demo product's values by attribute English name; none for products of other categories. */
export function demoProductSpecs(sku: string): Record<string, SpecValueRecord> | undefined {
  const phone = phones[sku];
  if (phone) {
    const [screen, processor, camera, battery, os] = phone;
    return {
      'Screen size': screen,
      Processor: processor,
      'Main camera': camera,
      Battery: battery,
      'Operating system': os,
    };
  }
  const laptop = laptops[sku];
  if (laptop) {
    const [screen, processor, ram] = laptop;
    return { 'Screen size': screen, Processor: processor, RAM: ram };
  }
  return undefined;
}

/**
 * A demo laptop's smallest storage in GB: laptops are sold by storage (see variants.ts), so it
 * is an option of theirs rather than a specification.
 */
export function demoLaptopStorage(sku: string): number | undefined {
  const storage = laptops[sku]?.[3];
  return storage === undefined ? undefined : storage === '1 TB' ? 1024 : Number.parseInt(storage, 10);
}

/** The phones and laptops the demo gives values (its test checks each is a demo product). */
export const demoPhoneSkus = () => phones;
export const demoLaptopSkus = () => laptops;
