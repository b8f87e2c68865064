import type { DiscountCodeInput, Lang, PromotionInput } from '@shop/contract';
import type { Tx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import type { AuditActor } from '../lib/audit-actor.ts';
import type { Shop } from '../lib/shop.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { cartLinesForCode } from '../modules/cart/service.ts';
import {
  clearCartCode,
  createCode,
  findCodeByText,
  judgeFor,
  replaceCode,
  setCartCode,
} from '../modules/discounts/service.ts';
import { refusal } from '../modules/discounts/refusal.ts';
import {
  createPromotionRow,
  promoteLines,
  promotionsNotEnded,
  replacePromotionRow,
} from '../modules/discounts/promotions.ts';
import { getSettings, shippingFeeFor } from '../modules/settings/service.ts';

/**
 * Discount codes across modules (decisions 221–223): the shopper's code on their cart (checked
 * against the cart, the catalog and their orders), and the owner's codes with their audit entry.
 */

/**
 * Applies a code to the shopper's cart: 404 DISCOUNT_CODE_NOT_FOUND for a code that is not
 * there, 400 CART_EMPTY, or the reason it does not apply to this cart now (409); kept on the
 * cart only when it applies. It is checked again at checkout and when the payment is settled.
 */
export async function applyCartCode(
  shop: Pick<Shop, 'db'>,
  userId: string,
  text: string,
  lang: Lang,
  now = new Date(),
) {
  const code = await findCodeByText(shop.db, text);
  if (!code)
    throw new AppError(404, 'DISCOUNT_CODE_NOT_FOUND', [{ path: 'code', code: 'DISCOUNT_CODE_NOT_FOUND' }]);
  const lines = promoteLines(
    await promotionsNotEnded(shop.db, now),
    await cartLinesForCode(shop.db, userId),
    now,
  );
  if (lines.length === 0) throw new AppError(400, 'CART_EMPTY');
  const goods = lines.reduce((sum, l) => sum + l.amountHalalas, 0);
  const fee = shippingFeeFor(await getSettings(shop.db), goods);
  const verdict = await judgeFor(shop.db, code, userId, lines, fee, now);
  if (!verdict.ok) throw refusal(verdict, lang);
  await setCartCode(shop.db, userId, code.id);
}

export function removeCartCode(shop: Pick<Shop, 'db'>, userId: string): Promise<void> {
  return clearCartCode(shop.db, userId);
}

// ---- the owner's codes ----

/** The terms saved, in the audit log. */
function audit(
  tx: Tx,
  by: AuditActor,
  action: 'create' | 'update',
  id: number,
  input: DiscountCodeInput | PromotionInput,
  entityType: 'discount_code' | 'promotion' = 'discount_code',
) {
  return recordAudit(tx, {
    by,
    action: `${entityType}.${action}`,
    entityType,
    entityId: String(id),
    before: null,
    after: {
      ...input,
      startsAt: input.startsAt?.toISOString() ?? null,
      endsAt: input.endsAt?.toISOString() ?? null,
    },
  });
}

export async function createDiscountCode(shop: Pick<Shop, 'db'>, input: DiscountCodeInput, by: AuditActor) {
  return shop.db.transaction(async (tx) => {
    const row = await createCode(tx, input);
    await audit(tx, by, 'create', row.id, input);
    return row;
  });
}

/** Replaces a code's terms; null when there is none. Orders placed with it keep their price. */
export async function saveDiscountCode(
  shop: Pick<Shop, 'db'>,
  id: number,
  input: DiscountCodeInput,
  by: AuditActor,
) {
  return shop.db.transaction(async (tx) => {
    const row = await replaceCode(tx, id, input);
    if (row) await audit(tx, by, 'update', id, input);
    return row;
  });
}

// ---- the owner's automatic promotions (decision 228) ----

/**
 * Creates a promotion, audited. Once committed, every process is told: the prices shoppers see
 * change at once (the shown prices are figured from the promotions, not stored on products).
 */
export async function createPromotion(
  shop: Pick<Shop, 'db' | 'changes'>,
  input: PromotionInput,
  by: AuditActor,
) {
  const row = await shop.db.transaction(async (tx) => {
    const created = await createPromotionRow(tx, input);
    await audit(tx, by, 'create', created.id, input, 'promotion');
    return created;
  });
  await shop.changes.publish({ topic: 'promotions' });
  return row;
}

/** Replaces a promotion's terms, audited; null when there is none. Orders placed under it keep their price. */
export async function savePromotion(
  shop: Pick<Shop, 'db' | 'changes'>,
  id: number,
  input: PromotionInput,
  by: AuditActor,
) {
  const row = await shop.db.transaction(async (tx) => {
    const saved = await replacePromotionRow(tx, id, input);
    if (saved) await audit(tx, by, 'update', id, input, 'promotion');
    return saved;
  });
  if (row) await shop.changes.publish({ topic: 'promotions' });
  return row;
}
