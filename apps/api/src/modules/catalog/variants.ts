import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { products, productVariants } from './schema.ts';

/** How a shopper or a client names the variant they want: by id or by SKU, or not at all. */
export interface VariantChoice {
  variantId?: number | undefined;
  sku?: string | undefined;
}

/**
 * The variant of a visible product that a shopper may put in the cart: the one named (by id or
 * SKU, 404 VARIANT_NOT_FOUND when the product has no such visible variant), or the product's
 * only one. A product with several variants and none named is 400 VARIANT_REQUIRED: guessing
 * would put a storage or colour in the cart that the shopper did not choose.
 */
export async function variantToBuy(
  db: Db,
  productId: number,
  choice: VariantChoice,
): Promise<{ productId: number; variantId: number; stock: number }> {
  const rows = await db
    .select({ id: productVariants.id, sku: productVariants.sku, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.productId, productId),
        sql`not ${products.hidden}`,
        sql`not ${productVariants.hidden}`,
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  if (rows.length === 0) throw notFound('PRODUCT_NOT_FOUND');
  const named =
    choice.variantId !== undefined
      ? rows.find((r) => r.id === choice.variantId)
      : choice.sku !== undefined
        ? rows.find((r) => r.sku.toLowerCase() === choice.sku!.toLowerCase())
        : rows.length === 1
          ? rows[0]
          : undefined;
  if (named) return { productId, variantId: named.id, stock: named.stock };
  if (choice.variantId === undefined && choice.sku === undefined)
    throw badRequest('VARIANT_REQUIRED', 'variantId');
  throw notFound('VARIANT_NOT_FOUND');
}
