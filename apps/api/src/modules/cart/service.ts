import { CART_LINE_MAX, halalasToSar, type Cart, type CartItem, type Lang } from '@shop/contract';
import { and, asc, eq, inArray, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { keptStatements } from '../../db/kept-statements.ts';
import { KeptReads } from '../../db/sole-writer.ts';
import { cartItems, cartReminders } from './schema.ts';
import { products, productVariants, variantSaleColumns } from '../catalog/schema.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The shopper's cart lines, oldest first, each with `columns` of its variant and product.
 * `userId` is their id, or a placeholder of a prepared statement.
 */
function linesWith<T extends SelectedFields>(db: Db, userId: string | Placeholder, columns: T) {
  return db
    .select({ carId: cartItems.id, count: cartItems.count, ...columns })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/**
 * The cart's lines with what an order line needs of each variant (names, description, image,
 * SKU, option values, list and offer price, stock), read from the catalog now.
 */
async function cartLines(db: Db, userId: string) {
  return linesWith(db, userId, {
    ...variantSaleColumns,
    categoryId: products.categoryId,
    companyId: products.companyId,
    hidden: sql<boolean>`${products.hidden} or ${productVariants.hidden}`,
  });
}

/**
 * The shopper's cart with prices from the catalog as they are now: the offer price when there
 * is one. Totals are summed in halalas, then converted once.
 */
export async function readCart(db: Db, userId: string, lang: Lang): Promise<Cart> {
  return (await readCartForCode(db, userId, lang)).cart;
}

/** What a discount code looks at of a cart line: its product's place in the catalog and its cost now. */
export interface CartLineForCode {
  carId: number;
  productId: number;
  variantId: number;
  categoryId: number;
  companyId: number;
  /** One unit's shelf price: the offer price when there is one. */
  unitHalalas: number;
  quantity: number;
  amountHalalas: number;
}

/** What both reads of the lines hold that a discount code looks at. */
type LineRow = Pick<
  Awaited<ReturnType<typeof cartLines>>[number],
  | 'carId'
  | 'productId'
  | 'variantId'
  | 'categoryId'
  | 'companyId'
  | 'priceHalalas'
  | 'offerPriceHalalas'
  | 'count'
>;

function forCode(row: LineRow): CartLineForCode {
  const unitHalalas = row.offerPriceHalalas ?? row.priceHalalas;
  return {
    carId: row.carId,
    productId: row.productId,
    variantId: row.variantId,
    categoryId: row.categoryId,
    companyId: row.companyId,
    unitHalalas,
    quantity: row.count,
    amountHalalas: unitHalalas * row.count,
  };
}

/** The cart's lines as a discount code judges them, oldest first. */
export async function cartLinesForCode(db: Db, userId: string): Promise<CartLineForCode[]> {
  return (await cartLines(db, userId)).map(forCode);
}

/**
 * The cart's lines in one language, as the cart page shows them: what `cartLines` reads but the
 * descriptions and the other language's names. The cart page sends it at each visit: kept.
 */
const shownLinesStatement = keptStatements((db, lang: Lang) =>
  linesWith(db, sql.placeholder('userId'), {
    productId: products.id,
    variantId: productVariants.id,
    sku: productVariants.sku,
    options: variantSaleColumns[lang === 'en' ? 'optionsEn' : 'optionsAr'],
    name: lang === 'en' ? products.nameEn : products.nameAr,
    image: variantSaleColumns.image,
    priceHalalas: productVariants.priceHalalas,
    offerPriceHalalas: productVariants.offerPriceHalalas,
    stock: productVariants.stock,
    categoryId: products.categoryId,
    companyId: products.companyId,
  }).prepare(`cart_lines_${lang}`),
);

type ShownLine = Awaited<ReturnType<ReturnType<typeof shownLinesStatement>['execute']>>[number];

/**
 * The shown lines as just read, where this process is the database's only writer: a shopper's
 * next cart page sends no statement for them until something is written (a line added, changed
 * or removed, a price, a stock, a name; any write at all: db/sole-writer.ts). The last ten
 * thousand carts (by shopper and language) are kept.
 */
const shownLinesRead = new KeptReads<string, readonly Readonly<ShownLine>[]>(10_000);

const shownCartLines = async (db: Db, userId: string, lang: Lang): Promise<readonly Readonly<ShownLine>[]> =>
  (await shownLinesRead.read(db, `${lang} ${userId}`, async () =>
    Object.freeze((await shownLinesStatement(db, lang).execute({ userId })).map((row) => Object.freeze(row))),
  ))!;

/** The cart (as `readCart`) and its lines as a discount code judges them, from one read. */
export async function readCartForCode(
  db: Db,
  userId: string,
  lang: Lang,
): Promise<{ cart: Cart; lines: CartLineForCode[] }> {
  const rows = await shownCartLines(db, userId, lang);
  let totalHalalas = 0;
  let units = 0;
  const cartProduct = rows.map((row): CartItem => {
    const unitHalalas = row.offerPriceHalalas ?? row.priceHalalas;
    totalHalalas += unitHalalas * row.count;
    units += row.count;
    const options = row.options;
    return {
      carId: row.carId,
      productId: row.productId,
      variantId: row.variantId,
      sku: row.sku,
      ...(options !== '' && { options }),
      productName: row.name,
      productImage: row.image,
      productPrice: halalasToSar(unitHalalas),
      ...(row.offerPriceHalalas !== null && { productPriceBeforeOffer: halalasToSar(row.priceHalalas) }),
      productCount: row.count,
      productStock: row.stock,
    };
  });
  return {
    cart: { cartProduct, cartTotalNumberOfProduct: units, cartTotalPrice: halalasToSar(totalHalalas) },
    lines: rows.map(forCode),
  };
}

/**
 * The units in the shopper's cart, as `readCart` totals them (`cartTotalNumberOfProduct`),
 * without reading its products: the cart badge of every page needs only this.
 */
export async function countCartUnits(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ units: cartUnits(userId) }).from(sql`(select 1) as one`);
  return rows[0]?.units ?? 0;
}

