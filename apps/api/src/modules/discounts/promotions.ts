import type { PromotionInput, PromotionListQuery, PromotionStatus } from '@shop/contract';
import { and, asc, count, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { promotions, promotionTargets } from './schema.ts';
import { promotionOffUnit } from './money.ts';
import { covers, targetsOf, type Scoped, type TargetKind } from './service.ts';

/**
 * Automatic promotions (decision 228): the owner's timed price rules, which of them lowers a
 * unit's price at a moment, and the back office's list with what each brought. A promotion
 * never edits a product's price: every price shown or charged is the shelf price less what the
 * best running promotion takes off a unit.
 */

export type PromotionRow = typeof promotions.$inferSelect;
export interface Promotion extends PromotionRow, Scoped {}

/** Rows with their targets, two statements for any number of promotions. */
async function withTargets(db: Db, rows: PromotionRow[]): Promise<Promotion[]> {
  if (rows.length === 0) return [];
  const targets = await db
    .select()
    .from(promotionTargets)
    .where(
      inArray(
        promotionTargets.promotionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(promotionTargets.kind), asc(promotionTargets.targetId));
  return rows.map((row) => ({
    ...row,
    targets: targets
      .filter((t) => t.promotionId === row.id)
      .map((t) => ({ kind: t.kind as TargetKind, targetId: t.targetId })),
  }));
}

export async function findPromotion(db: Db, id: number): Promise<Promotion | null> {
  const rows = await db.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  return (await withTargets(db, rows))[0] ?? null;
}

/**
 * The promotions switched on and not ended at `now` (running or still to start), with their
 * targets: what a process keeps in memory, and what an order is priced with in its transaction.
 */
export async function promotionsNotEnded(db: Db, now: Date): Promise<Promotion[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.enabled, true), gt(promotions.endsAt, now)))
    .orderBy(asc(promotions.id));
  return withTargets(db, rows);
}

/** True while the promotion runs: on, started, not ended. */
export const runsAt = (p: Pick<PromotionRow, 'enabled' | 'startsAt' | 'endsAt'>, now: Date): boolean =>
  p.enabled && p.startsAt <= now && p.endsAt > now;

/** What a promotion needs of a unit to judge it: its place in the catalog and its shelf price. */
export interface UnitForPromotion {
  productId: number;
  variantId: number;
  categoryId: number;
  companyId: number;
  /** The shelf price of one unit: the offer price when there is one, else the list price. */
  unitHalalas: number;
}

export interface PromotedUnit {
  promotion: Promotion;
  /** Taken off one unit; the promoted unit price is `unitHalalas - offHalalas`. */
  offHalalas: number;
}

/**
 * The promotion that lowers this unit most at `now` (the earlier one on a tie), or null. Only
 * one promotion applies to a unit: they do not add up.
 */
export function bestPromotion(
  list: readonly Promotion[],
  unit: UnitForPromotion,
  now: Date,
): PromotedUnit | null {
  let best: PromotedUnit | null = null;
  for (const promotion of list) {
    if (!runsAt(promotion, now) || !covers(promotion, unit)) continue;
    const offHalalas = promotionOffUnit(promotion, unit.unitHalalas);
    if (offHalalas > 0 && (!best || offHalalas > best.offHalalas)) best = { promotion, offHalalas };
  }
  return best;
}

// ---- the owner's changes ----

function columnsOf(input: PromotionInput) {
  return {
    nameAr: input.nameAr,
    nameEn: input.nameEn,
    kind: input.kind,
    percent: input.kind === 'percent' ? (input.value ?? null) : null,
    amountHalalas: input.kind === 'fixed' ? Math.round((input.value ?? 0) * 100) : null,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    scope: input.scope,
    combinesWithCodes: input.combinesWithCodes,
    enabled: input.enabled,
  };
}

async function writeTargets(tx: Tx, promotionId: number, input: PromotionInput) {
  await tx.delete(promotionTargets).where(eq(promotionTargets.promotionId, promotionId));
  const rows = targetsOf(input).map((t) => ({ promotionId, ...t }));
  if (rows.length) await tx.insert(promotionTargets).values(rows);
}

export async function createPromotionRow(tx: Tx, input: PromotionInput): Promise<PromotionRow> {
  const [row] = await tx.insert(promotions).values(columnsOf(input)).returning();
  await writeTargets(tx, row!.id, input);
  return row!;
}

