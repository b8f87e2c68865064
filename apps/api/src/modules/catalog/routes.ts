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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { clientGone } from './read-gates.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
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
      return app.catalogReads.listing(signal, (db) =>
        listProducts(db, request.lang, request.params, request.query),
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
      return app.catalogReads.search(signal, (db) =>
        searchProducts(db, request.lang, request.params, request.body.productName, request.query),
      );
    },
  );
};
