import {
  adminCatalogPaths,
  adminGroupListSchema,
  adminGroupOkSchema,
  adminIdParams,
  adminProductOkSchema,
  adminProductPageSchema,
  adminProductSchema,
  adminProductsQuery,
  errorMessage,
  groupInputSchema,
  groupOrderSchema,
  okMessage,
  okSchema,
  productDeleteAnswerSchema,
  productImageUploadSchema,
  productImagesOrderSchema,
  productInputSchema,
  productsBulkAnswerSchema,
  productsBulkSchema,
  productUpdateSchema,
  type ErrorCode,
} from '@shop/contract';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { storeImage } from '../../lib/images.ts';
import { found } from '../openapi.ts';
import { auditActor } from '../staff-guard.ts';
import { bodySchemaDocumentsOnly, parseBody, readForm } from '../form.ts';
import {
  addProductImage,
  adminProduct,
  applyOfferSchedule,
  bulkUpdateProducts,
  createAdminProduct,
  createGroup,
  deleteAdminProduct,
  deleteGroup,
  GroupInUseError,
  listAdminProducts,
  listGroups,
  orderGroups,
  setProductImages,
  updateAdminProduct,
  updateGroup,
  type GroupKind,
} from '../../modules/catalog/admin.ts';

const TAG = ['admin'];
const staffCookie: Record<string, string[]>[] = [{ staffSession: [] }];
/** Catalog images are shown at most 800 px wide on the product page (as the importer stores them). */
const PRODUCT_IMAGE_SIZE = 1000;
/** Category and brand images are tiles. */
const GROUP_IMAGE_SIZE = 600;
const imageRefusals =
  'The image is checked by its bytes (JPEG, PNG or WebP; 415 IMAGE_INVALID otherwise, SVG and HTML ' +
  'included), at most 2 MB (413 IMAGE_TOO_LARGE) and 40 megapixels (413 IMAGE_TOO_MANY_PIXELS, before ' +
  'decoding), then re-encoded to WebP without its metadata.';

export interface CatalogAdminOptions {
  /** How often planned offers are started and ended; 0: never (tests run it by hand). */
  offerScheduleMs?: number;
}

