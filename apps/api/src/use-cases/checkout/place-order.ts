import { deliverableTo, nationalAddressOf, type Lang, type PlaceOrderForm } from '@shop/contract';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Shop } from '../../lib/shop.ts';
import { findAddress, type AddressRow } from '../../modules/addresses/service.ts';
import { applyStockChanges, OutOfStockError } from '../../modules/catalog/stock.ts';
import { cartForCheckout } from '../../modules/cart/service.ts';
import { getSettings, shippingFeeFor } from '../../modules/settings/service.ts';
import { supersedeAwaiting, type OrderRow } from '../../modules/orders/lifecycle.ts';
import {
  createOrder,
  findOrder,
  orderNationalAddress,
  type DeliveryDetails,
  type OrderLineRow,
} from '../../modules/orders/service.ts';
import { rememberLang } from '../../modules/users/service.ts';
import { cartCodeOf, judgeFor, redeem, releaseEnded } from '../../modules/discounts/service.ts';
import { refusal } from '../../modules/discounts/refusal.ts';
import { promoteLines, promotionsNotEnded } from '../../modules/discounts/promotions.ts';
import { announceStock } from './steps.ts';

/** The shop's database and change bus, and its configuration (how long an order waits for its payment). */
export type PlaceOrderDeps = Pick<Shop, 'db' | 'changes' | 'config'>;

export interface PlacedOrder {
  order: OrderRow;
  lines: OrderLineRow[];
}

/**
 * Delivery to an address of the shopper's book: with the shop's `nationalAddressRequired`
 * setting on, one without its short address is refused (400 NATIONAL_ADDRESS_REQUIRED at
 * `addressId`), and the checkout asks the shopper to complete it.
 */
export interface OrderDelivery extends DeliveryDetails {
  fromBook?: boolean;
}

/**
 * Places an order from the shopper's own cart, in one transaction:
 *
 * 0. settings: delivery to an address of the book without its short address is refused when
 *    the shop asks for the national address;
 * 1. cart: the lines, with each variant's current price, SKU, option values and names (400 CART_EMPTY);
 * 2. orders: the shopper's earlier orders still awaiting payment are superseded (expired), so
 *    going back to the cart and ordering again never locks the shopper out of their own units;
 * 3. catalog: their units go back on the shelf and the cart's units are reserved, in one pass
 *    per variant (409 OUT_OF_STOCK naming the cart line that could not be covered);
 * 4. discounts: the superseded orders give their code uses back; the cart's code, if any, is
 *    judged again against the cart, the shopper and the time now (409 with the reason at `code`
 *    when it no longer applies: the shopper sees it and removes it or changes the cart);
 * 5. orders: the order is priced at catalog prices (offer price when there is one, less what the
 *    promotion running now takes off each unit; shipping from the settings), less the code's
 *    discount spread over its lines, and created awaiting
 *    payment (400 ORDER_NOT_PAYABLE under 1 SAR), payable for ORDER_PAYMENT_TTL_MINUTES;
 * 6. discounts: the order takes one use of the code, counted on the database under the code
 *    row's lock (409 DISCOUNT_CODE_USED_UP to the shopper who came after the last use).
 *
 * Rows are locked in one order everywhere (orders, stock by variant id, code rows), so two
 * checkouts cannot deadlock.
 *
 * A step that fails throws, and the transaction undoes the steps before it. The cart is left
 * as it is: the products leave it when the order is paid (see steps.ts). Once committed, the
 * caches are told which products' stock changed, and the shopper's language is kept: the
 * order's e-mails (shipped, delivered, refunded) are written in the language it was placed in.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  userId: string,
  delivery: OrderDelivery,
  lang: Lang,
  now = new Date(),
): Promise<PlacedOrder> {
  const placed = await deps.db.transaction(async (tx) => {
    const settings = await getSettings(tx);
    const { fromBook = false, ...details } = delivery;
    if (
      fromBook &&
      !deliverableTo(details.national ?? { shortAddress: '' }, settings.nationalAddressRequired)
    )
      throw badRequest('NATIONAL_ADDRESS_REQUIRED', 'addressId');
    const cart = await cartForCheckout(tx, userId);
    if (cart.length === 0) throw badRequest('CART_EMPTY');

    const released = await supersedeAwaiting(tx, userId, now);
    try {
      await applyStockChanges(tx, [
        ...released.map((u) => ({ variantId: u.variantId, reserve: 0, release: u.quantity })),
        ...cart.map((l) => ({ variantId: l.variantId, reserve: l.quantity, release: 0 })),
      ]);
    } catch (error) {
      if (!(error instanceof OutOfStockError)) throw error;
      const index = cart.findIndex((l) => l.variantId === error.variantId);
      throw new AppError(409, 'OUT_OF_STOCK', [{ path: `products.${index}`, code: 'OUT_OF_STOCK' }]);
    }

    if (released.length) await releaseEnded(tx, { userId }, now);
    // The promotions running now, read in this transaction: the order keeps what each took off.
    const lines = promoteLines(
      await promotionsNotEnded(tx, now),
      cart.map((l) => ({ ...l, unitHalalas: l.offerPriceHalalas ?? l.priceHalalas })),
      now,
    );
    const shippingHalalas = shippingFeeFor(
      settings,
      lines.reduce((sum, l) => sum + l.amountHalalas, 0),
    );
    const code = await cartCodeOf(tx, userId);
    const verdict = code && (await judgeFor(tx, code, userId, lines, shippingHalalas, now));
    if (verdict && !verdict.ok) throw refusal(verdict, lang);

    const created = await createOrder(tx, {
      userId,
      delivery: details,
      products: lines.map((l) => ({
        ...l,
        promotion: l.promoted && { id: l.promoted.promotion.id, offUnitHalalas: l.promoted.offHalalas },
      })),
      shippingHalalas,
      ...(code &&
        verdict?.ok && {
          code: {
            code: code.code,
            perLine: verdict.price.perLine,
            shippingWaivedHalalas: verdict.price.shippingWaivedHalalas,
          },
        }),
      ttlMinutes: deps.config.orderPaymentTtlMinutes,
      now,
    });
    if (code) await redeem(tx, code, created.order.id, userId);
    return { ...created, moved: [...released, ...cart] };
  });
  await announceStock(deps.changes, placed.moved);
  await rememberLang(deps.db, userId, lang);
  return { order: placed.order, lines: placed.lines };
}

const separators: Record<Lang, string> = { ar: '، ', en: ', ' };

/**
 * What an order delivered to `address` says: the address on one line in `lang` (title, notes,
 * nearest landmark, region, city; the empty parts left out), its mobile, the note, and a copy
 * of its national address.
 */
