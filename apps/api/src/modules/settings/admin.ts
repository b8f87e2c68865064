import { halalasToSar, type AdminSettings } from '@shop/contract';
import type { ShopSettings } from './service.ts';

/**
 * The settings as the back office edits them: riyals, both languages, and the payment keys only
 * as what the payments module says of them (set or not, and from where).
 */
export function presentAdminSettings(
  s: ShopSettings,
  payments: AdminSettings['payments'],
  messageKeys: AdminSettings['messageKeys'],
): AdminSettings {
  const { whatsapp = '', ...social } = s.socialLinks;
  return {
    shopName: s.shopName,
    phones: s.phones,
    email: s.email,
    whatsapp,
    address: s.address,
    openingHours: s.openingHours,
    socialLinks: social,
    shippingFee: halalasToSar(s.shippingFeeHalalas),
    freeShippingThreshold:
      s.freeShippingThresholdHalalas === null ? null : halalasToSar(s.freeShippingThresholdHalalas),
    sellerName: s.sellerName,
    taxNumber: s.taxNumber,
    commercialRegister: s.commercialRegister,
    lowStockThreshold: s.lowStockThreshold,
    returnHours: s.returnHours,
    abandonedCartHours: s.abandonedCartHours,
    nationalAddressRequired: s.nationalAddressRequired,
    fulfilmentLabels: s.fulfilmentLabels,
    captureDeadlineAction: s.captureDeadlineAction,
    payments,
    messageKeys,
  };
}