/**
 * The units in the shopper's cart as one value of a statement (the header reads it with other
 * marks): `userId` is their id, or the column that holds it in the statement (the session's).
 */
export const cartUnits = (userId: string | AnyColumn): SQL<number> =>
  sql<number>`(select coalesce(sum(${cartItems.count}), 0)::int from ${cartItems} where ${cartItems.userId} = ${userId}::uuid)`;

/** The most units a line of this product may hold now. */
const lineCap = (stock: number) => Math.min(stock, CART_LINE_MAX);

/**
 * Adds one unit of a variant (with its stock as just read): a new line, or one more on the
 * existing line. The increment and its limit are one statement, reading the stock again, so two
 * quick clicks cannot pass the stock or the line cap.
 */
export async function addToCart(
  db: Db,
  userId: string,
  variant: { productId: number; variantId: number; stock: number },
) {
  const { productId, variantId, stock } = variant;
  if (stock < 1) throw new AppError(409, 'OUT_OF_STOCK');
  const rows = await db
    .insert(cartItems)
    .values({ userId, productId, variantId, count: 1 })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.variantId],
      set: { count: sql`${cartItems.count} + 1`, updatedAt: sql`now()` },
      setWhere: sql`${cartItems.count} + 1 <= least((select ${productVariants.stock} from ${productVariants} where ${productVariants.id} = ${variantId}), ${CART_LINE_MAX})`,
    })
    .returning({ carId: cartItems.id, productCount: cartItems.count });
  const row = rows[0];
  if (row) return row;
  // The line is already full: say which limit it reached.
  throw new AppError(409, stock <= CART_LINE_MAX ? 'QUANTITY_OVER_STOCK' : 'QUANTITY_OVER_LIMIT');
}

/** A cart line with its owner and the stock of its variant; null when there is none. */
export async function findLine(db: Db, carId: number) {
  const row = (
    await db
      .select({ userId: cartItems.userId, stock: productVariants.stock })
      .from(cartItems)
      .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
      .where(eq(cartItems.id, carId))
      .limit(1)
  )[0];
  return row ?? null;
}

/**
 * Sets a line of the shopper's cart to `count` units: at most the stock and the per-line cap.
 * Null when the shopper has no such line.
 */
