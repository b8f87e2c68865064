import type { DiscountCodeInput, DiscountCodeListQuery, DiscountStatus, ErrorCode } from '@shop/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { orders } from '../orders/schema.ts';
import { discountCartCodes, discountCodes, discountCodeTargets, discountRedemptions } from './schema.ts';
import { priceCode, type CodePrice } from './money.ts';

/**
 * Discount codes (decisions 221–223): the owner's codes, the code on a shopper's cart, whether a
 * code applies to a cart or an order, and its uses. A use is taken in the transaction that
 * places the order, under the code row's lock, and given back when the order ends unpaid or is
 * refunded in full.
 */

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type TargetKind = (typeof discountCodeTargets.$inferSelect)['kind'];
export interface DiscountCode extends DiscountCodeRow {
  targets: { kind: TargetKind; targetId: number }[];
}

async function withTargets(db: Db, row: DiscountCodeRow | undefined): Promise<DiscountCode | null> {
  if (!row) return null;
  const targets = await db
    .select({ kind: discountCodeTargets.kind, targetId: discountCodeTargets.targetId })
    .from(discountCodeTargets)
    .where(eq(discountCodeTargets.codeId, row.id))
    .orderBy(asc(discountCodeTargets.kind), asc(discountCodeTargets.targetId));
  return { ...row, targets };
}

/** A code by what a shopper typed (already normalised); null when there is none. */
export async function findCodeByText(db: Db, code: string): Promise<DiscountCode | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code)).limit(1);
  return withTargets(db, row);
}

export async function findCode(db: Db, id: number): Promise<DiscountCode | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
  return withTargets(db, row);
}

// ---- the owner's changes ----

function columnsOf(input: DiscountCodeInput) {
  return {
    code: input.code,
    kind: input.kind,
    percent: input.kind === 'percent' ? (input.value ?? null) : null,
    amountHalalas: input.kind === 'fixed' ? Math.round((input.value ?? 0) * 100) : null,
    minSubtotalHalalas: input.minSubtotal === undefined ? null : Math.round(input.minSubtotal * 100),
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    scope: input.scope,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    firstOrderOnly: input.firstOrderOnly,
    enabled: input.enabled,
  };
}

/** The targets a form chose, as rows: none for a scope of the whole order or catalog. */
export function targetsOf(
  input: Pick<DiscountCodeInput, 'scope' | 'categoryIds' | 'brandIds' | 'productIds' | 'variantIds'>,
): { kind: TargetKind; targetId: number }[] {
  if (input.scope !== 'items') return [];
  return [
    ...input.categoryIds.map((targetId) => ({ kind: 'category' as const, targetId })),
    ...input.brandIds.map((targetId) => ({ kind: 'brand' as const, targetId })),
    ...input.productIds.map((targetId) => ({ kind: 'product' as const, targetId })),
    ...input.variantIds.map((targetId) => ({ kind: 'variant' as const, targetId })),
  ];
}

async function writeTargets(tx: Tx, codeId: number, input: DiscountCodeInput) {
  await tx.delete(discountCodeTargets).where(eq(discountCodeTargets.codeId, codeId));
  const rows = targetsOf(input).map((t) => ({ codeId, ...t }));
  if (rows.length) await tx.insert(discountCodeTargets).values(rows);
}

async function refuseTaken(tx: Tx, code: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.code, code))
    .limit(1);
  if (taken && taken.id !== exceptId)
    throw new AppError(409, 'DISCOUNT_CODE_TAKEN', [{ path: 'code', code: 'DISCOUNT_CODE_TAKEN' }]);
}

export async function createCode(tx: Tx, input: DiscountCodeInput): Promise<DiscountCodeRow> {
  await refuseTaken(tx, input.code);
  const [row] = await tx.insert(discountCodes).values(columnsOf(input)).returning();
  await writeTargets(tx, row!.id, input);
  return row!;
}

/** Replaces a code's terms (its uses stay); null when there is none. */
export async function replaceCode(
  tx: Tx,
  id: number,
  input: DiscountCodeInput,
): Promise<DiscountCodeRow | null> {
  await refuseTaken(tx, input.code, id);
  const [row] = await tx
    .update(discountCodes)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(discountCodes.id, id))
    .returning();
  if (!row) return null;
  await writeTargets(tx, id, input);
  return row;
}

