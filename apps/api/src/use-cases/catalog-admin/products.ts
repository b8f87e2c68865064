import type {
  AdminProduct,
  ProductInput,
  ProductOptionsInput,
  ProductsBulk,
  ProductUpdate,
  ProductVariantsInput,
} from '@shop/contract';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Shop } from '../../lib/shop.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import {
  addProductImage,
  applyOfferSchedule,
  bulkUpdateProducts,
  changeOptionsOrVariants,
  deleteProduct,
  hideProduct,
  insertProduct,
  lockProduct,
  offerNotBelowPrice,
  productAuditView,
  setProductImages,
  updateProduct,
  type ProductImagesChange,
  type ProductRow,
} from '../../modules/catalog/admin.ts';
import { productWasOrdered } from '../../modules/orders/service.ts';
import { replaceOptions, saveVariants as writeVariants } from '../../modules/catalog/variant-admin.ts';

/**
 * The back office's changes to products, for the API's routes and the dashboard's pages alike.
 * Each is one transaction: the catalog module's change and its audit entry commit together
 * (decision 103). Once committed, the change bus tells the caches which products changed, so
 * shoppers see the change at their next request. Null answers "no such product": the caller
 * answers its 404.
 */

/** What these changes need of the shop: its database and its change bus. */
export type CatalogAdminDeps = Pick<Shop, 'db' | 'changes'>;

/** Tells the caches these products changed (after the commit, never inside it). */
async function announce(deps: CatalogAdminDeps, productIds: number[]): Promise<void> {
  await deps.changes.publish({ topic: 'catalog', productIds });
}

/** Creates a product with its first image (already stored). */
export async function createProduct(
  deps: CatalogAdminDeps,
  input: ProductInput,
  image: string,
  by: AuditActor,
): Promise<ProductRow> {
  const created = await deps.db.transaction(async (tx) => {
    const row = await insertProduct(tx, input, image);
    await recordAudit(tx, {
      by,
      action: 'product.create',
      entityType: 'product',
      entityId: String(row.id),
      before: null,
      after: productAuditView(row, []),
    });
    return row;
  });
  await announce(deps, [created.id]);
  return created;
}

/** Saves the editor's fields; 409 PRODUCT_VERSION_CONFLICT when someone saved it since `input.version`. */
export async function saveProduct(
  deps: CatalogAdminDeps,
  id: number,
  input: ProductUpdate,
  by: AuditActor,
): Promise<ProductRow | null> {
  const change = await deps.db.transaction(async (tx) => {
    const change = await updateProduct(tx, id, input);
    if (change)
      await recordAudit(tx, {
        by,
        action: 'product.update',
        entityType: 'product',
        entityId: String(id),
        before: productAuditView(change.before),
        after: productAuditView(change.after),
      });
    return change;
  });
  if (!change) return null;
  await announce(deps, [id]);
  return change.after;
}

/**
 * Deletes a product no order names; one that an order names is hidden instead (decision 125:
 * its order lines point at it, and the shop keeps them). Says which it did.
 */
export async function removeProduct(
  deps: CatalogAdminDeps,
  id: number,
  by: AuditActor,
): Promise<'deleted' | 'hidden' | null> {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    if (!row) return null;
    if (await productWasOrdered(tx, id)) {
      if (!row.hidden) {
        const after = await hideProduct(tx, row);
        await recordAudit(tx, {
          by,
          action: 'product.hide',
          entityType: 'product',
          entityId: String(id),
          before: productAuditView(row),
          after: productAuditView(after),
        });
      }
      return 'hidden' as const;
    }
    await deleteProduct(tx, id);
    await recordAudit(tx, {
      by,
      action: 'product.delete',
      entityType: 'product',
      entityId: String(id),
      before: productAuditView(row),
      after: null,
    });
    return 'deleted' as const;
  });
  if (outcome) await announce(deps, [id]);
  return outcome;
}

/** An images change with its audit entry (`action`), when the images changed at all. */
async function changeImages(
  deps: CatalogAdminDeps,
  id: number,
  by: AuditActor,
  action: string,
  change: (tx: Tx) => Promise<ProductImagesChange | null>,
): Promise<ProductRow | null> {
  const changed = await deps.db.transaction(async (tx) => {
    const done = await change(tx);
    if (done && done.images.before.join('\n') !== done.images.after.join('\n'))
      await recordAudit(tx, {
        by,
        action,
        entityType: 'product',
        entityId: String(id),
        before: { images: done.images.before },
        after: { images: done.images.after },
      });
    return done;
  });
  if (!changed) return null;
  await announce(deps, [id]);
  return changed.after;
}

