import {
  halalasToSar,
  type AdminDiscountCode,
  type AdminDiscountCodePage,
  type DiscountCodeListQuery,
} from '@shop/contract';
import type { Db } from '../../db/client.ts';
import {
  codeWithSales,
  listCodes,
  statusAt,
  type DiscountCode,
  type DiscountCodeRow,
} from '../../modules/discounts/service.ts';

/** The back office's discount codes: the list (one read) and one code (one read). */

function present(
  row: { code: DiscountCodeRow | DiscountCode; salesHalalas: number; paidOrders: number },
  now: Date,
): AdminDiscountCode {
  const { code } = row;
  const targets = 'targets' in code ? code.targets : [];
  const ids = (kind: DiscountCode['targets'][number]['kind']) =>
    targets.filter((t) => t.kind === kind).map((t) => t.targetId);
  return {
    id: code.id,
    code: code.code,
    kind: code.kind,
    value: code.kind === 'percent' ? (code.percent ?? 0) : halalasToSar(code.amountHalalas ?? 0),
    minSubtotal: code.minSubtotalHalalas === null ? null : halalasToSar(code.minSubtotalHalalas),
    startsAt: code.startsAt?.toISOString() ?? null,
    endsAt: code.endsAt?.toISOString() ?? null,
    scope: code.scope,
    categoryIds: ids('category'),
    brandIds: ids('brand'),
    productIds: ids('product'),
    variantIds: ids('variant'),
    usageLimit: code.usageLimit,
    perCustomerLimit: code.perCustomerLimit,
    firstOrderOnly: code.firstOrderOnly,
    enabled: code.enabled,
    status: statusAt(code, now),
    uses: code.uses,
    sales: halalasToSar(Number(row.salesHalalas)),
    paidOrders: Number(row.paidOrders),
  };
}

export async function adminDiscountCodes(
  db: Db,
  query: DiscountCodeListQuery,
  now = new Date(),
): Promise<AdminDiscountCodePage> {
  const { rows, total } = await listCodes(db, query, now);
  return { items: rows.map((r) => present(r, now)), page: query.page, pageSize: query.pageSize, total };
}

export async function adminDiscountCode(
  db: Db,
  id: number,
  now = new Date(),
): Promise<AdminDiscountCode | null> {
  const row = await codeWithSales(db, id);
  return row && present(row, now);
}
