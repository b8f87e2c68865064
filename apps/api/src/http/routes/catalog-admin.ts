import {
  adminCatalogPaths,
  adminIdParams,
  adminProductOkSchema,
  adminProductPageSchema,
  adminProductPicksQuery,
  adminProductPicksSchema,
  adminProductSchema,
  adminProductsQuery,
  okMessage,
  productDeleteAnswerSchema,
  type Lang,
  type SuccessCode,
  productImageUploadSchema,
  productImagesOrderSchema,
  productInputSchema,
  productOptionsSchema,
  productVariantsSchema,
  productsBulkAnswerSchema,
  productsBulkSchema,
  productUpdateSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addImage,
  bulkChangeProducts,
  createProduct,
  orderImages,
  removeProduct,
  runOfferSchedule,
  saveOptions,
  saveProduct,
  saveVariants,
} from '../../use-cases/catalog-admin/products.ts';
import { periodicTask } from '../../lib/periodic.ts';
import { adminProductPicks, adminProductsPage, adminProductView } from '../../views/back-office/catalog.ts';
import { IMAGE_REFUSALS, PRODUCT_IMAGE } from '../catalog-admin.ts';
import { bodySchemaDocumentsOnly } from '../form.ts';
import { ADMIN_TAG, found, STAFF_COOKIE } from '../openapi.ts';
import { auditActor } from '../staff-guard.ts';
import { readImageForm, requireImage, withStoredImage } from '../uploads.ts';

export interface CatalogAdminOptions {
  /** How often planned offers are started and ended; 0: never (tests run it by hand). */
  offerScheduleMs?: number;
}

