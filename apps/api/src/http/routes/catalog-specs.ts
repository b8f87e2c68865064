import {
  adminCatalogPaths,
  adminIdParams,
  adminProductSpecsSchema,
  adminSpecAttributeListSchema,
  apiPaths,
  compareQuery,
  comparisonSchema,
  MAX_COMPARE_PRODUCTS,
  okMessage,
  okSchema,
  parseCompareIds,
  productSpecsInputSchema,
  specAttributeInputSchema,
  specMoveSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSpecAttribute,
  moveSpec,
  removeSpecAttribute,
  saveProductSpecs,
  saveSpecAttribute,
} from '../../use-cases/catalog-admin/specs.ts';
import { adminProductSpecs, adminSpecAttributes } from '../../views/back-office/catalog.ts';
import { ADMIN_TAG, found, STAFF_COOKIE } from '../openapi.ts';
import { auditActor } from '../staff-guard.ts';

/**
 * Specifications (decision 195): a category's attributes and a product's values in the back
 * office (any member), and the storefront's comparison of products of one category.
 */
export const catalogSpecRoutes: FastifyPluginAsyncZod = async (app) => {
  const shop = app.shop;
  const attributesOf = async (categoryId: number) =>
    found(await adminSpecAttributes(app.db, categoryId), 'CATEGORY_NOT_FOUND');

  app.get(
    apiPaths.productCompare.pattern,
    {
      schema: {
        tags: ['catalog'],
        summary: `Products of one category side by side (\`ids=1,2,3\`, at most ${MAX_COMPARE_PRODUCTS}; those of another category than the first are left out)`,
        querystring: compareQuery,
        response: { 200: comparisonSchema },
      },
    },
    (request) => app.catalog.compare(parseCompareIds(request.query.ids), request.lang),
  );

  app.get(
    adminCatalogPaths.categorySpecs.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "A category's specification attributes, in order",
        security: STAFF_COOKIE,
        params: adminIdParams,
        response: { 200: adminSpecAttributeListSchema },
      },
    },
    async (request) => ({ items: await attributesOf(request.params.id) }),
  );
  app.post(
    adminCatalogPaths.categorySpecs.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'Add a specification attribute to a category, last in its order',
        security: STAFF_COOKIE,
        params: adminIdParams,
        body: specAttributeInputSchema,
        response: { 200: adminSpecAttributeListSchema.extend(okSchema.shape) },
      },
    },
    async (request) => {
      const id = request.params.id;
      found(await createSpecAttribute(shop, id, request.body, auditActor(request)), 'CATEGORY_NOT_FOUND');
      return { ...okMessage('SPEC_SAVED', request.lang), items: await attributesOf(id) };
    },
  );
  app.put(
    adminCatalogPaths.spec.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "Edit a specification attribute (a new kind drops the products' values of it)",
        security: STAFF_COOKIE,
        params: adminIdParams,
        body: specAttributeInputSchema,
        response: { 200: adminSpecAttributeListSchema.extend(okSchema.shape) },
      },
    },
    async (request) => {
      const saved = found(
        await saveSpecAttribute(shop, request.params.id, request.body, auditActor(request)),
        'SPEC_NOT_FOUND',
      );
      return { ...okMessage('SPEC_SAVED', request.lang), items: await attributesOf(saved.row.categoryId) };
    },
  );
  app.put(
    adminCatalogPaths.specMove.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'Move a specification attribute one place up or down in its category',
        security: STAFF_COOKIE,
        params: adminIdParams,
        body: specMoveSchema,
        response: { 200: adminSpecAttributeListSchema.extend(okSchema.shape) },
      },
    },
    async (request) => {
      const moved = found(
        await moveSpec(shop, request.params.id, request.body, auditActor(request)),
        'SPEC_NOT_FOUND',
      );
      return { ...okMessage('ORDER_SAVED', request.lang), items: await attributesOf(moved.categoryId) };
    },
  );
  app.delete(
    adminCatalogPaths.spec.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "Remove a specification attribute with every product's value of it",
        security: STAFF_COOKIE,
        params: adminIdParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      found(await removeSpecAttribute(shop, request.params.id, auditActor(request)), 'SPEC_NOT_FOUND');
      return okMessage('SPEC_DELETED', request.lang);
    },
  );

  app.get(
    adminCatalogPaths.productSpecs.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "A product's category's attributes and its values",
        security: STAFF_COOKIE,
        params: adminIdParams,
        response: { 200: adminProductSpecsSchema },
      },
    },
    async (request) => found(await adminProductSpecs(app.db, request.params.id), 'PRODUCT_NOT_FOUND'),
  );
  app.put(
    adminCatalogPaths.productSpecs.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary:
          "Set a product's specification values (`values` by attribute id: a number, a choice's id or English value, text or `{ar, en}`; empty clears), from its `version`",
        security: STAFF_COOKIE,
        params: adminIdParams,
        body: productSpecsInputSchema,
        response: { 200: adminProductSpecsSchema.extend(okSchema.shape) },
      },
    },
    async (request) => {
      const id = request.params.id;
      if (!(await saveProductSpecs(shop, id, request.body, request.lang, auditActor(request))))
        found(null, 'PRODUCT_NOT_FOUND');
      return {
        ...okMessage('PRODUCT_SPECS_SAVED', request.lang),
        ...found(await adminProductSpecs(app.db, id), 'PRODUCT_NOT_FOUND'),
      };
    },
  );
};