/** Appends an uploaded image (already stored) to the product's images, from `version`. */
export function addImage(
  deps: CatalogAdminDeps,
  id: number,
  version: number,
  image: string,
  by: AuditActor,
): Promise<ProductRow | null> {
  return changeImages(deps, id, by, 'product.image_add', (tx) => addProductImage(tx, id, version, image));
}

/** Reorders or removes the product's images (the first is the main one), from `version`. */
export function orderImages(
  deps: CatalogAdminDeps,
  id: number,
  version: number,
  images: string[],
  by: AuditActor,
): Promise<ProductRow | null> {
  return changeImages(deps, id, by, 'product.images', (tx) => setProductImages(tx, id, version, images));
}

/** An options or variants change with its audit entry (`action`): options and variants before and after. */
async function changeVariants(
  deps: CatalogAdminDeps,
  id: number,
  version: number,
  by: AuditActor,
  action: string,
  change: (tx: Tx, product: ProductRow, was: Pick<AdminProduct, 'options'>) => Promise<void>,
): Promise<ProductRow | null> {
  const changed = await deps.db.transaction(async (tx) => {
    const done = await changeOptionsOrVariants(tx, id, version, (product, was) => change(tx, product, was));
    if (done)
      await recordAudit(tx, {
        by,
        action,
        entityType: 'product',
        entityId: String(id),
        before: done.before,
        after: done.after,
      });
    return done;
  });
  if (!changed) return null;
  await announce(deps, [id]);
  return changed.product;
}

/**
 * Replaces the product's options (storage, colour, …) and makes a variant for every new
 * combination; variants that lose their combination are deleted, or hidden when ordered.
 */
export function saveOptions(
  deps: CatalogAdminDeps,
  id: number,
  input: ProductOptionsInput,
  by: AuditActor,
): Promise<ProductRow | null> {
  return changeVariants(deps, id, input.version, by, 'product.options', (tx, product, was) =>
    replaceOptions(tx, product, input, was),
  );
}

/** Saves the variants grid (SKU, barcode, prices, stock, image, hidden of each variant). */
export function saveVariants(
  deps: CatalogAdminDeps,
  id: number,
  input: ProductVariantsInput,
  by: AuditActor,
): Promise<ProductRow | null> {
  return changeVariants(deps, id, input.version, by, 'product.variants', (tx, product) =>
    writeVariants(tx, product, input),
  );
}

const BULK_ACTIONS = {
  price_percent: 'product.bulk_price',
  set_stock: 'product.bulk_stock',
  publish: 'product.publish',
  hide: 'product.hide',
} as const;

/**
 * One action on the selected products that exist, in one transaction with one audit entry per
 * product (decision 126). A price change that would leave an offer not below its price changes
 * nothing: 400 BULK_PRICE_REFUSED. Answers the ids of the products changed.
 */
export async function bulkChangeProducts(
  deps: CatalogAdminDeps,
  bulk: ProductsBulk,
  by: AuditActor,
): Promise<number[]> {
  let changed: number[];
  try {
    changed = await deps.db.transaction(async (tx) => {
      const changes = await bulkUpdateProducts(tx, bulk);
      for (const { before, after } of changes)
        await recordAudit(tx, {
          by,
          action: BULK_ACTIONS[bulk.action],
          entityType: 'product',
          entityId: String(before.id),
          before: productAuditView(before),
          after: {
            ...productAuditView(after),
            ...(bulk.action === 'price_percent' && { percent: bulk.percent }),
          },
        });
      return changes.map((c) => c.before.id);
    });
  } catch (error) {
    if (offerNotBelowPrice(error)) throw badRequest('BULK_PRICE_REFUSED', 'percent');
    throw error;
  }
  if (changed.length > 0) await announce(deps, changed);
  return changed;
}

/**
 * Starts and ends the offers whose dates began or ended since the last run (the API process
 * runs it every minute), and tells the caches. Answers the products changed.
 */
export async function runOfferSchedule(deps: CatalogAdminDeps, now = new Date()): Promise<number[]> {
  const changed = await applyOfferSchedule(deps.db, now);
  if (changed.length > 0) await announce(deps, changed);
  return changed;
}
