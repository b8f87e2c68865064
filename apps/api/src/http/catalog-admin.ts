import type { ErrorCode, SuccessCode } from '@shop/contract';
import type { GroupKind } from '../modules/catalog/groups.ts';
import type { Upload } from './uploads.ts';

/*
 * What the catalog's two doors, the API's routes (routes/catalog-admin.ts, routes/catalog-groups.ts) and the back
 * office's pages (pages/back-office/catalog.ts), answer alike.
 */

/** Catalog images are shown at most 800 px wide on the product page (as the importer stores them). */
/** What the OpenAPI document says of every catalog image upload. */
export const IMAGE_REFUSALS =
  'The image is checked by its bytes (JPEG, PNG or WebP; 415 IMAGE_INVALID otherwise, SVG and HTML ' +
  'included), at most 2 MB (413 IMAGE_TOO_LARGE) and 40 megapixels (413 IMAGE_TOO_MANY_PIXELS, before ' +
  'decoding), then re-encoded to WebP without its metadata.';

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
