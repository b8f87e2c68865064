import { and, asc, count, desc, eq, inArray, lt, max } from 'drizzle-orm';
import type { Lang, NationalAddress } from '@shop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { orderFulfilmentEvents, orderLines, orders } from './schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { orderWhere, type FulfilmentEventRow, type OrderRef, type OrderRow } from './lifecycle.ts';

export type { OrderRef };
import { vatIncluded } from './zatca.ts';

export type OrderLineRow = typeof orderLines.$inferSelect;

type LineNames = Pick<OrderLineRow, 'nameAr' | 'nameEn' | 'optionsAr' | 'optionsEn'>;

/** The variant's option values as bought, in `lang`; undefined for a product without options. */
export function lineOptions(
  line: Pick<LineNames, 'optionsAr' | 'optionsEn'>,
  lang: Lang,
): string | undefined {
  const options = lang === 'en' ? line.optionsEn : line.optionsAr;
  return options === '' ? undefined : options;
}

/**
 * A line's name with its option values, as an invoice, a credit note or an e-invoice names what
 * was sold ("iPhone 15 — 256 GB · Blue").
 */
export function lineTitle(line: LineNames, lang: Lang): string {
  const name = lang === 'en' ? line.nameEn : line.nameAr;
  const options = lineOptions(line, lang);
  return options === undefined ? name : `${name} — ${options}`;
}

/** The delivery details the shopper gives with the order: the only things a client decides. */
export interface DeliveryDetails {
  address: string;
  phone: string;
  location: string;
  note: string;
  /** The address's national address, copied onto the order; none for a typed address (the API's). */
  national?: NationalAddress;
}

/**
 * The national address an order keeps: its copy, or null when it has none (an older order, or
 * an address without national fields: its city alone is already in the one-line address).
 */
export function orderNationalAddress(order: OrderRow): NationalAddress | null {
  const national: NationalAddress = {
    shortAddress: order.shortAddress,
    buildingNumber: order.buildingNumber,
    street: order.street,
    district: order.district,
    city: order.city,
    postalCode: order.postalCode,
    additionalNumber: order.additionalNumber,
  };
  const { city: _city, ...parts } = national;
  return Object.values(parts).some(Boolean) ? national : null;
}

/** Moyasar refuses amounts under 1 SAR. */
const MIN_PAYABLE_HALALAS = 100;

/** What an order line records of a product's variant at the time of the order. */
export interface ProductToOrder {
  productId: number;
  variantId: number;
  sku: string;
  optionsAr: string;
  optionsEn: string;
  quantity: number;
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  image: string;
  priceHalalas: number;
  offerPriceHalalas: number | null;
}

/** A discount code's share of the order, already priced (modules/discounts/money.ts). */
export interface CodeOnOrder {
  code: string;
  /** Taken off each of `products`, in their order. */
  perLine: number[];
  shippingWaivedHalalas: number;
}

export interface NewOrder {
  userId: string;
  delivery: DeliveryDetails;
  products: ProductToOrder[];
  /** The shipping fee before any code. */
  shippingHalalas: number;
  code?: CodeOnOrder;
  ttlMinutes: number;
  now: Date;
}

/**
 * Prices the order (the offer price when there is one, VAT included in the total) and inserts
 * it with its lines, awaiting payment until `ttlMinutes` from now. 400 ORDER_NOT_PAYABLE when
 * the total is under what the payment provider accepts.
 */
