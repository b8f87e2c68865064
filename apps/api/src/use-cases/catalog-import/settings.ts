import { halalasToSar } from '@shop/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { ImportSettings } from './import.ts';
import { getSettings, settingValueSchemas } from '../../modules/settings/service.ts';
import { changedSettings, saveSettingsChange } from '../update-settings.ts';

/** The shop settings a catalog file may set, checked and stored as the content module does. */
export const importSettings: ImportSettings = {
  schemas: settingValueSchemas,
  changes: async (db: Db | Tx, values) => Object.keys(changedSettings(await getSettings(db), values)),
  save: saveSettingsChange,
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