// ---- the cart's code ----

export async function setCartCode(db: Db, userId: string, codeId: number): Promise<void> {
  await db
    .insert(discountCartCodes)
    .values({ userId, codeId })
    .onConflictDoUpdate({ target: discountCartCodes.userId, set: { codeId, updatedAt: new Date() } });
}

export async function clearCartCode(db: Db, userId: string): Promise<void> {
  await db.delete(discountCartCodes).where(eq(discountCartCodes.userId, userId));
}

/**
 * Whether a code is on the shopper's cart, as one value of a statement (a page reads it with the
 * session): `userId` is their id, or the column that holds it in the statement.
 */
export const cartCodeHeld = (userId: string | AnyColumn): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${discountCartCodes} where ${discountCartCodes.userId} = ${userId}::uuid)`;

/** The code on the shopper's cart, or null. */
export async function cartCodeOf(db: Db, userId: string): Promise<DiscountCode | null> {
  const [row] = await db
    .select({ code: discountCodes })
    .from(discountCartCodes)
    .innerJoin(discountCodes, eq(discountCodes.id, discountCartCodes.codeId))
    .where(eq(discountCartCodes.userId, userId))
    .limit(1);
  return withTargets(db, row?.code);
}

// ---- does it apply ----

/** What the check needs of a line: its product's place in the catalog and what it costs. */
export interface LineForCode {
  productId: number;
  variantId: number;
  categoryId: number;
  companyId: number;
  amountHalalas: number;
  /** True when an automatic promotion that does not combine with codes lowers the line (decision 228). */
  promotedAlone?: boolean;
}

/** The shopper's past with the code: uses held now, and whether they have a paid order. */
export interface Standing {
  uses: number;
  hasPaidOrder: boolean;
}

export async function standingOf(
  db: Db,
  codeId: number,
  userId: string,
  exceptOrderId?: string,
): Promise<Standing> {
  const [held] = await db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.codeId, codeId),
        eq(discountRedemptions.userId, userId),
        isNull(discountRedemptions.releasedAt),
        exceptOrderId ? sql`${discountRedemptions.orderId} <> ${exceptOrderId}` : undefined,
      ),
    );
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)))
    .limit(1);
  return { uses: held?.n ?? 0, hasPaidOrder: paid !== undefined };
}

/** A code's or a promotion's reach: everything, or its targets' products. */
export interface Scoped {
  scope: 'order' | 'items';
  targets: { kind: TargetKind; targetId: number }[];
}

export function covers(
  code: Scoped,
  line: Pick<LineForCode, 'productId' | 'variantId' | 'categoryId' | 'companyId'>,
): boolean {
  if (code.scope === 'order') return true;
  return code.targets.some(
    (t) =>
      (t.kind === 'category' && t.targetId === line.categoryId) ||
      (t.kind === 'brand' && t.targetId === line.companyId) ||
      (t.kind === 'product' && t.targetId === line.productId) ||
      (t.kind === 'variant' && t.targetId === line.variantId),
  );
}

export type Verdict =
  | { ok: true; price: CodePrice }
  | { ok: false; status: number; code: ErrorCode; values?: Record<string, string | number> };

/**
 * Whether `code` applies to these lines for this shopper at `now`, and what it takes off. The
 * uses limit is read here as a courtesy; the count that decides is `redeem`'s.
 */
export function judge(
  code: DiscountCode,
  lines: readonly LineForCode[],
  standing: Standing,
  shippingHalalas: number,
  now: Date,
): Verdict {
  const no = (status: number, error: ErrorCode, values?: Record<string, string | number>): Verdict => ({
    ok: false,
    status,
    code: error,
    ...(values && { values }),
  });
  if (!code.enabled) return no(409, 'DISCOUNT_CODE_DISABLED');
  if (code.startsAt && code.startsAt > now)
    return no(409, 'DISCOUNT_CODE_NOT_STARTED', { startsAt: code.startsAt.toISOString() });
  if (code.endsAt && code.endsAt <= now) return no(409, 'DISCOUNT_CODE_EXPIRED');
  if (code.usageLimit !== null && code.uses >= code.usageLimit) return no(409, 'DISCOUNT_CODE_USED_UP');
  if (code.perCustomerLimit !== null && standing.uses >= code.perCustomerLimit)
    return no(409, 'DISCOUNT_CODE_CUSTOMER_LIMIT');
  if (code.firstOrderOnly && standing.hasPaidOrder) return no(409, 'DISCOUNT_CODE_FIRST_ORDER');
  const subtotal = lines.reduce((s, l) => s + l.amountHalalas, 0);
  if (code.minSubtotalHalalas !== null && subtotal < code.minSubtotalHalalas)
    return no(409, 'DISCOUNT_CODE_BELOW_MINIMUM', { minimum: code.minSubtotalHalalas });
  const covered = lines.map((l) => covers(code, l));
  if (!covered.some(Boolean)) return no(409, 'DISCOUNT_CODE_OUT_OF_SCOPE');
  // A promotion that does not combine keeps its price; the code is refused, saying why.
  if (lines.some((l, i) => covered[i] && l.promotedAlone)) return no(409, 'DISCOUNT_CODE_NOT_WITH_PROMOTION');
  const price = priceCode(
    code,
    lines.map((l, i) => ({ amountHalalas: l.amountHalalas, covered: covered[i]! })),
    shippingHalalas,
  );
  return { ok: true, price };
}

/**
 * Judges a code for a shopper's lines with their standing read now; `shipping` is the fee the
 * shop would charge for these lines (the settings' rule).
 */
export async function judgeFor(
  db: Db,
  code: DiscountCode,
  userId: string,
  lines: readonly LineForCode[],
  shippingHalalas: number,
  now: Date,
): Promise<Verdict> {
  return judge(code, lines, await standingOf(db, code.id, userId), shippingHalalas, now);
}

// ---- uses ----

/**
 * Takes one use of the code for an order, inside the transaction that places it: one
 * conditional UPDATE (`uses < usage_limit`), which also locks the code row until the
 * transaction ends, so the shopper's own uses and first order are counted after every other
 * order with the code has committed or rolled back. 409 DISCOUNT_CODE_USED_UP,
 * DISCOUNT_CODE_CUSTOMER_LIMIT or DISCOUNT_CODE_FIRST_ORDER; the caller's transaction undoes the
 * taken use with the rest.
 */
export async function redeem(tx: Tx, code: DiscountCode, orderId: string, userId: string): Promise<void> {
  const [taken] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, code.id),
        or(isNull(discountCodes.usageLimit), sql`${discountCodes.uses} < ${discountCodes.usageLimit}`),
      ),
    )
    .returning({ id: discountCodes.id });
  if (!taken) throw new AppError(409, 'DISCOUNT_CODE_USED_UP');
  const standing = await standingOf(tx, code.id, userId);
  if (code.perCustomerLimit !== null && standing.uses >= code.perCustomerLimit)
    throw new AppError(409, 'DISCOUNT_CODE_CUSTOMER_LIMIT');
  if (code.firstOrderOnly && standing.hasPaidOrder) throw new AppError(409, 'DISCOUNT_CODE_FIRST_ORDER');
  await tx.insert(discountRedemptions).values({ codeId: code.id, orderId, userId });
}

/** Gives uses back, one per released redemption, code rows in id order. */
async function giveBack(tx: Tx, released: { codeId: number }[]) {
  const byCode = new Map<number, number>();
  for (const r of released) byCode.set(r.codeId, (byCode.get(r.codeId) ?? 0) + 1);
  for (const [codeId, n] of [...byCode].sort((a, b) => a[0] - b[0]))
    await tx
      .update(discountCodes)
      .set({ uses: sql`greatest(${discountCodes.uses} - ${n}, 0)` })
      .where(eq(discountCodes.id, codeId));
}

/** Orders that no longer hold a use: ended unpaid, or refunded in full. */
const ENDED = ['failed', 'expired', 'cancelled', 'refunded'] as const;

/**
 * Releases the uses held by orders that have ended (unpaid, cancelled, refunded in full):
 * those of `orderIds`, or every order of the shopper `userId`. Idempotent: a use is given back
 * once, whoever calls.
 */
export async function releaseEnded(
  tx: Tx,
  of: { orderIds: string[] } | { userId: string },
  now = new Date(),
) {
  if ('orderIds' in of && of.orderIds.length === 0) return;
  const which: SQL =
    'orderIds' in of
      ? inArray(discountRedemptions.orderId, of.orderIds)
      : eq(discountRedemptions.userId, of.userId);
  const released = await tx
    .update(discountRedemptions)
    .set({ releasedAt: now })
    .where(
      and(
        which,
        isNull(discountRedemptions.releasedAt),
        sql`exists (select 1 from ${orders} where ${orders.id} = ${discountRedemptions.orderId} and ${inArray(orders.status, [...ENDED])})`,
      ),
    )
    .returning({ codeId: discountRedemptions.codeId });
  await giveBack(tx, released);
}

/**
 * A payment that arrived for an order whose use was released (it had expired): the order is
 * paid at the price agreed, so it holds its use again, past the limit if need be (decision 223).
 */
export async function retake(tx: Tx, orderId: string): Promise<void> {
  const taken = await tx
    .update(discountRedemptions)
    .set({ releasedAt: null })
    .where(and(eq(discountRedemptions.orderId, orderId), isNotNull(discountRedemptions.releasedAt)))
    .returning({ codeId: discountRedemptions.codeId });
  for (const { codeId } of taken)
    await tx
      .update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} + 1` })
      .where(eq(discountCodes.id, codeId));
}