export async function createOrder(
  tx: Tx,
  input: NewOrder,
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const { now } = input;
  const priced = input.products.map((l) => ({ ...l, unitPrice: l.offerPriceHalalas ?? l.priceHalalas }));
  const subtotal = priced.reduce((sum, l) => sum + l.priceHalalas * l.quantity, 0);
  const discount = priced.reduce((sum, l) => sum + (l.priceHalalas - l.unitPrice) * l.quantity, 0);
  const perLine = priced.map((_, i) => input.code?.perLine[i] ?? 0);
  const codeDiscount = perLine.reduce((sum, d) => sum + d, 0);
  const waived = Math.min(input.code?.shippingWaivedHalalas ?? 0, input.shippingHalalas);
  const shipping = input.shippingHalalas - waived;
  const total = subtotal - discount - codeDiscount + shipping;
  if (total < MIN_PAYABLE_HALALAS) throw badRequest('ORDER_NOT_PAYABLE');

  const [order] = await tx
    .insert(orders)
    .values({
      userId: input.userId,
      address: input.delivery.address,
      phone: input.delivery.phone,
      location: input.delivery.location,
      note: input.delivery.note,
      ...input.delivery.national,
      subtotalHalalas: subtotal,
      discountHalalas: discount,
      discountCode: input.code?.code ?? null,
      codeDiscountHalalas: codeDiscount,
      shippingWaivedHalalas: waived,
      shippingHalalas: shipping,
      totalHalalas: total,
      vatHalalas: vatIncluded(total),
      currency: 'SAR',
      expiresAt: new Date(now.getTime() + input.ttlMinutes * 60_000),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const lines = await tx
    .insert(orderLines)
    .values(
      priced.map((l, i) => ({
        orderId: order!.id,
        codeDiscountHalalas: perLine[i]!,
        productId: l.productId,
        variantId: l.variantId,
        sku: l.sku,
        optionsAr: l.optionsAr,
        optionsEn: l.optionsEn,
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
}

/**
 * Orders still awaiting payment that were placed before `before`, soonest to expire first: the
 * ones the reconciliation task asks the payment provider about.
 */
/** What the shopper paid for a line: its units at the price charged, less its share of a discount code. */
export const linePaidHalalas = (
  line: Pick<OrderLineRow, 'unitPriceHalalas' | 'quantity' | 'codeDiscountHalalas'>,
): number => line.unitPriceHalalas * line.quantity - line.codeDiscountHalalas;

/** Each of these shoppers' latest order time (shoppers without an order are left out). */
export async function lastOrderTimes(db: Db | Tx, userIds: string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: orders.userId, at: max(orders.createdAt) })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  return new Map(rows.flatMap((r) => (r.at ? [[r.userId, r.at] as const] : [])));
}

export async function awaitingPaymentSince(db: Db, before: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lt(orders.createdAt, before)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
}

/**
 * The id of the order a reference names: an id as it is given (whoever uses it finds out
 * whether it exists), a number looked up; null when no order has that number.
 */
export async function orderIdOf(db: Db, ref: OrderRef): Promise<string | null> {
  if ('id' in ref) return ref.id;
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, ref.number)).limit(1);
  return row?.id ?? null;
}

/** The order of an id (or, from the back office, of a number); null when there is none. */
export async function findOrder(db: Db, ref: string | OrderRef): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(orderWhere(ref)).limit(1);
  return row ?? null;
}

/** True when an order names the product (its lines point at it, so the product must stay). */
export async function productWasOrdered(db: Db | Tx, productId: number): Promise<boolean> {
  const [line] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.productId, productId))
    .limit(1);
  return line !== undefined;
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

/**
 * A shopper's orders for the back office, newest first: what a list of them shows, and how many
 * there are in all (served by orders_user_idx).
 */
export async function ordersOfCustomer(db: Db, userId: string, limit: number) {
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        status: orders.status,
        received: orders.received,
        totalHalalas: orders.totalHalalas,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(limit),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** The fulfilment steps of orders, oldest first, by order id. */
export async function fulfilmentEventsOf(
  db: Db,
  orderIds: string[],
): Promise<Map<string, FulfilmentEventRow[]>> {
  const byOrder = new Map<string, FulfilmentEventRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderFulfilmentEvents)
    .where(inArray(orderFulfilmentEvents.orderId, orderIds))
    .orderBy(asc(orderFulfilmentEvents.orderId), asc(orderFulfilmentEvents.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/**
 * The shopper's most recently delivered order holding `productId` (any variant): its id and
 * number; null when none of their orders holding it was delivered.
 */
export async function deliveredOrderWithProduct(
  db: Db | Tx,
  userId: string,
  productId: number,
): Promise<{ orderId: string; number: number } | null> {
  const [row] = await db
    .select({ orderId: orders.id, number: orders.number })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(eq(orders.userId, userId), eq(orders.fulfilment, 'delivered'), eq(orderLines.productId, productId)),
    )
    .orderBy(desc(orders.deliveredAt), desc(orders.number))
    .limit(1);
  return row ?? null;
}