/** Removes an image stored for a change that did not commit. */
async function forget(app: FastifyInstance, publicPath: string) {
  const relative = publicPath.replace(/^\/uploads\//, '');
  await unlink(path.join(app.config.uploadsDir, relative)).catch(() => undefined);
}

/** A refused removal answers its count in the message ("3 products use it"). */
function inUse(reply: FastifyReply, request: FastifyRequest, error: GroupInUseError) {
  const code: ErrorCode = error.kind === 'category' ? 'CATEGORY_IN_USE' : 'BRAND_IN_USE';
  return reply.status(409).send({
    code,
    message: errorMessage(code, request.lang).replace('{count}', String(error.count)),
  });
}

export const catalogAdminRoutes: FastifyPluginAsyncZod<CatalogAdminOptions> = async (app, options) => {
  const db = app.db;
  const catalogChanged = (productIds?: number[]) =>
    app.changes.publish(productIds ? { topic: 'catalog', productIds } : { topic: 'catalog' });

  const intervalMs = options.offerScheduleMs ?? (app.config.env === 'test' ? 0 : 60_000);
  if (intervalMs > 0) {
    let running: Promise<void> | undefined;
    const timer = setInterval(() => {
      running ??= applyOfferSchedule(db)
        .then((ids) => (ids.length > 0 ? catalogChanged(ids) : undefined))
        .catch((error: unknown) => app.log.error({ err: error }, 'offer schedule failed'))
        .finally(() => (running = undefined));
    }, intervalMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }

  // ---- products ----

  app.get(
    adminCatalogPaths.products.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Products, hidden ones included: search, filters, sort, paging',
        description:
          '`q`: words of the name, brand or category (the storefront search, at most 250 matches). Filters: ' +
          '`categoryId`, `brandId`, `stock` (`in`, `out`, `low`: 1–5 units), `offer=true`, `visibility` ' +
          '(`all`, `visible`, `hidden`). `sort`: `newest`, `oldest`, `name`, `price_asc`, `price_desc`, ' +
          '`stock_asc`, `stock_desc`. `page` from 1, `pageSize` 1–100 (20).',
        security: staffCookie,
        querystring: adminProductsQuery,
        response: { 200: adminProductPageSchema },
      },
    },
    (request) => listAdminProducts(db, request.query, request.lang),
  );

  app.get(
    adminCatalogPaths.product.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'One product as the back office edits it (with its version)',
        security: staffCookie,
        params: adminIdParams,
        response: { 200: adminProductSchema },
      },
    },
    async (request) => found(await adminProduct(db, request.params.id), 'PRODUCT_NOT_FOUND'),
  );

  app.put(
    adminCatalogPaths.product.pattern,
    {
      schema: {
        tags: TAG,
        summary:
          'Edit a product; refused with 409 PRODUCT_VERSION_CONFLICT when `version` is not the current one',
        description:
          'Prices in SAR, VAT included. The offer is shown to shoppers from `offerStartsAt` (inclusive) until ' +
          '`offerEndsAt` (exclusive); either may be empty. Dates without an offset are Riyadh time.',
        security: staffCookie,
        params: adminIdParams,
        body: productUpdateSchema,
        response: { 200: adminProductOkSchema },
      },
    },
    async (request) => {
      const product = await updateAdminProduct(db, auditActor(request), request.params.id, request.body);
      await catalogChanged([product.id]);
      return { ...okMessage('PRODUCT_SAVED', request.lang), product };
    },
  );

  app.delete(
    adminCatalogPaths.product.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Delete a product that no order names; one that an order names is hidden instead',
        security: staffCookie,
        params: adminIdParams,
        response: { 200: productDeleteAnswerSchema },
      },
    },
    async (request) => {
      const outcome = await deleteAdminProduct(db, auditActor(request), request.params.id);
      await catalogChanged([request.params.id]);
      const code = outcome === 'deleted' ? 'PRODUCT_DELETED' : 'PRODUCT_HIDDEN_NOT_DELETED';
      return { ...okMessage(code, request.lang), outcome };
    },
  );

  app.put(
    adminCatalogPaths.productImages.pattern,
    {
      schema: {
        tags: TAG,
        summary: "Reorder or remove a product's images (the first is the main image)",
        description:
          'Names only images the product has (409 PRODUCT_IMAGES_MISMATCH otherwise); an image left out is ' +
          'removed from the product. The last image cannot be removed.',
        security: staffCookie,
        params: adminIdParams,
        body: productImagesOrderSchema,
        response: { 200: adminProductOkSchema },
      },
    },
    async (request) => {
      const { images, version } = request.body;
      const product = await setProductImages(db, auditActor(request), request.params.id, version, images);
      await catalogChanged([product.id]);
      return { ...okMessage('PRODUCT_IMAGES_SAVED', request.lang), product };
    },
  );

  app.post(
    adminCatalogPaths.productsBulk.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'One action on selected products: price change by percent, set stock, publish, hide',
        description:
          'One transaction, one audit entry per product. `price_percent` (−90 to 500) scales the price and ' +
          'the offer prices, each rounded to the nearest halala (halves away from zero); if an offer would ' +
          'no longer be below its price nothing changes (400 BULK_PRICE_REFUSED). Unknown ids are skipped.',
        security: staffCookie,
        body: productsBulkSchema,
        response: { 200: productsBulkAnswerSchema },
      },
    },
    async (request) => {
      const changed = await bulkUpdateProducts(db, auditActor(request), request.body);
      if (changed.length > 0) await catalogChanged(changed);
      return { ...okMessage('BULK_DONE', request.lang), updated: changed.length };
    },
  );

  // ---- categories and brands ----

  const groups: { kind: GroupKind; list: string; one: string; order: string }[] = [
    {
      kind: 'category',
      list: adminCatalogPaths.categories.pattern,
      one: adminCatalogPaths.category.pattern,
      order: adminCatalogPaths.categoriesOrder.pattern,
    },
    {
      kind: 'brand',
      list: adminCatalogPaths.brands.pattern,
      one: adminCatalogPaths.brand.pattern,
      order: adminCatalogPaths.brandsOrder.pattern,
    },
  ];
  for (const { kind, list, one, order } of groups) {
    const plural = kind === 'category' ? 'categories' : 'brands';
    app.get(
      list,
      {
        schema: {
          tags: TAG,
          summary: `All ${plural}, in order, with how many products use each`,
          security: staffCookie,
          response: { 200: adminGroupListSchema },
        },
      },
      async () => ({ items: await listGroups(db, kind) }),
    );
    app.put(
      order,
      {
        schema: {
          tags: TAG,
          summary: `Set the order of the ${plural} (every id once)`,
          security: staffCookie,
          body: groupOrderSchema,
          response: { 200: adminGroupListSchema.extend(okSchema.shape) },
        },
      },
      async (request) => {
        const items = await orderGroups(db, auditActor(request), kind, request.body.ids);
        await catalogChanged();
        return { ...okMessage('ORDER_SAVED', request.lang), items };
      },
    );
    app.delete(
      one,
      {
        schema: {
          tags: TAG,
          summary: `Remove a ${kind}; refused (409 ${kind.toUpperCase()}_IN_USE, with the count) while products use it`,
          security: staffCookie,
          params: adminIdParams,
          response: { 200: okSchema },
        },
      },
      async (request, reply) => {
        try {
          await deleteGroup(db, auditActor(request), kind, request.params.id);
        } catch (error) {
          if (error instanceof GroupInUseError) return inUse(reply, request, error);
          throw error;
        }
        await catalogChanged();
        return okMessage(kind === 'category' ? 'CATEGORY_DELETED' : 'BRAND_DELETED', request.lang);
      },
    );
  }

  // Multipart calls (an image with the fields): the body is read and checked in the handler.
  await app.register(async (instance) => {
    const forms = instance.withTypeProvider<ZodTypeProvider>();
    bodySchemaDocumentsOnly(instance);

    forms.post(
      adminCatalogPaths.products.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'Create a product (multipart: the fields and its first image as `image`)',
          description: `${imageRefusals} Prices in SAR, VAT included.`,
          security: staffCookie,
          consumes: ['multipart/form-data'],
          body: productInputSchema,
          response: { 200: adminProductOkSchema },
        },
      },
      async (request) => {
        const form = await readForm(request, 'image');
        const input = parseBody(productInputSchema, form.fields);
        if (!form.file)
          throw new AppError(400, 'PRODUCT_IMAGE_REQUIRED', [
            { path: 'image', code: 'PRODUCT_IMAGE_REQUIRED' },
          ]);
        const image = await storeImage(app.config.uploadsDir, form.file, {
          folder: 'catalog',
          maxSize: PRODUCT_IMAGE_SIZE,
        });
        try {
          const product = await createAdminProduct(db, auditActor(request), input, image);
          await catalogChanged([product.id]);
          return { ...okMessage('PRODUCT_CREATED', request.lang), product };
        } catch (error) {
          await forget(app, image);
          throw error;
        }
      },
    );

    forms.post(
      adminCatalogPaths.productImages.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'Add an image to a product (multipart: `image` and the product `version`)',
          description: `${imageRefusals} At most 10 images per product.`,
          security: staffCookie,
          consumes: ['multipart/form-data'],
          params: adminIdParams,
          body: productImageUploadSchema,
          response: { 200: adminProductOkSchema },
        },
      },
      async (request) => {
        const form = await readForm(request, 'image');
        const { version } = parseBody(productImageUploadSchema, form.fields);
        if (!form.file)
          throw new AppError(400, 'PRODUCT_IMAGE_REQUIRED', [
            { path: 'image', code: 'PRODUCT_IMAGE_REQUIRED' },
          ]);
        const image = await storeImage(app.config.uploadsDir, form.file, {
          folder: 'catalog',
          maxSize: PRODUCT_IMAGE_SIZE,
        });
        try {
          const product = await addProductImage(db, auditActor(request), request.params.id, version, image);
          await catalogChanged([product.id]);
          return { ...okMessage('PRODUCT_IMAGE_ADDED', request.lang), product };
        } catch (error) {
          await forget(app, image);
          throw error;
        }
      },
    );

    for (const { kind, list, one } of groups) {
      const saved = kind === 'category' ? 'CATEGORY_SAVED' : 'BRAND_SAVED';
      forms.post(
        list,
        {
          schema: {
            tags: TAG,
            summary: `Create a ${kind} (multipart: names and \`image\`)`,
            description: imageRefusals,
            security: staffCookie,
            consumes: ['multipart/form-data'],
            body: groupInputSchema,
            response: { 200: adminGroupOkSchema },
          },
        },
        async (request) => {
          const form = await readForm(request, 'image');
          const input = parseBody(groupInputSchema, form.fields);
          if (!form.file)
            throw new AppError(400, 'PRODUCT_IMAGE_REQUIRED', [
              { path: 'image', code: 'PRODUCT_IMAGE_REQUIRED' },
            ]);
          const image = await storeImage(app.config.uploadsDir, form.file, {
            folder: 'catalog',
            maxSize: GROUP_IMAGE_SIZE,
          });
          try {
            const item = await createGroup(db, auditActor(request), kind, input, image);
            await catalogChanged();
            return { ...okMessage(saved, request.lang), item };
          } catch (error) {
            await forget(app, image);
            throw error;
          }
        },
      );
      forms.put(
        one,
        {
          schema: {
            tags: TAG,
            summary: `Edit a ${kind} (multipart or JSON: names, and optionally a new \`image\`)`,
            description: imageRefusals,
            security: staffCookie,
            consumes: ['multipart/form-data', 'application/json'],
            params: adminIdParams,
            body: groupInputSchema,
            response: { 200: adminGroupOkSchema },
          },
        },
        async (request) => {
          const form = await readForm(request, 'image');
          const input = parseBody(groupInputSchema, form.fields);
          const image = form.file
            ? await storeImage(app.config.uploadsDir, form.file, {
                folder: 'catalog',
                maxSize: GROUP_IMAGE_SIZE,
              })
            : undefined;
          try {
            const item = await updateGroup(db, auditActor(request), kind, request.params.id, input, image);
            await catalogChanged();
            return { ...okMessage(saved, request.lang), item };
          } catch (error) {
            if (image) await forget(app, image);
            throw error;
          }
        },
      );
    }
  });
};
