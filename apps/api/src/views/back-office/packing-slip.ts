import type { Lang, PackingSlip } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { code128 } from '../../modules/orders/barcode.ts';
import { orderNationalAddress } from '../../modules/orders/service.ts';
import { getSettings } from '../../modules/settings/service.ts';
import { optionsOf } from '../orders/present.ts';
import { adminOrderDetails, type OrderRef } from './orders-read.ts';

/**
 * An order's packing slip, in the member's language: the shop, the customer and the national
 * address it ships to, the lines to pack (name, variant, SKU, quantity; no prices) and the
 * order number as a barcode. Null when there is no such order.
 */
export async function packingSlip(db: Db, ref: OrderRef, lang: Lang): Promise<PackingSlip | null> {
  const details = await adminOrderDetails(db, ref);
  if (!details) return null;
  const { order, customer } = details;
  const settings = await getSettings(db);
  return {
    number: order.number,
    createdAt: order.createdAt.toISOString(),
    shopName: settings.shopName[lang],
    customerName: customer.name,
    phone: order.phone || customer.phone,
    address: order.address,
    nationalAddress: orderNationalAddress(order),
    note: order.note,
    lines: details.lines.map((line) => ({
      id: line.id,
      name: lang === 'en' ? line.nameEn : line.nameAr,
      ...optionsOf(line, lang),
      sku: line.sku,
      quantity: line.quantity,
    })),
    barcode: code128(String(order.number)),
  };
}
