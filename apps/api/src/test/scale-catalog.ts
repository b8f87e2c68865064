import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * A generated bilingual catalog of `size` products, written by one INSERT … SELECT over
 * generate_series (seconds for 20,000 rows, where the importer would take much longer).
 * Deterministic: product n always gets the same names, price, offer and sales.
 * Brands come with their model families; Arabic names are spelt as Saudi shops write them.
 */
export const scaleBrands = [
  {
    slug: 'apple',
    ar: 'أبل',
    en: 'Apple',
    families: [
      ['آيفون', 'iPhone'],
      ['ماك بوك', 'MacBook'],
    ],
  },
  {
    slug: 'samsung',
    ar: 'سامسونج',
    en: 'Samsung',
    families: [
      ['جالاكسي', 'Galaxy'],
      ['نيو كيو ال اي دي', 'Neo QLED'],
    ],
  },
  {
    slug: 'xiaomi',
    ar: 'شاومي',
    en: 'Xiaomi',
    families: [
      ['ريدمي', 'Redmi'],
      ['بوكو', 'Poco'],
    ],
  },
  {
    slug: 'huawei',
    ar: 'هواوي',
    en: 'Huawei',
    families: [
      ['ميت', 'Mate'],
      ['نوفا', 'Nova'],
    ],
  },
  {
    slug: 'sony',
    ar: 'سوني',
    en: 'Sony',
    families: [
      ['برافيا', 'Bravia'],
      ['بلايستيشن', 'PlayStation'],
    ],
  },
  {
    slug: 'lenovo',
    ar: 'لينوفو',
    en: 'Lenovo',
    families: [
      ['ثينك باد', 'ThinkPad'],
      ['ليجن', 'Legion'],
    ],
  },
  {
    slug: 'hp',
    ar: 'اتش بي',
    en: 'HP',
    families: [
      ['بافيليون', 'Pavilion'],
      ['اومن', 'Omen'],
    ],
  },
  {
    slug: 'dell',
    ar: 'ديل',
    en: 'Dell',
    families: [
      ['انسبيرون', 'Inspiron'],
      ['الين وير', 'Alienware'],
    ],
  },
  {
    slug: 'lg',
    ar: 'ال جي',
    en: 'LG',
    families: [
      ['أوليد', 'OLED'],
      ['جرام', 'Gram'],
    ],
  },
  {
    slug: 'canon',
    ar: 'كانون',
    en: 'Canon',
    families: [
      ['إيوس', 'EOS'],
      ['باورشوت', 'PowerShot'],
    ],
  },
] as const;

export const scaleCategories = [
  { slug: 'phones', ar: 'الجوالات', en: 'Phones', kindAr: 'جوال', kindEn: 'Phone' },
  { slug: 'laptops', ar: 'الحواسيب المحمولة', en: 'Laptops', kindAr: 'لابتوب', kindEn: 'Laptop' },
  { slug: 'tvs', ar: 'الشاشات', en: 'TVs', kindAr: 'شاشة', kindEn: 'TV' },
  { slug: 'audio', ar: 'السماعات', en: 'Audio', kindAr: 'سماعة', kindEn: 'Headphones' },
  { slug: 'watches', ar: 'الساعات الذكية', en: 'Smart watches', kindAr: 'ساعة ذكية', kindEn: 'Smart watch' },
  { slug: 'cameras', ar: 'الكاميرات', en: 'Cameras', kindAr: 'كاميرا', kindEn: 'Camera' },
  { slug: 'gaming', ar: 'الألعاب', en: 'Gaming', kindAr: 'جهاز ألعاب', kindEn: 'Console' },
  { slug: 'accessories', ar: 'الإكسسوارات', en: 'Accessories', kindAr: 'شاحن', kindEn: 'Charger' },
] as const;

