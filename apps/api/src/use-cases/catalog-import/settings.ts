import { halalasToSar } from '@shop/contract';
import type { ImportSettings } from './import.ts';
import {
  getSettings,
  putSettings,
  settingValueSchemas,
  type ShopSettings,
} from '../../modules/settings/service.ts';

/** The shop settings a catalog file may set, checked and stored as the content module does. */
export const importSettings: ImportSettings = {
  schemas: settingValueSchemas,
  save: (tx, values) => putSettings(tx, values as Partial<ShopSettings>),
  read: async (db) => {
    const s = await getSettings(db);
    return {
      primaryColor: s.primaryColor,
      showAddressDetails: s.showAddressDetails,
      shippingFee: halalasToSar(s.shippingFeeHalalas),
      phones: s.phones,
      email: s.email,
      // The file format accepts only a valid VAT number; none is left out.
      ...(s.taxNumber && { taxNumber: s.taxNumber }),
      commercialRegister: s.commercialRegister,
      sellerName: s.sellerName,
      address: s.address,
      openingHours: s.openingHours,
      deliveryDays: s.deliveryDays,
      returnHours: s.returnHours,
      socialLinks: s.socialLinks,
    };
  },
};
