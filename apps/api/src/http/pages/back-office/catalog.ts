import { adminProductsQuery, okMessage, type BackOfficeCatalog } from '@shop/contract';
import { createGroup, orderGroups, removeGroup, saveGroup } from '../../../use-cases/catalog-admin/groups.ts';
import {
  addImage,
  bulkChangeProducts,
  createProduct,
  orderImages,
  removeProduct,
  saveOptions,
  saveProduct,
  saveVariants,
} from '../../../use-cases/catalog-admin/products.ts';
import {
  createSpecAttribute,
  moveSpec,
  removeSpecAttribute,
  saveProductSpecs,
  saveSpecAttribute,
} from '../../../use-cases/catalog-admin/specs.ts';
import {
  adminGroups,
  adminProductSpecs,
  adminProductView,
  adminProductsPage,
  adminSpecAttributes,
  chosenProductPicks,
} from '../../../views/back-office/catalog.ts';
import { GROUP_CODES, GROUP_IMAGE, PRODUCT_IMAGE } from '../../catalog-admin.ts';
import { parseAs } from '../../form.ts';
import { found } from '../../openapi.ts';
import { postedImage, requireImage, withStoredImage } from '../../uploads.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';
import { searchSynonymPages } from './search-synonyms.ts';

/**
 * The catalog pages (any member): products, one product, categories and brands, and their
 * changes through the same use cases as the API's catalog calls. A posted image is stored by
 * the same upload helper as the API's, so it is checked, re-encoded and refused alike. Each
 * change answers the message the page shows; its loaders read what changed afterwards.
 */
export function catalogPages(ctx: BackOfficePageContext): BackOfficeCatalog {
  const { app, lang, read, act } = ctx;
  const shop = app.shop;
  const uploadsDir = app.config.uploadsDir;
  return {
    ...searchSynonymPages(ctx),
    products: (input) =>
      read({}, () =>
        adminProductsPage(shop.db, app.staffSearch, parseAs(adminProductsQuery, input, 'querystring'), lang),
      ),
    product: (id) => read({}, () => adminProductView(shop.db, id)),
    categories: () => read({}, () => adminGroups(shop.db, 'category')),
    brands: () => read({}, () => adminGroups(shop.db, 'brand')),
    productPicks: (chosen) => read({}, () => chosenProductPicks(shop.db, chosen)),

    createProduct: (input, file) =>
      act({}, async (by) => {
        const bytes = requireImage(await postedImage(file));
        const created = await withStoredImage(uploadsDir, bytes, PRODUCT_IMAGE, (image) =>
          createProduct(shop, input, image, by),
        );
        return { ...okMessage('PRODUCT_CREATED', lang), id: created.id };
      }),
    saveProduct: (id, input) =>
      act({}, async (by) => {
        found(await saveProduct(shop, id, input, by), 'PRODUCT_NOT_FOUND');
        return okMessage('PRODUCT_SAVED', lang);
      }),
    deleteProduct: (id) =>
      act({}, async (by) => {
        const outcome = found(await removeProduct(shop, id, by), 'PRODUCT_NOT_FOUND');
        return okMessage(outcome === 'deleted' ? 'PRODUCT_DELETED' : 'PRODUCT_HIDDEN_NOT_DELETED', lang);
      }),
    addProductImage: (id, { version }, file) =>
      act({}, async (by) => {
        const bytes = requireImage(await postedImage(file));
        const saved = await withStoredImage(uploadsDir, bytes, PRODUCT_IMAGE, (image) =>
          addImage(shop, id, version, image, by),
        );
        found(saved, 'PRODUCT_NOT_FOUND');
        return okMessage('PRODUCT_IMAGE_ADDED', lang);
      }),
    orderProductImages: (id, { images, version }) =>
      act({}, async (by) => {
        found(await orderImages(shop, id, version, images, by), 'PRODUCT_NOT_FOUND');
        return okMessage('PRODUCT_IMAGES_SAVED', lang);
      }),
    saveProductOptions: (id, input) =>
      act({}, async (by) => {
        found(await saveOptions(shop, id, input, by), 'PRODUCT_NOT_FOUND');
        return okMessage('PRODUCT_SAVED', lang);
      }),
    saveProductVariants: (id, input) =>
      act({}, async (by) => {
        found(await saveVariants(shop, id, input, by), 'PRODUCT_NOT_FOUND');
        return okMessage('PRODUCT_SAVED', lang);
      }),
    bulkProducts: (bulk) =>
      act({}, async (by) => {
        await bulkChangeProducts(shop, bulk, by);
        return okMessage('BULK_DONE', lang);
      }),

    createGroup: (kind, input, file) =>
      act({}, async (by) => {
        const bytes = requireImage(await postedImage(file));
        await withStoredImage(uploadsDir, bytes, GROUP_IMAGE, (image) =>
          createGroup(shop, kind, input, image, by),
        );
        return okMessage(GROUP_CODES[kind].saved, lang);
      }),
    saveGroup: (kind, id, input, file) =>
      act({}, async (by) => {
        const saved = await withStoredImage(uploadsDir, await postedImage(file), GROUP_IMAGE, (image) =>
          saveGroup(shop, kind, id, input, image, by),
        );
        found(saved, GROUP_CODES[kind].notFound);
        return okMessage(GROUP_CODES[kind].saved, lang);
      }),
    removeGroup: (kind, id) =>
      act({}, async (by) => {
        found(await removeGroup(shop, kind, id, by), GROUP_CODES[kind].notFound);
        return okMessage(GROUP_CODES[kind].deleted, lang);
      }),
    orderGroups: (kind, ids) =>
      act({}, async (by) => {
        await orderGroups(shop, kind, ids, by);
        return okMessage('ORDER_SAVED', lang);
      }),

    specAttributes: (categoryId) => read({}, () => adminSpecAttributes(shop.db, categoryId)),
    addSpecAttribute: (categoryId, input) =>
      act({}, async (by) => {
        found(await createSpecAttribute(shop, categoryId, input, by), 'CATEGORY_NOT_FOUND');
        return okMessage('SPEC_SAVED', lang);
      }),
    saveSpecAttribute: (id, input) =>
      act({}, async (by) => {
        found(await saveSpecAttribute(shop, id, input, by), 'SPEC_NOT_FOUND');
        return okMessage('SPEC_SAVED', lang);
      }),
    moveSpecAttribute: (id, move) =>
      act({}, async (by) => {
        found(await moveSpec(shop, id, move, by), 'SPEC_NOT_FOUND');
        return okMessage('ORDER_SAVED', lang);
      }),
    removeSpecAttribute: (id) =>
      act({}, async (by) => {
        found(await removeSpecAttribute(shop, id, by), 'SPEC_NOT_FOUND');
        return okMessage('SPEC_DELETED', lang);
      }),
    productSpecs: (productId) => read({}, () => adminProductSpecs(shop.db, productId)),
    saveProductSpecs: (productId, input) =>
      act({}, async (by) => {
        if (!(await saveProductSpecs(shop, productId, input, lang, by))) found(null, 'PRODUCT_NOT_FOUND');
        return okMessage('PRODUCT_SPECS_SAVED', lang);
      }),
  };
}