const colours = [
  ['أسود', 'Black'],
  ['أبيض', 'White'],
  ['فضي', 'Silver'],
  ['أزرق', 'Blue'],
  ['رمادي', 'Grey'],
] as const;

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )}]`;

/** Inserts the categories, brands and `size` products; returns the brands' ids by slug. */
export async function generateScaleCatalog(db: Db, size: number): Promise<Map<string, number>> {
  await db.execute(sql`
    insert into categories (slug, name_ar, name_en, image, sort)
    select c.slug, c.ar, c.en, '/uploads/catalog/' || c.slug || '.webp', c.n
    from unnest(${textArray(scaleCategories.map((c) => c.slug))}, ${textArray(scaleCategories.map((c) => c.ar))},
      ${textArray(scaleCategories.map((c) => c.en))}) with ordinality as c(slug, ar, en, n)`);
  await db.execute(sql`
    insert into companies (slug, name_ar, name_en, image, sort)
    select b.slug, b.ar, b.en, '/uploads/catalog/' || b.slug || '.webp', b.n
    from unnest(${textArray(scaleBrands.map((b) => b.slug))}, ${textArray(scaleBrands.map((b) => b.ar))},
      ${textArray(scaleBrands.map((b) => b.en))}) with ordinality as b(slug, ar, en, n)`);
  const families = scaleBrands.flatMap((b) => b.families.map(([ar, en]) => ({ brand: b.slug, ar, en })));
  // Product g: brand and family from g, category from g / 7, so every brand sells in every
  // category; prices spread from 50 to about 9,000 SAR; one in five on offer; a few sold.
  await db.execute(sql`
    with f as (
      select * from unnest(${textArray(families.map((f) => f.brand))}, ${textArray(families.map((f) => f.ar))},
        ${textArray(families.map((f) => f.en))}) with ordinality as f(brand, ar, en, n)
    ), k as (
      select * from unnest(${textArray(scaleCategories.map((c) => c.slug))},
        ${textArray(scaleCategories.map((c) => c.kindAr))}, ${textArray(scaleCategories.map((c) => c.kindEn))})
        with ordinality as k(slug, ar, en, n)
    ), col as (
      select * from unnest(${textArray(colours.map((c) => c[0]))}, ${textArray(colours.map((c) => c[1]))})
        with ordinality as col(ar, en, n)
    )
    insert into products (sku, name_ar, name_en, price_halalas, offer_price_halalas, stock, category_id,
      company_id, image, featured, units_sold)
    select 'gen-' || g,
      k.ar || ' ' || co.name_ar || ' ' || f.ar || ' ' || (g % 60) || ' ' || col.ar,
      co.name_en || ' ' || f.en || ' ' || (g % 60) || ' ' || k.en || ' ' || col.en,
      5000 + (g * 7919) % 900000,
      case when g % 5 = 0 then (5000 + (g * 7919) % 900000) * (60 + g % 35) / 100 end,
      g % 50, ca.id, co.id, '/uploads/catalog/' || k.slug || '.webp', g % 997 = 0,
      case when g % 101 = 0 then g % 13 else 0 end
    from generate_series(1, ${size}) as g
    join f on f.n = 1 + g % ${families.length}
    join k on k.n = 1 + (g / 7) % ${scaleCategories.length}
    join col on col.n = 1 + (g / 3) % ${colours.length}
    join companies co on co.slug = f.brand
    join categories ca on ca.slug = k.slug`);
  // Each generated product is sold without options: one variant with its SKU, prices and stock.
  await db.execute(sql`
    insert into product_variants (product_id, sku, price_halalas, offer_price_halalas, stock)
    select id, sku, price_halalas, offer_price_halalas, stock from products
    where sku like 'gen-%' and not exists (select 1 from product_variants v where v.product_id = products.id)`);
  // What the importer does after a load: fresh statistics, and pages marked all-visible so
  // that listings are read from the indexes alone.
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze product_variants`);
  const rows = await db.execute(sql`select slug, id from companies`);
  return new Map(
    (rows as unknown as { rows: { slug: string; id: number }[] }).rows.map((r) => [r.slug, r.id]),
  );
}
