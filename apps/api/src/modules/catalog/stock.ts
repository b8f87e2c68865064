import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { products, productVariants } from './schema.ts';

/**
 * Units to take from (reserve) and give back to (release) one variant's stock. The product's
 * stock is the sum of its visible variants', kept by the triggers of migration 0016.
 */
export interface StockChange {
  variantId: number;
  reserve: number;
  release: number;
}

export class OutOfStockError extends Error {
  override name = 'OutOfStockError';
  constructor(readonly variantId: number) {
    super(`variant ${variantId} is out of stock`);
  }
}

/** Adds up changes per variant, so each variant row is updated (and locked) once. */
export function mergeStockChanges(changes: StockChange[]): StockChange[] {
  const byVariant = new Map<number, StockChange>();
  for (const c of changes) {
    const seen = byVariant.get(c.variantId) ?? { variantId: c.variantId, reserve: 0, release: 0 };
    seen.reserve += c.reserve;
    seen.release += c.release;
    byVariant.set(c.variantId, seen);
  }
  return [...byVariant.values()].sort((a, b) => a.variantId - b.variantId);
}

/**
 * Applies stock changes with one conditional UPDATE per variant:
 * `stock = stock + release - reserve WHERE stock + release >= reserve`. A concurrent
 * transaction on the same row waits for the row lock and re-checks the condition, so the last
 * unit cannot be sold twice. Rows are touched in variant-id order so two transactions cannot
 * deadlock (the product rows the trigger then updates are reached in the same order). Throws OutOfStockError when a reservation cannot be covered; the caller's
 * transaction (or savepoint) must then roll back.
 */
export async function applyStockChanges(tx: Tx, changes: StockChange[]): Promise<void> {
  for (const c of mergeStockChanges(changes)) {
    const net = c.release - c.reserve;
    if (net === 0) continue;
    const updated = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${net}` })
      .where(and(eq(productVariants.id, c.variantId), gte(sql`${productVariants.stock} + ${net}`, 0)))
      .returning({ id: productVariants.id });
    if (updated.length === 0) throw new OutOfStockError(c.variantId);
  }
}

/** Units of one variant of a product, as an order line or a cart line holds them. */
export interface Units {
  productId: number;
  variantId: number;
  quantity: number;
}

/** Takes the units off the shelf (all or nothing: throws OutOfStockError, see applyStockChanges). */
export function reserveStock(tx: Tx, units: Units[]): Promise<void> {
  return applyStockChanges(
    tx,
    units.map((u) => ({ variantId: u.variantId, reserve: u.quantity, release: 0 })),
  );
}

/** Puts the units back on the shelf: the compensation of reserveStock. */
export function releaseStock(tx: Tx, units: Units[]): Promise<void> {
  return applyStockChanges(
    tx,
    units.map((u) => ({ variantId: u.variantId, reserve: 0, release: u.quantity })),
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
