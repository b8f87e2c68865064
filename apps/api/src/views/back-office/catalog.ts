import type {
  AdminGroup,
  AdminProduct,
  AdminProductPage,
  AdminProductPick,
  AdminProductSpec,
  AdminProductsQuery,
  AdminSpecAttribute,
  Lang,
} from '@shop/contract';
import { eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products, productVariants } from '../../modules/catalog/schema.ts';
import { listSpecAttributes, productSpecValues } from '../../modules/catalog/specs.ts';
import { adminProduct, listAdminProducts } from '../../modules/catalog/admin.ts';
import type { StaffSearch } from '../../modules/catalog/staff-search.ts';
import { listGroups, type GroupKind } from '../../modules/catalog/groups.ts';

/** The catalog as the back office's pages and `GET /api/admin/products…` show it (any member). */

/** One page of products with the list's filters. */
export function adminProductsPage(
  db: Db,
  search: StaffSearch,
  query: AdminProductsQuery,
  lang: Lang,
): Promise<AdminProductPage> {
  return listAdminProducts(db, search, query, lang);
}

/** One product as its editor shows it; null when there is none. */
export function adminProductView(db: Db, id: number): Promise<AdminProduct | null> {
  return adminProduct(db, id);
}

/** How many products a search for a discount's scope offers. */
const PICKS = 8;

/** A product with its variants' SKUs and option values, as a discount's scope offers it. */
function asPick(p: AdminProduct): AdminProductPick {
  const values = (ids: (number | null)[], lang: 'Ar' | 'En') =>
    ids
      .map((id, i) => p.options[i]?.values.find((v) => v.id === id)?.[`name${lang}`])
      .filter(Boolean)
      .join(' / ');
  return {
    id: p.id,
    nameAr: p.nameAr,
    nameEn: p.nameEn,
    image: p.images[0] ?? null,
    price: p.price,
    variants: p.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      valuesAr: values(v.valueIds, 'Ar'),
      valuesEn: values(v.valueIds, 'En'),
    })),
  };
}

async function picksOf(db: Db, ids: Iterable<number>): Promise<AdminProductPick[]> {
  const found = await Promise.all([...new Set(ids)].map((id) => adminProduct(db, id)));
  return found.filter((p) => p !== null).map(asPick);
}

/**
 * Products for a discount's scope (any member): those whose SKU, or a variant's, starts with
 * `q`, then the storefront search's matches of its words (hidden products too), at most 8.
 */
export async function adminProductPicks(db: Db, search: StaffSearch, q: string): Promise<AdminProductPick[]> {
  const prefix = `${q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [bySku, byName] = await Promise.all([
    db
      .selectDistinct({ id: productVariants.productId })
      .from(productVariants)
      .where(like(sql`upper(${productVariants.sku})`, prefix))
      .limit(PICKS),
    listAdminProducts(
      db,
      search,
      {
        q,
        categoryId: undefined,
        brandId: undefined,
        visibility: 'all',
        sort: 'name',
        page: 1,
        pageSize: PICKS,
      },
      'en',
    ),
  ]);
  return picksOf(db, [...bySku.map((r) => r.id), ...byName.items.map((p) => p.id)].slice(0, PICKS));
}

/** The products named, and those of the variants named, as a discount's scope shows what it covers. */
export async function chosenProductPicks(
  db: Db,
  chosen: { productIds: number[]; variantIds: number[] },
): Promise<AdminProductPick[]> {
  const ofVariants =
    chosen.variantIds.length === 0
      ? []
      : await db
          .select({ id: productVariants.productId })
          .from(productVariants)
          .where(inArray(productVariants.id, chosen.variantIds));
  return picksOf(db, [...chosen.productIds, ...ofVariants.map((r) => r.id)]);
}

/** Every category or brand, in the shop's order, with how many products each holds. */
export function adminGroups(db: Db, kind: GroupKind): Promise<AdminGroup[]> {
  return listGroups(db, kind);
}

/** One category or brand as the list shows it (what the API answers after a change); null when there is none. */
export async function adminGroup(db: Db, kind: GroupKind, id: number): Promise<AdminGroup | null> {
  return (await listGroups(db, kind)).find((g) => g.id === id) ?? null;
}

/** A category's specification attributes as its editor lists them; null when there is no such category. */
export async function adminSpecAttributes(db: Db, categoryId: number): Promise<AdminSpecAttribute[] | null> {
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  return category ? listSpecAttributes(db, categoryId) : null;
}

/** A product's specification form: its category's attributes and its values; null when there is no product. */
export async function adminProductSpecs(
  db: Db,
  productId: number,
): Promise<{ attributes: AdminSpecAttribute[]; values: AdminProductSpec[] } | null> {
  const [product] = await db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const [attributes, values] = await Promise.all([
    listSpecAttributes(db, product.categoryId),
    productSpecValues(db, productId),
  ]);
  return { attributes, values };
}
