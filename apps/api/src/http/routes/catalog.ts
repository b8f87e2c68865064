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
import { clientGone } from '../../views/public-catalog.ts';
import { found } from '../openapi.ts';

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
    (request) => app.catalog.categories(request.lang),
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
    (request) => app.catalog.companies(request.lang),
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
    (request) => app.catalog.featured(request.lang),
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
    (request) => app.catalog.newest(request.lang),
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
    (request) => app.catalog.offers(request.lang),
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
    async (request) => found(await app.catalog.product(request.params.id, request.lang), 'PRODUCT_NOT_FOUND'),
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
    async (request) => found(await app.catalog.related(request.params.id, request.lang), 'PRODUCT_NOT_FOUND'),
  );

  app.get(
    apiPaths.productsPaged.pattern,
    {
      schema: {
        tags,
        summary: 'Products by category or company, one page, with optional price range (SAR)',
        description:
          '`sort=rating`: the best rated first (the highest average of approved reviews, then the most of them; ' +
          'products without a review last); otherwise the catalog’s order.',
        params: productsPagedParams,
        querystring: productsPagedQuery,
        response: { 200: pagedProductsSchema, 503: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      found(
        await app.catalog.listing(request.lang, request.params, request.query, clientGone(reply)),
        'NOT_FOUND',
      ),
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
    (request, reply) =>
      app.catalog.search(
        request.lang,
        request.params,
        request.body.productName,
        request.query,
        clientGone(reply),
      ),
  );
};
