import {
  halalasToSar,
  type AdminPromotion,
  type AdminPromotionPage,
  type PromotionListQuery,
} from '@shop/contract';
import type { Db } from '../../db/client.ts';
import {
  listPromotions,
  promotionStatusAt,
  promotionWithFigures,
  type Promotion,
  type PromotionRow,
} from '../../modules/discounts/promotions.ts';

/** The back office's promotions: the list (one read) and one promotion (one read). */

function present(
  row: { promotion: PromotionRow | Promotion; uses: number; paidOrders: number; salesHalalas: number },
  now: Date,
): AdminPromotion {
  const { promotion: p } = row;
  const targets = 'targets' in p ? p.targets : [];
  const ids = (kind: Promotion['targets'][number]['kind']) =>
    targets.filter((t) => t.kind === kind).map((t) => t.targetId);
  return {
    id: p.id,
    nameAr: p.nameAr,
    nameEn: p.nameEn,
    kind: p.kind,
    value: p.kind === 'percent' ? (p.percent ?? 0) : halalasToSar(p.amountHalalas ?? 0),
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
    scope: p.scope,
    categoryIds: ids('category'),
    brandIds: ids('brand'),
    productIds: ids('product'),
    variantIds: ids('variant'),
    combinesWithCodes: p.combinesWithCodes,
    enabled: p.enabled,
    status: promotionStatusAt(p, now),
    uses: Number(row.uses),
    paidOrders: Number(row.paidOrders),
    sales: halalasToSar(Number(row.salesHalalas)),
  };
}

export async function adminPromotions(
  db: Db,
  query: PromotionListQuery,
  now = new Date(),
): Promise<AdminPromotionPage> {
  const { rows, total } = await listPromotions(db, query, now);
  return { items: rows.map((r) => present(r, now)), page: query.page, pageSize: query.pageSize, total };
}

export async function adminPromotion(db: Db, id: number, now = new Date()): Promise<AdminPromotion | null> {
  const row = await promotionWithFigures(db, id);
  return row && present(row, now);
}
