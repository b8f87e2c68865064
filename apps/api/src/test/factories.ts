import type { Db } from '../db/client.ts';
import { categories, companies, products } from '../modules/catalog/schema.ts';

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
 * A product in stock at 100 SAR. A category and a company are created for it unless their ids
 * are given.
 */
export async function createProduct(
  db: Db,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<ProductRow> {
  const n = next();
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id;
  const companyId = overrides.companyId ?? (await createCompany(db)).id;
  const [row] = await db
    .insert(products)
    .values({
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
    })
    .returning();
  return row!;
}
