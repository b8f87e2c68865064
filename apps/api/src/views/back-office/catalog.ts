import type {
  AdminGroup,
  AdminProduct,
  AdminProductPage,
  AdminProductSpec,
  AdminProductsQuery,
  AdminSpecAttribute,
  Lang,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../modules/catalog/schema.ts';
import { listSpecAttributes, productSpecValues } from '../../modules/catalog/specs.ts';
import { adminProduct, listAdminProducts } from '../../modules/catalog/admin.ts';
import { listGroups, type GroupKind } from '../../modules/catalog/groups.ts';

/** The catalog as the back office's pages and `GET /api/admin/products…` show it (any member). */

/** One page of products with the list's filters. */
export function adminProductsPage(db: Db, query: AdminProductsQuery, lang: Lang): Promise<AdminProductPage> {
  return listAdminProducts(db, query, lang);
}

/** One product as its editor shows it; null when there is none. */
export function adminProductView(db: Db, id: number): Promise<AdminProduct | null> {
  return adminProduct(db, id);
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
