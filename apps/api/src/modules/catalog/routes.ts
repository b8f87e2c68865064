import {
  apiPaths,
  apiErrorSchema,
  categoryListSchema,
  companyListSchema,
  langOnlyQuery,
  pagedProductsSchema,
  productDetailsSchema,
  productIdParams,
  productListSchema,
  productSearchBody,
  productSearchQuery,
  productsPagedParams,
  productsPagedQuery,
} from '@shop/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { AdmissionGate } from '../../lib/admission.ts';
import { searchProducts } from './search.ts';
import {
  featuredProducts,
  listCategories,
  listCompanies,
  listProducts,
  newestProducts,
  offerProducts,
  productDetails,
  relatedProducts,
} from './service.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/** Aborts when the client goes away before its answer is sent. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client went away'));
  });
  return controller.signal;
}

export const catalogRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const tags = ['catalog'];
  // Search and paged listings are the catalog's costly reads: each kind gets its own gate, so a
  // burst of one is answered 503 quickly and leaves connections for the rest of the shop. The
  // embedded database runs one statement at a time, so more than a few at once only queue.
  const connections = database.kind === 'postgres' ? app.config.dbPoolSize : 4;
  const searchGate = new AdmissionGate({
    name: 'search',
    concurrency: Math.max(1, Math.floor(connections / 2)),
    queue: 4 * connections,
    maxWaitMs: 2000,
  });
  const listingGate = new AdmissionGate({
    name: 'listing',
    concurrency: Math.max(1, connections - 1),
    queue: 8 * connections,
    maxWaitMs: 2000,
  });

  app.get(
    apiPaths.categories.pattern,
    {
      schema: {
        tags,
        summary: 'All categories',
        querystring: langOnlyQuery,
        response: { 200: categoryListSchema, 400: apiErrorSchema },
      },
    },
    (request) => listCategories(app.db, request.lang),
  );

  app.get(
    apiPaths.companies.pattern,
    {
      schema: {
        tags,
        summary: 'All companies (brands)',
        querystring: langOnlyQuery,
        response: { 200: companyListSchema, 400: apiErrorSchema },
      },
    },
    (request) => listCompanies(app.db, request.lang),
  );

  app.get(
    apiPaths.featuredProducts.pattern,
    {
      schema: {
        tags,
        summary: 'Featured products: best sellers, then products flagged featured (at most 10)',
        querystring: langOnlyQuery,
        response: { 200: productListSchema, 400: apiErrorSchema },
      },
    },
    (request) => featuredProducts(app.db, request.lang),
  );

  app.get(
    apiPaths.newProducts.pattern,
    {
      schema: {
        tags,
        summary: 'The most recently updated products (at most 10)',
        querystring: langOnlyQuery,
        response: { 200: productListSchema, 400: apiErrorSchema },
      },
    },
    (request) => newestProducts(app.db, request.lang),
  );

  app.get(
    apiPaths.offerProducts.pattern,
    {
      schema: {
        tags,
        summary: 'Products on offer, biggest discount first (at most 10)',
        querystring: langOnlyQuery,
        response: { 200: productListSchema, 400: apiErrorSchema },
      },
    },
    (request) => offerProducts(app.db, request.lang),
  );

  app.get(
    apiPaths.productById.pattern,
    {
      schema: {
        tags,
        summary: 'One product with its extra images',
        params: productIdParams,
        querystring: langOnlyQuery,
        response: { 200: productDetailsSchema, ...errors },
      },
    },
    (request) => productDetails(app.db, request.params.id, request.lang),
  );

  app.get(
    apiPaths.relatedProducts.pattern,
    {
      schema: {
        tags,
        summary: 'Other products of the same category (at most 10)',
        params: productIdParams,
        querystring: langOnlyQuery,
        response: { 200: productListSchema, ...errors },
      },
    },
    (request) => relatedProducts(app.db, request.params.id, request.lang),
  );

  app.get(
    apiPaths.productsPaged.pattern,
    {
      schema: {
        tags,
        summary: 'Products by category or company, one page, with optional price range (SAR)',
        params: productsPagedParams,
        querystring: productsPagedQuery,
        response: { 200: pagedProductsSchema, 503: apiErrorSchema, ...errors },
      },
    },
    (request, reply) => {
      const signal = clientGone(reply);
      return listingGate.run(
        () =>
          database.cancellable(signal, (db) => listProducts(db, request.lang, request.params, request.query)),
        signal,
      );
    },
  );

  app.post(
    apiPaths.productSearch.pattern,
    {
      schema: {
        tags,
        summary: 'Search products by product or maker name, in Arabic or English; public',
        params: productsPagedParams,
        querystring: productSearchQuery,
        body: productSearchBody,
        response: { 200: pagedProductsSchema, 400: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    (request, reply) => {
      const signal = clientGone(reply);
      return searchGate.run(
        () =>
          database.cancellable(signal, (db) =>
            searchProducts(db, request.lang, request.params, request.body.productName, request.query),
          ),
        signal,
      );
    },
  );
};
