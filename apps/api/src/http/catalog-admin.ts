import type { ErrorCode, SuccessCode } from '@shop/contract';
import type { GroupKind } from '../modules/catalog/groups.ts';
import type { Upload } from './uploads.ts';

/*
 * What the catalog's two doors, the API's routes (routes/catalog-admin.ts) and the back
 * office's pages (pages/back-office/catalog.ts), answer alike.
 */

/** Catalog images are shown at most 800 px wide on the product page (as the importer stores them). */
export const PRODUCT_IMAGE: Upload = { folder: 'catalog', maxSize: 1000 };
/** Category and brand images are tiles. */
export const GROUP_IMAGE: Upload = { folder: 'catalog', maxSize: 600 };

/** The codes a category's or a brand's answers use. */
export const GROUP_CODES: Record<
  GroupKind,
  { notFound: ErrorCode; saved: SuccessCode; deleted: SuccessCode }
> = {
  category: { notFound: 'CATEGORY_NOT_FOUND', saved: 'CATEGORY_SAVED', deleted: 'CATEGORY_DELETED' },
  brand: { notFound: 'BRAND_NOT_FOUND', saved: 'BRAND_SAVED', deleted: 'BRAND_DELETED' },
};
