import {
  apiPaths,
  cartInsertResponseSchema,
  okMessage,
  stockRequestSchema,
  wishlistAddSchema,
  wishlistChangeSchema,
  wishlistItemParams,
  wishlistSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToWishlist,
  askWhenInStock,
  moveWishToCart,
  removeFromWishlist,
} from '../../use-cases/wishlist.ts';
import { shopperWishlist } from '../../views/store/wishlist.ts';
import { SHOPPER_SESSION } from '../openapi.ts';
import { requireUser, sessionRequired } from '../shopper-session.ts';

const TAG = ['Wishlist'];
const security = SHOPPER_SESSION;

/** The signed-in shopper's wishlist (decision 220): every call needs a session and touches only the caller's list. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', sessionRequired);

  app.get(
    apiPaths.wishlist.pattern,
    {
      schema: {
        tags: TAG,
        summary: "The caller's wishlist, newest first, priced from the catalog now",
        description:
          'Each product with the price (offer included) and stock of the variant chosen on its page, or of its default variant. Hidden products are left out.',
        security,
        response: { 200: wishlistSchema },
      },
    },
    async (request) => shopperWishlist(app.db, requireUser(request).id, request.lang),
  );

  app.post(
    apiPaths.wishlist.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Keep a product in the wishlist, optionally with its variant',
        description:
          'Adding a product already there changes nothing but the variant remembered. 404 PRODUCT_NOT_FOUND for a product that does not exist or is hidden, 404 VARIANT_NOT_FOUND for a variant it does not sell, 409 WISHLIST_LIMIT at 200 products.',
        security,
        body: wishlistAddSchema,
        response: { 200: wishlistChangeSchema },
      },
    },
    async (request) => {
      const { productId, variantId, sku } = request.body;
      await addToWishlist(app.shop, requireUser(request).id, productId, { variantId, sku });
      return { ...okMessage('ADDED_TO_WISHLIST', request.lang), productId };
    },
  );

  app.delete(
    apiPaths.wishlistItem.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Take a product out of the wishlist',
        description: 'A product that is not in the list is already out: the same answer.',
        security,
        params: wishlistItemParams,
        response: { 200: wishlistChangeSchema },
      },
    },
    async (request) => {
      const { productId } = request.params;
      await removeFromWishlist(app.shop, requireUser(request).id, productId);
      return { ...okMessage('REMOVED_FROM_WISHLIST', request.lang), productId };
    },
  );

  app.post(
    apiPaths.wishlistToCart.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Move a wished product to the cart',
        description:
          'One unit of the variant chosen on its page (or of its default variant) into the cart, and the product out of the wishlist, together. 404 WISHLIST_ITEM_NOT_FOUND when it is not in the list; 409 OUT_OF_STOCK, QUANTITY_OVER_STOCK or QUANTITY_OVER_LIMIT leave the list as it was.',
        security,
        params: wishlistItemParams,
        response: { 200: cartInsertResponseSchema },
      },
    },
    async (request) => {
      const line = await moveWishToCart(app.shop, requireUser(request).id, request.params.productId);
      return { ...okMessage('MOVED_TO_CART', request.lang), ...line };
    },
  );

  app.post(
    apiPaths.stockRequests.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Ask to be told when a sold-out product is back in stock',
        description:
          'One message (e-mail unless the shopper turned that kind off; SMS or WhatsApp when chosen) when the variant has stock again; asking again while waiting changes nothing. 404 PRODUCT_NOT_FOUND or VARIANT_NOT_FOUND for what is not sold, 400 VARIANT_REQUIRED when a product with several variants is named without one, 409 STILL_IN_STOCK when it can be bought now.',
        security,
        body: stockRequestSchema,
        response: { 200: wishlistChangeSchema },
      },
    },
    async (request) => {
      const { productId, variantId, sku } = request.body;
      await askWhenInStock(app.shop, requireUser(request).id, productId, { variantId, sku });
      return { ...okMessage('STOCK_REQUEST_KEPT', request.lang), productId };
    },
  );
};