// ---- the back office's list ----

/** A code's status at `now`, as the list filters it. */
export function statusAt(
  code: Pick<DiscountCodeRow, 'enabled' | 'startsAt' | 'endsAt'>,
  now: Date,
): DiscountStatus {
  if (!code.enabled) return 'disabled';
  if (code.endsAt && code.endsAt <= now) return 'expired';
  if (code.startsAt && code.startsAt > now) return 'scheduled';
  return 'active';
}

function statusWhere(status: DiscountCodeListQuery['status'], now: Date): SQL | undefined {
  const started = or(isNull(discountCodes.startsAt), lte(discountCodes.startsAt, now));
  const notEnded = or(isNull(discountCodes.endsAt), gt(discountCodes.endsAt, now));
  switch (status) {
    case 'disabled':
      return eq(discountCodes.enabled, false);
    case 'expired':
      return and(eq(discountCodes.enabled, true), lte(discountCodes.endsAt, now));
    case 'scheduled':
      return and(eq(discountCodes.enabled, true), gt(discountCodes.startsAt, now), notEnded);
    case 'active':
      return and(eq(discountCodes.enabled, true), started, notEnded);
    default:
      return undefined;
  }
}

/** What the codes brought: the paid orders placed with each, less what was refunded of them. */
// Written with the tables' names: in a one-table select drizzle leaves its columns unqualified.
const paidWithCode = sql`from discount_redemptions r join orders o on o.id = r.order_id where r.code_id = "discount_codes"."id" and o.paid_at is not null`;
const salesOf = sql<number>`coalesce((select sum(o.total_halalas - o.refunded_halalas) ${paidWithCode}), 0)::bigint`;
const paidOrdersOf = sql<number>`(select count(*) ${paidWithCode})::int`;

/** One page of codes, newest first, with what each brought, and how many match in all. */
export async function listCodes(db: Db, query: DiscountCodeListQuery, now: Date) {
  const q = query.q ? query.q.trim().toUpperCase() : '';
  const where = and(
    q ? sql`strpos(${discountCodes.code}, ${q}) > 0` : undefined,
    statusWhere(query.status, now),
  );
  const [rows, counted] = await Promise.all([
    db
      .select({ code: discountCodes, salesHalalas: salesOf, paidOrders: paidOrdersOf })
      .from(discountCodes)
      .where(where)
      .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(discountCodes).where(where),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** One code with what it brought; null when there is none. */
export async function codeWithSales(db: Db, id: number) {
  const [row] = await db
    .select({ code: discountCodes, salesHalalas: salesOf, paidOrders: paidOrdersOf })
    .from(discountCodes)
    .where(eq(discountCodes.id, id))
    .limit(1);
  if (!row) return null;
  const code = await withTargets(db, row.code);
  return { ...row, code: code! };
}
