import {
  apiPaths,
  applyDiscountCodeSchema,
  discountPaths,
  cartInsertResponseSchema,
  cartInsertSchema,
  cartLineCountParams,
  cartLineParams,
  cartSchema,
  cartUpdateResponseSchema,
  okSchema,
  okMessage,
  uuidParam,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addToCart, emptyCart, removeCartLine, setCartLineCount } from '../../use-cases/cart.ts';
import { shopperCart } from '../../views/store/cart.ts';
import { applyCartCode, removeCartCode } from '../../use-cases/discounts.ts';
import { SHOPPER_SESSION } from '../openapi.ts';
import { requireOwner, requireUser, sessionRequired } from '../shopper-session.ts';

const TAG = ['Cart'];
const security = SHOPPER_SESSION;

/** The shopper's cart (docs/requirements/rules.md, Cart): every call needs a session and touches only the caller's lines. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', sessionRequired);

  app.get(
    apiPaths.cartByUser.pattern,
    {
      schema: {
        tags: TAG,
        summary: "The caller's cart, priced from the catalog now",
        security,
        params: z.object({ userId: uuidParam }),
        response: { 200: cartSchema },
      },
    },
    async (request) => {
      const user = requireOwner(request, request.params.userId);
      return shopperCart(app.db, app.promotions, user.id, request.lang);
    },
  );

  app.post(
    apiPaths.cartInsert.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Add one unit of a product (a product already in the cart gets one more)',
        description:
          'A product with several variants (storage, colour) needs one named by `variantId` or `sku`: 400 VARIANT_REQUIRED without, 404 VARIANT_NOT_FOUND for one the product does not have. Out of stock: 409 OUT_OF_STOCK. A line holds at most the stock and at most 10: 409 QUANTITY_OVER_STOCK or QUANTITY_OVER_LIMIT.',
        security,
        body: cartInsertSchema,
        response: { 200: cartInsertResponseSchema },
      },
    },
    async (request) => {
      const { productId, variantId, sku, userId } = request.body;
      const user = userId === undefined ? requireUser(request) : requireOwner(request, userId);
      const line = await addToCart(app.shop, user.id, productId, { variantId, sku });
      return { ...okMessage('ADDED_TO_CART', request.lang), ...line };
    },
  );

  app.put(
    apiPaths.cartUpdate.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Set the quantity of a cart line',
        description:
          'A whole number from 1 to min(stock, 10). 0, negatives and non-numbers: 400 QUANTITY_INVALID.',
        security,
        params: cartLineCountParams,
        response: { 200: cartUpdateResponseSchema },
      },
    },
    async (request) => {
      const { carId, count } = request.params;
      const line = await setCartLineCount(app.shop, requireUser(request).id, carId, count);
      return { ...okMessage('EDITED', request.lang), ...line };
    },
  );

  app.delete(
    apiPaths.cartDelete.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Remove one line from the cart',
        security,
        params: cartLineParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await removeCartLine(app.shop, requireUser(request).id, request.params.carId);
      return okMessage('DELETED', request.lang);
    },
  );

  app.delete(
    apiPaths.cartDeleteAll.pattern,
    {
      schema: {
        tags: TAG,
        summary: "Empty the caller's cart",
        security,
        params: z.object({ userId: uuidParam }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const user = requireOwner(request, request.params.userId);
      await emptyCart(app.shop, user.id);
      return okMessage('DELETED', request.lang);
    },
  );

  app.post(
    discountPaths.cartCode.pattern,
    {
      schema: {
        tags: TAG,
        summary: "Apply a discount code to the caller's cart",
        description:
          'The code is matched without regard to case, surrounding spaces or Arabic-Indic digits. 404 DISCOUNT_CODE_NOT_FOUND; 409 with the reason it does not apply now (DISCOUNT_CODE_EXPIRED, _NOT_STARTED, _USED_UP, _BELOW_MINIMUM, _OUT_OF_SCOPE, _CUSTOMER_LIMIT, _FIRST_ORDER, _DISABLED); 400 CART_EMPTY. The cart answers what it takes off (`discountCode`); it is checked again when the order is placed.',
        security,
        body: applyDiscountCodeSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await applyCartCode(app.shop, requireUser(request).id, request.body.code, request.lang);
      return okMessage('DISCOUNT_CODE_APPLIED', request.lang);
    },
  );

  app.delete(
    discountPaths.cartCode.pattern,
    {
      schema: {
        tags: TAG,
        summary: "Take the discount code off the caller's cart",
        security,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await removeCartCode(app.shop, requireUser(request).id);
      return okMessage('DISCOUNT_CODE_REMOVED', request.lang);
    },
  );
};