export async function setLineCount(db: Db, userId: string, carId: number, count: number, stock: number) {
  if (count > CART_LINE_MAX)
    throw new AppError(400, 'QUANTITY_OVER_LIMIT', [{ path: 'count', code: 'QUANTITY_OVER_LIMIT' }]);
  if (count > lineCap(stock))
    throw new AppError(409, 'QUANTITY_OVER_STOCK', [{ path: 'count', code: 'QUANTITY_OVER_STOCK' }]);
  const rows = await db
    .update(cartItems)
    .set({ count, updatedAt: new Date() })
    .where(and(eq(cartItems.id, carId), eq(cartItems.userId, userId)))
    .returning({ carId: cartItems.id, productCount: cartItems.count });
  return rows[0] ?? null;
}

/** Removes one line of the shopper's cart (a line of someone else's cart is left alone). */
export async function removeLine(db: Db, userId: string, carId: number): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.id, carId), eq(cartItems.userId, userId)));
}

/** Empties the shopper's cart. */
export async function clearCart(db: Db, userId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}

/**
 * Takes bought variants out of the shopper's cart. Only those: a variant added after the
 * order was placed stays in the cart.
 */
export async function removeVariants(tx: Db, userId: string, variantIds: number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.variantId, variantIds)));
}

/**
 * The cart's lines as checkout reads them: `quantity` units of each variant, in variant-id
 * order (the order in which checkout locks stock rows, so two checkouts cannot deadlock).
 */
export async function cartForCheckout(db: Db, userId: string) {
  const lines = await cartLines(db, userId);
  // A product hidden since it was put in the cart is no longer for sale.
  if (lines.some((l) => l.hidden)) throw new AppError(409, 'PRODUCT_NOT_FOUND');
  return lines
    .map(({ carId, count, stock: _stock, hidden: _hidden, ...product }) => ({
      carId,
      ...product,
      quantity: count,
    }))
    .sort((a, b) => a.variantId - b.variantId);
}

export type CheckoutLine = Awaited<ReturnType<typeof cartForCheckout>>[number];

// ── Reminders of a cart left waiting (decision 226) ─────────────────────────────────────────

export interface WaitingCart {
  userId: string;
  /** When its first line was added, to the millisecond: the cart's name for its reminder. */
  startedAt: Date;
  /** When a line was last added or changed. */
  touchedAt: Date;
  /** Units in it. */
  units: number;
}

/**
 * Carts last touched between `since` and `before` and not yet reminded of (up to `limit`, the
 * longest waiting first).
 */
export async function cartsWaitingSince(
  tx: Tx,
  since: Date,
  before: Date,
  limit: number,
): Promise<WaitingCart[]> {
  const startedAt = sql<Date>`date_trunc('milliseconds', min(${cartItems.createdAt}))`;
  const touchedAt = sql<Date>`max(${cartItems.updatedAt})`;
  const rows = await tx
    .select({
      userId: cartItems.userId,
      // As milliseconds since 1970: exact, and read the same whatever the session's time zone.
      startedAt: sql<number>`(extract(epoch from ${startedAt}) * 1000)::float8`,
      touchedAt: sql<number>`(extract(epoch from ${touchedAt}) * 1000)::float8`,
      units: sql<number>`sum(${cartItems.count})::int`,
    })
    .from(cartItems)
    .groupBy(cartItems.userId)
    .having(
      and(
        sql`${touchedAt} < ${before.toISOString()}::timestamptz`,
        sql`${touchedAt} >= ${since.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${cartReminders} r
          where r.user_id = ${cartItems.userId} and r.cart_started_at = ${startedAt})`,
      ),
    )
    .orderBy(touchedAt)
    .limit(limit);
  return rows.map((r) => ({
    userId: r.userId,
    startedAt: new Date(r.startedAt),
    touchedAt: new Date(r.touchedAt),
    units: r.units,
  }));
}

/**
 * Takes the reminder of this cart for the caller: true for exactly one of several processes
 * asking at once (the row's lock decides), false when that cart was already reminded of.
 */
export async function claimCartReminder(tx: Tx, userId: string, startedAt: Date): Promise<boolean> {
  const rows = await tx
    .insert(cartReminders)
    .values({ userId, cartStartedAt: startedAt })
    .onConflictDoUpdate({
      target: cartReminders.userId,
      set: { cartStartedAt: startedAt, remindedAt: sql`now()` },
      setWhere: sql`${cartReminders.cartStartedAt} is distinct from excluded.cart_started_at`,
    })
    .returning({ userId: cartReminders.userId });
  return rows.length > 0;
}
