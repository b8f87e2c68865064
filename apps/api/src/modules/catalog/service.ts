import {
  halalasToSar,
  sarToHalalas,
  type Category,
  type Company,
  type Lang,
  type PagedProducts,
  type Product,
  type ProductDetails,
} from '@shop/contract';
import { and, asc, count, desc, eq, gt, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, companies, productImages, products } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/** Home lists (featured, new, offers) and related products hold at most this many (decision 013). */
export const HOME_LIST_SIZE = 10;

const pick = (lang: Lang, ar: string, en: string) => (lang === 'en' ? en : ar);

/** What a shopper pays for one unit: the offer price when there is one. */
export const effectivePrice = sql<number>`coalesce(${products.offerPriceHalalas}, ${products.priceHalalas})`;

const productFields = {
  id: products.id,
  nameAr: products.nameAr,
  nameEn: products.nameEn,
  descriptionAr: products.descriptionAr,
  descriptionEn: products.descriptionEn,
  image: products.image,
  priceHalalas: products.priceHalalas,
  offerPriceHalalas: products.offerPriceHalalas,
  stock: products.stock,
  categoryId: products.categoryId,
  categoryNameAr: categories.nameAr,
  categoryNameEn: categories.nameEn,
  companyId: products.companyId,
  companyNameAr: companies.nameAr,
  companyNameEn: companies.nameEn,
};

type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

function toProduct(row: ProductRow, lang: Lang): Product {
  return {
    productId: row.id,
    productName: pick(lang, row.nameAr, row.nameEn),
    productImage: row.image,
    productPrice: halalasToSar(row.priceHalalas),
    ...(row.offerPriceHalalas !== null && { productPriceAfterOffer: halalasToSar(row.offerPriceHalalas) }),
    productDescripition: pick(lang, row.descriptionAr, row.descriptionEn),
    categoryId: row.categoryId,
    categoryName: pick(lang, row.categoryNameAr, row.categoryNameEn),
    companyId: row.companyId,
    companyName: pick(lang, row.companyNameAr, row.companyNameEn),
    productStock: row.stock,
  };
}

/** Products joined with their category and company, ready for `toProduct`. */
function selectProducts(db: Db) {
  return db
    .select(productFields)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(companies, eq(companies.id, products.companyId));
}

export async function listCategories(db: Db, lang: Lang): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
  return rows.map((c) => ({
    categoryId: c.id,
    categoryName: pick(lang, c.nameAr, c.nameEn),
    categoryImage: c.image,
  }));
}

export async function listCompanies(db: Db, lang: Lang): Promise<Company[]> {
  const rows = await db.select().from(companies).orderBy(asc(companies.sort), asc(companies.id));
  return rows.map((c) => ({
    companyId: c.id,
    companyName: pick(lang, c.nameAr, c.nameEn),
    companyImage: c.image,
  }));
}

/**
 * Best sellers by units sold; products flagged `featured` fill the list until enough orders
 * exist, so the home page is never empty on a new shop.
 */
export async function featuredProducts(db: Db, lang: Lang): Promise<Product[]> {
  const rows = await selectProducts(db)
    .where(or(gt(products.unitsSold, 0), eq(products.featured, true)))
    .orderBy(desc(products.unitsSold), desc(products.featured), desc(products.updatedAt), asc(products.id))
    .limit(HOME_LIST_SIZE);
  return rows.map((r) => toProduct(r, lang));
}

export async function newestProducts(db: Db, lang: Lang): Promise<Product[]> {
  const rows = await selectProducts(db)
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(HOME_LIST_SIZE);
  return rows.map((r) => toProduct(r, lang));
}

/** Products on offer, the biggest discount (as a share of the price) first. */
export async function offerProducts(db: Db, lang: Lang): Promise<Product[]> {
  const discountShare = sql`(${products.priceHalalas} - ${products.offerPriceHalalas})::float8 / nullif(${products.priceHalalas}, 0)`;
  const rows = await selectProducts(db)
    .where(isNotNull(products.offerPriceHalalas))
    .orderBy(sql`${discountShare} desc nulls last`, asc(products.id))
    .limit(HOME_LIST_SIZE);
  return rows.map((r) => toProduct(r, lang));
}

export async function productDetails(db: Db, id: number, lang: Lang): Promise<ProductDetails> {
  const [row] = await selectProducts(db).where(eq(products.id, id));
  if (!row) throw notFound('PRODUCT_NOT_FOUND');
  const images = await db
    .select({ image: productImages.image })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.sort), asc(productImages.id));
  return {
    ...toProduct(row, lang),
    productImages: images.map((i) => ({ productImage: i.image })),
  };
}

/** Other products of the same category, best sellers first. */
export async function relatedProducts(db: Db, id: number, lang: Lang): Promise<Product[]> {
  const [product] = await db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, id));
  if (!product) throw notFound('PRODUCT_NOT_FOUND');
  const rows = await selectProducts(db)
    .where(and(eq(products.categoryId, product.categoryId), ne(products.id, id)))
    .orderBy(desc(products.unitsSold), desc(products.featured), asc(products.id))
    .limit(HOME_LIST_SIZE);
  return rows.map((r) => toProduct(r, lang));
}

export interface PriceRange {
  /** SAR, inclusive, on the effective price. */
  startprice?: number | undefined;
  finishprice?: number | undefined;
}

export function priceRangeFilter(range: PriceRange): SQL[] {
  const filters: SQL[] = [];
  if (range.startprice !== undefined)
    filters.push(sql`${effectivePrice} >= ${sarToHalalas(range.startprice)}`);
  if (range.finishprice !== undefined)
    filters.push(sql`${effectivePrice} <= ${sarToHalalas(range.finishprice)}`);
  return filters;
}

export interface Page {
  pageSize: number;
  page: number;
}

/**
 * One page of products matching `where`, in `orderBy` order, with the page count and the
 * number of matching products.
 */
export async function pagedProducts(
  db: Db,
  lang: Lang,
  { pageSize, page }: Page,
  where: SQL | undefined,
  orderBy: SQL[],
): Promise<PagedProducts> {
  const [total] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(where);
  const rawCount = total?.n ?? 0;
  const rows =
    rawCount > (page - 1) * pageSize
      ? await selectProducts(db)
          .where(where)
          .orderBy(...orderBy)
          .limit(pageSize)
          .offset((page - 1) * pageSize)
      : [];
  return {
    products: rows.map((r) => toProduct(r, lang)),
    pagging: { pageCount: Math.ceil(rawCount / pageSize), rawCount },
  };
}

export interface ProductFilters extends PriceRange {
  categoryId?: number | undefined;
  companyId?: number | undefined;
}

/** The catalog order of listings: as the importer placed them (category by category). */
export const catalogOrder = [asc(products.id)];

export async function listProducts(
  db: Db,
  lang: Lang,
  page: Page,
  filters: ProductFilters,
): Promise<PagedProducts> {
  // A category or company that does not exist is a wrong link, not an empty shelf.
  if (filters.categoryId !== undefined) {
    const [found] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, filters.categoryId));
    if (!found) throw notFound();
  }
  if (filters.companyId !== undefined) {
    const [found] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, filters.companyId));
    if (!found) throw notFound();
  }
  const where = and(
    filters.categoryId !== undefined ? eq(products.categoryId, filters.categoryId) : undefined,
    filters.companyId !== undefined ? eq(products.companyId, filters.companyId) : undefined,
    ...priceRangeFilter(filters),
  );
  return pagedProducts(db, lang, page, where, catalogOrder);
}
