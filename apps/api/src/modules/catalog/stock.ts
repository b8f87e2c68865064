import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { products } from './schema.ts';

/** Units to take from (reserve) and give back to (release) one product's stock. */
export interface StockChange {
  productId: number;
  reserve: number;
  release: number;
}

export class OutOfStockError extends Error {
  override name = 'OutOfStockError';
  constructor(readonly productId: number) {
    super(`product ${productId} is out of stock`);
  }
}

/** Adds up changes per product, so each product row is updated (and locked) once. */
export function mergeStockChanges(changes: StockChange[]): StockChange[] {
  const byProduct = new Map<number, StockChange>();
  for (const c of changes) {
    const seen = byProduct.get(c.productId) ?? { productId: c.productId, reserve: 0, release: 0 };
    seen.reserve += c.reserve;
    seen.release += c.release;
    byProduct.set(c.productId, seen);
  }
  return [...byProduct.values()].sort((a, b) => a.productId - b.productId);
}

/**
 * Applies stock changes with one conditional UPDATE per product:
 * `stock = stock + release - reserve WHERE stock + release >= reserve`. A concurrent
 * transaction on the same row waits for the row lock and re-checks the condition, so the last
 * unit cannot be sold twice. Rows are touched in product-id order so two transactions cannot
 * deadlock. Throws OutOfStockError when a reservation cannot be covered; the caller's
 * transaction (or savepoint) must then roll back.
 */
export async function applyStockChanges(tx: Tx, changes: StockChange[]): Promise<void> {
  for (const c of mergeStockChanges(changes)) {
    const net = c.release - c.reserve;
    if (net === 0) continue;
    const updated = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${net}` })
      .where(and(eq(products.id, c.productId), gte(sql`${products.stock} + ${net}`, 0)))
      .returning({ id: products.id });
    if (updated.length === 0) throw new OutOfStockError(c.productId);
  }
}

/** Units of one product, as an order line or a cart line holds them. */
export interface Units {
  productId: number;
  quantity: number;
}

/** Takes the units off the shelf (all or nothing: throws OutOfStockError, see applyStockChanges). */
export function reserveStock(tx: Tx, units: Units[]): Promise<void> {
  return applyStockChanges(
    tx,
    units.map((u) => ({ productId: u.productId, reserve: u.quantity, release: 0 })),
  );
}

/** Puts the units back on the shelf: the compensation of reserveStock. */
export function releaseStock(tx: Tx, units: Units[]): Promise<void> {
  return applyStockChanges(
    tx,
    units.map((u) => ({ productId: u.productId, reserve: 0, release: u.quantity })),
  );
}

/** Counts the units as sold (the "best sellers" order of the catalog reads `units_sold`). */
export async function recordSale(tx: Tx, units: Units[]): Promise<void> {
  for (const u of units) {
    await tx
      .update(products)
      .set({ unitsSold: sql`${products.unitsSold} + ${u.quantity}` })
      .where(eq(products.id, u.productId));
  }
}