/** Replaces a promotion's terms; null when there is none. Orders placed under it keep their price. */
export async function replacePromotionRow(
  tx: Tx,
  id: number,
  input: PromotionInput,
): Promise<PromotionRow | null> {
  const [row] = await tx
    .update(promotions)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(promotions.id, id))
    .returning();
  if (!row) return null;
  await writeTargets(tx, id, input);
  return row;
}

// ---- the back office's list ----

export function promotionStatusAt(
  p: Pick<PromotionRow, 'enabled' | 'startsAt' | 'endsAt'>,
  now: Date,
): PromotionStatus {
  if (!p.enabled) return 'off';
  if (p.endsAt <= now) return 'ended';
  if (p.startsAt > now) return 'scheduled';
  return 'active';
}

function statusWhere(status: PromotionListQuery['status'], now: Date): SQL | undefined {
  const on = eq(promotions.enabled, true);
  switch (status) {
    case 'off':
      return eq(promotions.enabled, false);
    case 'ended':
      return and(on, lte(promotions.endsAt, now));
    case 'scheduled':
      return and(on, gt(promotions.startsAt, now));
    case 'active':
      return and(on, lte(promotions.startsAt, now), gt(promotions.endsAt, now));
    default:
      return undefined;
  }
}

// Written with the tables' names: in a one-table select drizzle leaves its columns unqualified.
const ordersUnder = sql`from orders o where exists (select 1 from order_lines l where l.order_id = o.id and l.promotion_id = "promotions"."id")`;
/** What the promotions brought: the paid orders with a line under each, less what was refunded of them. */
export const promotionFigures = {
  uses: sql<number>`(select count(*) ${ordersUnder} and o.status not in ('failed', 'expired', 'cancelled'))::int`,
  paidOrders: sql<number>`(select count(*) ${ordersUnder} and o.paid_at is not null)::int`,
  salesHalalas: sql<number>`coalesce((select sum(o.total_halalas - o.refunded_halalas) ${ordersUnder} and o.paid_at is not null), 0)::bigint`,
};

/** One page of promotions, newest first, with what each brought, and how many match in all. */
export async function listPromotions(db: Db, query: PromotionListQuery, now: Date) {
  const q = query.q?.trim().toLowerCase() ?? '';
  const where = and(
    q
      ? or(sql`strpos(lower(${promotions.nameEn}), ${q}) > 0`, sql`strpos(${promotions.nameAr}, ${q}) > 0`)
      : undefined,
    statusWhere(query.status, now),
  );
  const [rows, counted] = await Promise.all([
    db
      .select({ promotion: promotions, ...promotionFigures })
      .from(promotions)
      .where(where)
      .orderBy(desc(promotions.createdAt), desc(promotions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(promotions).where(where),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** One promotion with its targets and what it brought; null when there is none. */
export async function promotionWithFigures(db: Db, id: number) {
  const [row] = await db
    .select({ promotion: promotions, ...promotionFigures })
    .from(promotions)
    .where(eq(promotions.id, id))
    .limit(1);
  if (!row) return null;
  const [promotion] = await withTargets(db, [row.promotion]);
  return { ...row, promotion: promotion! };
}

// ---- lines of a cart or an order ----

/** A cart or order line as a promotion prices it. */
export interface LineToPromote extends UnitForPromotion {
  quantity: number;
}

export interface PromotedLine {
  promoted: PromotedUnit | null;
  /** One unit as charged: the shelf price less the promotion's part. */
  unitHalalas: number;
  /** The line as charged: that unit price × quantity. */
  amountHalalas: number;
  /** What the promotion took off the line (all its units). */
  promotionHalalas: number;
  /** True when the line's promotion does not combine with discount codes. */
  promotedAlone: boolean;
}

/**
 * Each line priced under the promotions running at `now`: the promoted unit price × quantity,
 * so that a line, its VAT, the order, the invoice and the e-invoice are all figured from one
 * unit price. A line no promotion lowers keeps its shelf price.
 */
export function promoteLines<L extends LineToPromote>(
  list: readonly Promotion[],
  lines: readonly L[],
  now: Date,
): (L & PromotedLine)[] {
  return lines.map((line) => {
    const promoted = bestPromotion(list, line, now);
    const off = promoted?.offHalalas ?? 0;
    const unitHalalas = line.unitHalalas - off;
    return {
      ...line,
      promoted,
      unitHalalas,
      amountHalalas: unitHalalas * line.quantity,
      promotionHalalas: off * line.quantity,
      promotedAlone: promoted !== null && !promoted.promotion.combinesWithCodes,
    };
  });
}
