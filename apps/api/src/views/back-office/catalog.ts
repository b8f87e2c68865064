import type { AdminGroup, AdminProduct, AdminProductPage, AdminProductsQuery, Lang } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { adminProduct, listAdminProducts, listGroups, type GroupKind } from '../../modules/catalog/admin.ts';

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
