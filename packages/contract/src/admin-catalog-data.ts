import type { AdminGroup, AdminProduct, AdminProductPage, adminProductsQuery } from './admin-catalog.ts';
import type { z } from './zod.ts';

/** The product list's query as a page's query string gives it (strings, checked by the API). */
export type AdminProductsQueryInput = z.input<typeof adminProductsQuery>;

/** The back office's catalog reads (every member). */
export interface BackOfficeCatalogReads {
  /** One page of products, hidden ones included. A query the API cannot read throws a 400 Response. */
  products(query: AdminProductsQueryInput): Promise<AdminProductPage>;
  /** One product as it is edited, or null. */
  product(id: number): Promise<AdminProduct | null>;
  categories(): Promise<AdminGroup[]>;
  brands(): Promise<AdminGroup[]>;
}
