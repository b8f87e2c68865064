import {
  halalasToSar,
  MAX_COMPARE_PRODUCTS,
  type Comparison,
  sarToHalalas,
  type Category,
  type Company,
  type Lang,
  type ListingSort,
  type PagedProducts,
  type Product,
  type ProductDetails,
  type ProductOption,
  type ProductVariant,
} from '@shop/contract';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  categories,
  companies,
  productImages,
  productOptions,
  productOptionValues,
  products,
  productSaleColumns,
  productVariants,
} from './schema.ts';
import { facetsOf, type FacetFilter } from './facets.ts';
import type { Shelves } from './listing-index.ts';
import { categorySpecNames, shownSpecs } from './specs.ts';

/** Home lists (featured, new, offers) and related products hold at most this many (decision 013). */
export const HOME_LIST_SIZE = 10;

const pick = (lang: Lang, ar: string, en: string) => (lang === 'en' ? en : ar);

/**
 * What shoppers may see: not hidden. Written as the listing indexes' predicate (migration 0010)
 * so that the planner matches them.
 */
export const visibleProduct = sql`not ${products.hidden}`;

const productFields = {
  id: products.id,
  ...productSaleColumns,
  categoryId: products.categoryId,
  categoryNameAr: categories.nameAr,
  categoryNameEn: categories.nameEn,
  companyId: products.companyId,
  companyNameAr: companies.nameAr,
  companyNameEn: companies.nameEn,
  variantCount: products.variantCount,
  fromPriceHalalas: products.fromPriceHalalas,
  swatches: products.swatches,
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
    ...(row.variantCount > 1 && { variantCount: row.variantCount }),
    ...(row.variantCount > 1 &&
      row.fromPriceHalalas !== null &&
      row.fromPriceHalalas !== (row.offerPriceHalalas ?? row.priceHalalas) && {
        productPriceFrom: halalasToSar(row.fromPriceHalalas),
      }),
    ...(row.swatches.length > 0 && {
      swatches: row.swatches.map((s) => ({
        name: pick(lang, s.ar, s.en),
        ...(s.swatch !== null && { colour: s.swatch }),
      })),
    }),
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
    // Written as the partial index products_best_sellers is, so that the index serves it.
    .where(and(sql`${products.unitsSold} > 0 or ${products.featured}`, visibleProduct))
    .orderBy(desc(products.unitsSold), desc(products.featured), desc(products.updatedAt), asc(products.id))
    .limit(HOME_LIST_SIZE);
  return rows.map((r) => toProduct(r, lang));
}

export async function newestProducts(db: Db, lang: Lang): Promise<Product[]> {
  const rows = await selectProducts(db)
    .where(visibleProduct)
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(HOME_LIST_SIZE);
  return rows.map((r) => toProduct(r, lang));
}

/** Products on offer, the biggest discount (as a share of the price) first. */
export async function offerProducts(db: Db, lang: Lang): Promise<Product[]> {
  const rows = await selectProducts(db)
    .where(and(isNotNull(products.offerPriceHalalas), visibleProduct))
    .orderBy(sql`${products.offerShare} desc nulls last`, asc(products.id))
    .limit(HOME_LIST_SIZE);
  return rows.map((r) => toProduct(r, lang));
}

/** One product; a hidden one only for staff (`includeHidden`), otherwise null like a missing one. */
export async function productDetails(
  db: Db,
  id: number,
  lang: Lang,
  { includeHidden = false } = {},
): Promise<ProductDetails | null> {
  const [row] = await selectProducts(db).where(
    and(eq(products.id, id), includeHidden ? undefined : visibleProduct),
  );
  if (!row) return null;
  const images = await db
    .select({ image: productImages.image })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.sort), asc(productImages.id));
  const [{ options, variants }, specs] = await Promise.all([
    optionsAndVariants(db, id, lang),
    shownSpecs(db, [id], lang),
  ]);
  return {
    ...toProduct(row, lang),
    productImages: images.map((i) => ({ productImage: i.image })),
    productSpecs: specs.map(({ productId: _, ...spec }) => spec),
    options,
    variants,
  };
}

