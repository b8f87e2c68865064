import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItems, orderLines, orders, products } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { getSettings } from '../content/settings.ts';
import type { OrderRow } from './lifecycle.ts';
import { applyStockChanges, OutOfStockError, type StockChange } from './stock.ts';
import { vatIncluded } from './zatca.ts';

export type OrderLineRow = typeof orderLines.$inferSelect;

/** The delivery details of spec §3's invoice submission: the only things a client decides. */
export interface DeliveryDetails {
  address: string;
  phone: string;
  location: string;
  note: string;
}

/** Moyasar refuses amounts under 1 SAR. */
const MIN_PAYABLE_HALALAS = 100;

/**
 * Places an order from the shopper's own cart at catalog prices (offer price when there is
 * one; the shipping fee from the settings) and reserves its stock, in one transaction. The
 * shopper's earlier orders still awaiting payment are superseded (expired, their stock given
 * back in the same pass), so going back to the cart and ordering again never locks the
 * shopper out of their own units.
 */
export async function placeOrder(
  db: Db,
  userId: string,
  delivery: DeliveryDetails,
  ttlMinutes: number,
  now = new Date(),
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  return db.transaction(async (tx) => {
    const settings = await getSettings(tx);
    const cart = await tx
      .select({
        productId: products.id,
        quantity: cartItems.count,
        nameAr: products.nameAr,
        nameEn: products.nameEn,
        descriptionAr: products.descriptionAr,
        descriptionEn: products.descriptionEn,
        image: products.image,
        priceHalalas: products.priceHalalas,
        offerPriceHalalas: products.offerPriceHalalas,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(products.id));
    if (cart.length === 0) throw badRequest('CART_EMPTY');

    const superseded = await tx
      .update(orders)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(orders.userId, userId), eq(orders.status, 'awaiting_payment')))
      .returning({ id: orders.id });
    const released =
      superseded.length === 0
        ? []
        : await tx
            .select({ productId: orderLines.productId, quantity: orderLines.quantity })
            .from(orderLines)
            .where(
              inArray(
                orderLines.orderId,
                superseded.map((o) => o.id),
              ),
            );
    const changes: StockChange[] = [
      ...released.map((l) => ({ productId: l.productId, reserve: 0, release: l.quantity })),
      ...cart.map((l) => ({ productId: l.productId, reserve: l.quantity, release: 0 })),
    ];
    try {
      await applyStockChanges(tx, changes);
    } catch (error) {
      if (!(error instanceof OutOfStockError)) throw error;
      const index = cart.findIndex((l) => l.productId === error.productId);
      throw new AppError(409, 'OUT_OF_STOCK', [{ path: `products.${index}`, code: 'OUT_OF_STOCK' }]);
    }

    const priced = cart.map((l) => ({ ...l, unitPrice: l.offerPriceHalalas ?? l.priceHalalas }));
    const subtotal = priced.reduce((sum, l) => sum + l.priceHalalas * l.quantity, 0);
    const discount = priced.reduce((sum, l) => sum + (l.priceHalalas - l.unitPrice) * l.quantity, 0);
    const shipping = settings.shippingFeeHalalas;
    const total = subtotal - discount + shipping;
    if (total < MIN_PAYABLE_HALALAS) throw badRequest('ORDER_NOT_PAYABLE');

    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        address: delivery.address,
        phone: delivery.phone,
        location: delivery.location,
        note: delivery.note,
        subtotalHalalas: subtotal,
        discountHalalas: discount,
        shippingHalalas: shipping,
        totalHalalas: total,
        vatHalalas: vatIncluded(total),
        currency: 'SAR',
        expiresAt: new Date(now.getTime() + ttlMinutes * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const lines = await tx
      .insert(orderLines)
      .values(
        priced.map((l) => ({
          orderId: order!.id,
          productId: l.productId,
          nameAr: l.nameAr,
          nameEn: l.nameEn,
          descriptionAr: l.descriptionAr,
          descriptionEn: l.descriptionEn,
          image: l.image,
          unitPriceHalalas: l.unitPrice,
          listPriceHalalas: l.priceHalalas,
          quantity: l.quantity,
        })),
      )
      .returning();
    return { order: order!, lines };
  });
}

export async function findOrder(db: Db, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

export async function linesOfOrders(db: Db, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

/** A page of the shopper's orders, newest first. */
export async function listOrders(db: Db, userId: string, page: number, pageSize: number) {
  const [counted] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  const rawCount = counted?.n ?? 0;
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const lines = await linesOfOrders(
    db,
    rows.map((r) => r.id),
  );
  return {
    orders: rows.map((order) => ({ order, lines: lines.get(order.id) ?? [] })),
    rawCount,
    pageCount: Math.ceil(rawCount / pageSize),
  };
}
