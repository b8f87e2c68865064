import type { Db } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import {
  categories,
  companies,
  productOptions,
  productOptionValues,
  products,
  productVariants,
} from '../modules/catalog/schema.ts';

/** Small factories for API tests: each row gets unique keys; pass overrides for what matters. */

let sequence = 0;
const next = () => ++sequence;

export type CategoryRow = typeof categories.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export async function createCategory(
  db: Db,
  overrides: Partial<typeof categories.$inferInsert> = {},
): Promise<CategoryRow> {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({
      slug: `category-${n}`,
      nameAr: `فئة ${n}`,
      nameEn: `Category ${n}`,
      image: `/uploads/catalog/category-${n}.webp`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createCompany(
  db: Db,
  overrides: Partial<typeof companies.$inferInsert> = {},
): Promise<CompanyRow> {
  const n = next();
  const [row] = await db
    .insert(companies)
    .values({
      slug: `company-${n}`,
      nameAr: `شركة ${n}`,
      nameEn: `Company ${n}`,
      image: `/uploads/catalog/company-${n}.webp`,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A product in stock at 100 SAR, without options: its one variant carries the SKU, prices and
 * stock given (the product row's copies of them are kept by the database). A category and a
 * company are created for it unless their ids are given.
 */
export async function createProduct(
  db: Db,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<ProductRow> {
  const n = next();
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id;
  const companyId = overrides.companyId ?? (await createCompany(db)).id;
  const values = {
    sku: `sku-${n}`,
    nameAr: `منتج ${n}`,
    nameEn: `Product ${n}`,
    descriptionAr: `وصف المنتج ${n}`,
    descriptionEn: `Description of product ${n}`,
    priceHalalas: 10_000,
    stock: 10,
    image: `/uploads/catalog/product-${n}.webp`,
    ...overrides,
    categoryId,
    companyId,
  };
  const [row] = await db.insert(products).values(values).returning();
  await db.insert(productVariants).values({
    productId: row!.id,
    sku: values.sku,
    priceHalalas: values.priceHalalas,
    offerPriceHalalas: values.offerPriceHalalas ?? null,
    offerPlannedHalalas: values.offerPlannedHalalas ?? null,
    stock: values.stock,
  });
  return (await db.select().from(products).where(eq(products.id, row!.id)))[0]!;
}

/** The one variant of a product without options (its id is what cart and order lines name). */
export async function soleVariant(db: Db, productId: number) {
  const rows = await db.select().from(productVariants).where(eq(productVariants.productId, productId));
  if (rows.length !== 1) throw new Error(`product ${productId} has ${rows.length} variants`);
  return rows[0]!;
}

/** Sets the stock (and, when given, the prices) of a product without options, as staff would. */
export async function setSoleVariant(
  db: Db,
  productId: number,
  values: Partial<Pick<typeof productVariants.$inferInsert, 'stock' | 'priceHalalas' | 'offerPriceHalalas'>>,
): Promise<void> {
  await db.update(productVariants).set(values).where(eq(productVariants.productId, productId));
}

export interface VariantSpec {
  sku: string;
  /** One value name (English) per option, in the options' order. */
  values: string[];
  priceHalalas: number;
  offerPriceHalalas?: number | null;
  stock: number;
}

/**
 * A phone sold by storage and colour: options with Arabic and English value names (a colour
 * option gets swatches), and the variants given (each naming its values in English).
 */
export async function createProductWithVariants(
  db: Db,
  options: {
    nameAr: string;
    nameEn: string;
    kind?: 'text' | 'colour';
    values: { ar: string; en: string; swatch?: string }[];
  }[],
  variants: VariantSpec[],
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const product = await createProduct(db, {
    ...overrides,
    sku: overrides.sku ?? `group-${variants[0]!.sku}`,
  });
  await db.delete(productVariants).where(eq(productVariants.productId, product.id));
  const valueIds: Map<string, number>[] = [];
  for (const [i, option] of options.entries()) {
    const [row] = await db
      .insert(productOptions)
      .values({
        productId: product.id,
        position: i + 1,
        nameAr: option.nameAr,
        nameEn: option.nameEn,
        kind: option.kind ?? 'text',
      })
      .returning();
    const values = await db
      .insert(productOptionValues)
      .values(
        option.values.map((v, j) => ({
          optionId: row!.id,
          position: j + 1,
          nameAr: v.ar,
          nameEn: v.en,
          swatch: v.swatch ?? null,
        })),
      )
      .returning();
    valueIds.push(new Map(values.map((v) => [v.nameEn, v.id])));
  }
  const rows = await db
    .insert(productVariants)
    .values(
      variants.map((v, position) => ({
        productId: product.id,
        position,
        sku: v.sku,
        value1Id: valueIds[0]?.get(v.values[0]!) ?? null,
        value2Id: valueIds[1]?.get(v.values[1]!) ?? null,
        value3Id: valueIds[2]?.get(v.values[2]!) ?? null,
        priceHalalas: v.priceHalalas,
        offerPriceHalalas: v.offerPriceHalalas ?? null,
        stock: v.stock,
      })),
    )
    .returning();
  const [fresh] = await db.select().from(products).where(eq(products.id, product.id));
  return { product: fresh!, variants: rows };
}