/** A product's options with their values, and its visible variants, in order. */
async function optionsAndVariants(db: Db, productId: number, lang: Lang) {
  const [optionRows, variantRows] = await Promise.all([
    db
      .select({
        optionId: productOptions.id,
        position: productOptions.position,
        nameAr: productOptions.nameAr,
        nameEn: productOptions.nameEn,
        kind: productOptions.kind,
        valueId: productOptionValues.id,
        valueAr: productOptionValues.nameAr,
        valueEn: productOptionValues.nameEn,
        swatch: productOptionValues.swatch,
      })
      .from(productOptions)
      .innerJoin(productOptionValues, eq(productOptionValues.optionId, productOptions.id))
      .where(eq(productOptions.productId, productId))
      .orderBy(asc(productOptions.position), asc(productOptionValues.position)),
    db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), eq(productVariants.hidden, false)))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
  ]);
  const options: ProductOption[] = [];
  for (const r of optionRows) {
    let option = options.find((o) => o.optionId === r.optionId);
    if (!option) {
      option = { optionId: r.optionId, name: pick(lang, r.nameAr, r.nameEn), kind: r.kind, values: [] };
      options.push(option);
    }
    option.values.push({
      valueId: r.valueId,
      name: pick(lang, r.valueAr, r.valueEn),
      ...(r.swatch !== null && { swatch: r.swatch }),
    });
  }
  // Only values some visible variant has are offered.
  const used = new Set(variantRows.flatMap((v) => [v.value1Id, v.value2Id, v.value3Id]));
  for (const option of options) option.values = option.values.filter((v) => used.has(v.valueId));
  const variants: ProductVariant[] = variantRows.map((v) => ({
    variantId: v.id,
    sku: v.sku,
    ...(v.barcode !== null && { barcode: v.barcode }),
    valueIds: [v.value1Id, v.value2Id, v.value3Id]
      .slice(0, options.length)
      .filter((x): x is number => x !== null),
    price: halalasToSar(v.priceHalalas),
    ...(v.offerPriceHalalas !== null && { priceAfterOffer: halalasToSar(v.offerPriceHalalas) }),
    stock: v.stock,
    ...(v.image !== null && { image: v.image }),
  }));
  return { options: options.filter((o) => o.values.length > 0), variants };
}

/** Other products of the same category, best sellers first; null when there is no such product. */
export async function relatedProducts(db: Db, id: number, lang: Lang): Promise<Product[] | null> {
  const [product] = await db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, id));
  if (!product) return null;
  const rows = await selectProducts(db)
    .where(and(eq(products.categoryId, product.categoryId), ne(products.id, id), visibleProduct))
    .orderBy(desc(products.unitsSold), desc(products.featured), asc(products.id))
    .limit(HOME_LIST_SIZE);
  return rows.map((r) => toProduct(r, lang));
}

export interface PriceRange {
  /** SAR, inclusive, on the effective price. */
  startprice?: number | undefined;
  finishprice?: number | undefined;
}

export interface Page {
  pageSize: number;
  page: number;
}

export const emptyPage: PagedProducts = { products: [], pagging: { pageCount: 0, rawCount: 0 } };

/**
 * The cards of the visible products of `ids`, in that order, ready to answer: from the shelves
 * in memory (their `Card`s, and the names of categories and makers read with them), so that a
 * listing or search page sends no statement (decision 203). The same fields as `selectProducts`
 * reads, so the same cards.
 */
export function cardsOf(shelves: Shelves, lang: Lang, ids: readonly number[]): Product[] {
  const { categories: shelvesOf, makers } = shelves.names;
  return shelves.cards(ids).map(({ id, category, company, card }) => {
    const shelf = shelvesOf.get(category);
    const maker = makers.get(company);
    return toProduct(
      {
        id,
        ...card,
        categoryId: category,
        categoryNameAr: shelf?.nameAr ?? '',
        categoryNameEn: shelf?.nameEn ?? '',
        companyId: company,
        companyNameAr: maker?.nameAr ?? '',
        companyNameEn: maker?.nameEn ?? '',
      },
      lang,
    );
  });
}