export function deliveryTo(address: AddressRow, note: string, lang: Lang): OrderDelivery {
  return {
    fromBook: true,
    national: nationalAddressOf(address),
    address: [address.name, address.address, address.closeSign, address.zone, address.city]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(separators[lang]),
    phone: address.mobile,
    location: 'location',
    note,
  };
}

/**
 * Confirm order on the cart page: the cart's order, delivered to one of the shopper's
 * addresses. An address that is not theirs (or no longer there) is 400 ADDRESS_REQUIRED at
 * `addressId`: the shopper picks another; one without its short address, when the shop asks for
 * it, 400 NATIONAL_ADDRESS_REQUIRED there: the shopper completes it.
 */
export async function placeOrderTo(
  deps: PlaceOrderDeps,
  shopperId: string,
  input: PlaceOrderForm,
  lang: Lang,
): Promise<PlacedOrder> {
  const address = await findAddress(deps.db, input.addressId);
  if (!address || address.userId !== shopperId) throw badRequest('ADDRESS_REQUIRED', 'addressId');
  return placeOrder(deps, shopperId, deliveryTo(address, input.note, lang), lang);
}

/**
 * After a failed or expired payment, the payment page offers to try again: the same delivery
 * details, ordered again from the cart as it is now. An order that can still be paid, or was
 * paid meanwhile (another tab), is answered as it is and nothing is placed. 404 for an order
 * that is not the shopper's.
 */
export async function placeOrderAgain(
  deps: PlaceOrderDeps,
  shopperId: string,
  orderId: string,
  lang: Lang,
  now = new Date(),
): Promise<OrderRow> {
  const order = await findOrder(deps.db, orderId);
  if (!order || order.userId !== shopperId) throw notFound('ORDER_NOT_FOUND');
  const payable = order.status === 'awaiting_payment' && order.expiresAt > now;
  if (payable || order.status === 'paid') return order;
  const { address, phone, location, note } = order;
  const national = orderNationalAddress(order) ?? undefined;
  return (await placeOrder(deps, shopperId, { address, phone, location, note, national }, lang, now)).order;
}