/** The back office's products (any member): the list, editing, images, bulk changes, planned offers. */
export const catalogAdminRoutes: FastifyPluginAsyncZod<CatalogAdminOptions> = async (app, options) => {
  const shop = app.shop;
  const uploadsDir = app.config.uploadsDir;
  /** A product as the API answers it after a change. */
  const productAnswer = async (id: number) => found(await adminProductView(app.db, id), 'PRODUCT_NOT_FOUND');
  /** A change's answer: the message and the product as it is now; 404 when there was no product. */
  const savedAnswer = async (
    saved: { id: number } | null,
    lang: Lang,
    code: SuccessCode = 'PRODUCT_SAVED',
  ) => {
    const { id } = found(saved, 'PRODUCT_NOT_FOUND');
    return { ...okMessage(code, lang), product: await productAnswer(id) };
  };

  const intervalMs = options.offerScheduleMs ?? (app.config.env === 'test' ? 0 : 60_000);
  const offerSchedule = periodicTask({ name: 'offer schedule', intervalMs, log: app.log }, () =>
    runOfferSchedule(shop),
  );
  offerSchedule.start();
  app.addHook('onClose', () => offerSchedule.stop());

  // ---- products ----

  app.get(
    adminCatalogPaths.products.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'Products, hidden ones included: search, filters, sort, paging',
        description:
          '`q`: words of the name, brand or category (the storefront search, at most 250 matches). Filters: ' +
          '`categoryId`, `brandId`, `stock` (`in`, `out`, `low`: 1–5 units), `offer=true`, `visibility` ' +
          '(`all`, `visible`, `hidden`). `sort`: `newest`, `oldest`, `name`, `price_asc`, `price_desc`, ' +
          '`stock_asc`, `stock_desc`. `page` from 1, `pageSize` 1–100 (20).',
        security: STAFF_COOKIE,
        querystring: adminProductsQuery,
        response: { 200: adminProductPageSchema },
      },
    },
    (request) => adminProductsPage(app.db, app.staffSearch, request.query, request.lang),
  );

  app.get(
    adminCatalogPaths.productPicks.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "Products to choose for a discount's scope, with their variants",
        description:
          "`q`: the start of a SKU (the product's or a variant's), or words of the name in Arabic or English " +
          '(the storefront search, hidden products included). At most 8 products, SKU matches first; each ' +
          'with its main image, price and variants (SKU and option values).',
        security: STAFF_COOKIE,
        querystring: adminProductPicksQuery,
        response: { 200: adminProductPicksSchema },
      },
    },
    async (request) => ({ items: await adminProductPicks(app.db, app.staffSearch, request.query.q) }),
  );

  app.get(
    adminCatalogPaths.product.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'One product as the back office edits it (with its version)',
        security: STAFF_COOKIE,
        params: adminIdParams,
        response: { 200: adminProductSchema },
      },
    },
    (request) => productAnswer(request.params.id),
  );

  app.put(
    adminCatalogPaths.product.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary:
          'Edit a product; refused with 409 PRODUCT_VERSION_CONFLICT when `version` is not the current one',
        description:
          'Prices in SAR, VAT included. The offer is shown to shoppers from `offerStartsAt` (inclusive) until ' +
          '`offerEndsAt` (exclusive); either may be empty. Dates without an offset are Riyadh time.',
        security: STAFF_COOKIE,
        params: adminIdParams,
        body: productUpdateSchema,
        response: { 200: adminProductOkSchema },
      },
    },
    async (request) => {
      return savedAnswer(
        await saveProduct(shop, request.params.id, request.body, auditActor(request)),
        request.lang,
      );
    },
  );

  app.delete(
    adminCatalogPaths.product.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'Delete a product that no order names; one that an order names is hidden instead',
        security: STAFF_COOKIE,
        params: adminIdParams,
        response: { 200: productDeleteAnswerSchema },
      },
    },
    async (request) => {
      const removed = await removeProduct(shop, request.params.id, auditActor(request));
      const outcome = found(removed, 'PRODUCT_NOT_FOUND');
      const code = outcome === 'deleted' ? 'PRODUCT_DELETED' : 'PRODUCT_HIDDEN_NOT_DELETED';
      return { ...okMessage(code, request.lang), outcome };
    },
  );

  app.put(
    adminCatalogPaths.productImages.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "Reorder or remove a product's images (the first is the main image)",
        description:
          'Names only images the product has (409 PRODUCT_IMAGES_MISMATCH otherwise); an image left out is ' +
          'removed from the product. The last image cannot be removed.',
        security: STAFF_COOKIE,
        params: adminIdParams,
        body: productImagesOrderSchema,
        response: { 200: adminProductOkSchema },
      },
    },
    async (request) => {
      const { images, version } = request.body;
      const saved = await orderImages(shop, request.params.id, version, images, auditActor(request));
      return savedAnswer(saved, request.lang, 'PRODUCT_IMAGES_SAVED');
    },
  );

  app.put(
    adminCatalogPaths.productOptions.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "Set a product's options (up to 3, e.g. storage and colour) and make its variants",
        description:
          'Replaces the options. A value is kept, with its variants, when the option at the same place keeps a ' +
          'value of the same English name; a new option gives the existing variants its first value. Every ' +
          'combination without a variant gets one (the default variant’s price, no stock, a SKU from the ' +
          'product’s and the values’ names); a variant whose value is gone is deleted, or hidden when an order ' +
          'names it. No options: the product is sold as one variant. At most 250 combinations.',
        security: STAFF_COOKIE,
        params: adminIdParams,
        body: productOptionsSchema,
        response: { 200: adminProductOkSchema },
      },
    },
    async (request) => {
      return savedAnswer(
        await saveOptions(shop, request.params.id, request.body, auditActor(request)),
        request.lang,
      );
    },
  );

  app.put(
    adminCatalogPaths.productVariants.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "Save a product's variants grid: SKU, barcode, price, offer, stock, image, hidden",
        description:
          'Every variant of the product, each once (409 VARIANTS_MISMATCH otherwise). Prices in SAR, VAT ' +
          'included; the offer is live while the product’s offer dates hold. 409 SKU_TAKEN for a SKU of ' +
          'another product, 409 VARIANT_COMBINATION_TAKEN when showing a variant whose combination is for sale, ' +
          '400 VARIANT_LAST_VISIBLE when every variant would be hidden.',
        security: STAFF_COOKIE,
        params: adminIdParams,
        body: productVariantsSchema,
        response: { 200: adminProductOkSchema },
      },
    },
    async (request) => {
      return savedAnswer(
        await saveVariants(shop, request.params.id, request.body, auditActor(request)),
        request.lang,
      );
    },
  );

  app.post(
    adminCatalogPaths.productsBulk.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'One action on selected products: price change by percent, set stock, publish, hide',
        description:
          'One transaction, one audit entry per product. `price_percent` (−90 to 500) scales the price and ' +
          'the offer prices, each rounded to the nearest halala (halves away from zero); if an offer would ' +
          'no longer be below its price nothing changes (400 BULK_PRICE_REFUSED). Unknown ids are skipped.',
        security: STAFF_COOKIE,
        body: productsBulkSchema,
        response: { 200: productsBulkAnswerSchema },
      },
    },
    async (request) => {
      const changed = await bulkChangeProducts(shop, request.body, auditActor(request));
      return { ...okMessage('BULK_DONE', request.lang), updated: changed.length };
    },
  );

  // Multipart calls (an image with the fields): the body is read and checked in the handler.
  await app.register(async (instance) => {
    const forms = instance.withTypeProvider<ZodTypeProvider>();
    bodySchemaDocumentsOnly(instance);

    forms.post(
      adminCatalogPaths.products.pattern,
      {
        schema: {
          tags: ADMIN_TAG,
          summary: 'Create a product (multipart: the fields and its first image as `image`)',
          description: `${IMAGE_REFUSALS} Prices in SAR, VAT included.`,
          security: STAFF_COOKIE,
          consumes: ['multipart/form-data'],
          body: productInputSchema,
          response: { 200: adminProductOkSchema },
        },
      },
      async (request) => {
        const form = await readImageForm(request, productInputSchema);
        const created = await withStoredImage(uploadsDir, requireImage(form.image), PRODUCT_IMAGE, (image) =>
          createProduct(shop, form.input, image, auditActor(request)),
        );
        return { ...okMessage('PRODUCT_CREATED', request.lang), product: await productAnswer(created.id) };
      },
    );

    forms.post(
      adminCatalogPaths.productImages.pattern,
      {
        schema: {
          tags: ADMIN_TAG,
          summary: 'Add an image to a product (multipart: `image` and the product `version`)',
          description: `${IMAGE_REFUSALS} At most 10 images per product.`,
          security: STAFF_COOKIE,
          consumes: ['multipart/form-data'],
          params: adminIdParams,
          body: productImageUploadSchema,
          response: { 200: adminProductOkSchema },
        },
      },
      async (request) => {
        const form = await readImageForm(request, productImageUploadSchema);
        const saved = await withStoredImage(uploadsDir, requireImage(form.image), PRODUCT_IMAGE, (image) =>
          addImage(shop, request.params.id, form.input.version, image, auditActor(request)),
        );
        return savedAnswer(saved, request.lang, 'PRODUCT_IMAGE_ADDED');
      },
    );
  });
};