export interface ProductFilters extends PriceRange, FacetFilter {
  categoryId?: number | undefined;
  companyId?: number | undefined;
  /** Answer the listing's facets too (facets.ts). */
  withFacets?: boolean | undefined;
  /** `rating`: the best rated first (decision 227); otherwise the catalog's order. */
  sort?: ListingSort | undefined;
}

/** A price range (SAR) as the shelves' bounds (halalas). */
export const priceBounds = (range: PriceRange) => ({
  minPrice: range.startprice === undefined ? undefined : sarToHalalas(range.startprice),
  maxPrice: range.finishprice === undefined ? undefined : sarToHalalas(range.finishprice),
});

/**
 * One page of a listing, in catalog order (as the importer placed the products: by id), or the
 * best rated first with `sort: 'rating'`. The
 * page, its count and, with `withFacets`, the facets of the category's or maker's shelf (or of
 * the whole catalog) come from one pass over the shelves kept in memory (listing-index.ts: the
 * caller takes them current first), and so do the page's cards (`cardsOf`). A page past the end
 * is an empty page with the true counts. Null when the category or company asked for does not
 * exist: the database is asked only about one the shelves do not know.
 */
export async function listProducts(
  db: Db,
  shelves: Shelves,
  lang: Lang,
  { pageSize, page }: Page,
  filters: ProductFilters,
): Promise<PagedProducts | null> {
  // A category or company that does not exist is a wrong link, not an empty shelf. The shelves
  // know every one that existed when they were read; one they do not know is asked about.
  const { names } = shelves;
  if (filters.categoryId !== undefined && !names.categories.has(filters.categoryId)) {
    const [found] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, filters.categoryId));
    if (!found) return null;
  }
  if (filters.companyId !== undefined && !names.makers.has(filters.companyId)) {
    const [found] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, filters.companyId));
    if (!found) return null;
  }
  const narrowed = shelves.narrow(shelves.shelf(filters.categoryId, filters.companyId), {
    facet: filters.facet ?? [],
    inStock: filters.inStock === true,
    ...priceBounds(filters),
    makers: filters.companyId === undefined,
    counts: filters.withFacets === true,
    offset: (page - 1) * pageSize,
    limit: pageSize,
    order: filters.sort === 'rating' ? 'rating' : 'catalog',
  });
  const facets = filters.withFacets ? facetsOf(names, lang, narrowed, filters) : undefined;
  return {
    products: cardsOf(shelves, lang, narrowed.ids),
    pagging: { pageCount: Math.ceil(narrowed.total / pageSize), rawCount: narrowed.total },
    ...(facets && { facets }),
  };
}

/**
 * Products side by side (decision 196): the visible ones of `ids` in that order, those of the
 * first one's category only, at most MAX_COMPARE_PRODUCTS; each attribute of that category that
 * one of them fills, with a value or null per product. The ids not shown are `leftOut`.
 */
export async function compareProducts(db: Db, ids: number[], lang: Lang): Promise<Comparison> {
  const rows =
    ids.length === 0 ? [] : await selectProducts(db).where(and(inArray(products.id, ids), visibleProduct));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = ids.flatMap((id) => byId.get(id) ?? []);
  const first = found[0];
  const shown = found.filter((r) => r.categoryId === first?.categoryId).slice(0, MAX_COMPARE_PRODUCTS);
  const shownIds = new Set(shown.map((r) => r.id));
  const [names, values] = first
    ? await Promise.all([
        categorySpecNames(db, first.categoryId, lang),
        shownSpecs(
          db,
          shown.map((r) => r.id),
          lang,
        ),
      ])
    : [[], []];
  const valueOf = new Map(values.map((v) => [`${v.productId}:${v.specId}`, v.specValue]));
  return {
    categoryId: first?.categoryId ?? null,
    categoryName: first ? pick(lang, first.categoryNameAr, first.categoryNameEn) : '',
    products: shown.map((r) => toProduct(r, lang)),
    specs: names
      .map((n) => ({ ...n, values: shown.map((r) => valueOf.get(`${r.id}:${n.specId}`) ?? null) }))
      .filter((s) => s.values.some((v) => v !== null)),
    leftOut: ids.filter((id) => !shownIds.has(id)),
  };
}
