import { adminCatalogPaths } from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';

/*
 * The catalog pages' action calls; each returns the raw Response for the form helper to read.
 */

export type GroupKind = 'category' | 'brand';

/** Multipart: the product's fields and its first image as `image`. */
export function createProduct(api: ApiClient, form: FormData) {
  return api.raw('POST', adminCatalogPaths.products.build({}), { body: form });
}

export function updateProduct(api: ApiClient, id: number, input: Record<string, unknown>) {
  return api.raw('PUT', adminCatalogPaths.product.build({ id }), { body: input });
}

export function deleteProduct(api: ApiClient, id: number) {
  return api.raw('DELETE', adminCatalogPaths.product.build({ id }));
}

/** Multipart: `image` and the product's `version`. */
export function addProductImage(api: ApiClient, id: number, form: FormData) {
  return api.raw('POST', adminCatalogPaths.productImages.build({ id }), { body: form });
}

export function setProductImages(api: ApiClient, id: number, images: string[], version: number) {
  return api.raw('PUT', adminCatalogPaths.productImages.build({ id }), { body: { images, version } });
}

export function bulkProducts(api: ApiClient, body: Record<string, unknown>) {
  return api.raw('POST', adminCatalogPaths.productsBulk.build({}), { body });
}

const groupPaths = (kind: GroupKind) =>
  kind === 'category'
    ? {
        list: adminCatalogPaths.categories,
        one: adminCatalogPaths.category,
        order: adminCatalogPaths.categoriesOrder,
      }
    : { list: adminCatalogPaths.brands, one: adminCatalogPaths.brand, order: adminCatalogPaths.brandsOrder };

/** Multipart: `nameAr`, `nameEn`, `image`. */
export function createGroup(api: ApiClient, kind: GroupKind, form: FormData) {
  return api.raw('POST', groupPaths(kind).list.build({}), { body: form });
}

/** Multipart: names and, when chosen, a new `image`. */
export function updateGroup(api: ApiClient, kind: GroupKind, id: number, form: FormData) {
  return api.raw('PUT', groupPaths(kind).one.build({ id }), { body: form });
}

export function deleteGroup(api: ApiClient, kind: GroupKind, id: number) {
  return api.raw('DELETE', groupPaths(kind).one.build({ id }));
}

export function orderGroups(api: ApiClient, kind: GroupKind, ids: number[]) {
  return api.raw('PUT', groupPaths(kind).order.build({}), { body: { ids } });
}
