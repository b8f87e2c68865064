import { halalasToSar } from '@shop/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { ImportSettings } from './import.ts';
import { recordAudit, type AuditActor } from '../../modules/audit/service.ts';
import {
  getSettings,
  putSettings,
  settingValueSchemas,
  type ShopSettings,
} from '../../modules/settings/service.ts';

/** A value as text with its object keys sorted: equal values give equal text whatever their order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** The given settings whose values differ from `current`, as stored. */
function differing(current: ShopSettings, values: Record<string, unknown>): Partial<ShopSettings> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) =>
        value !== undefined &&
        canonical(current[key as keyof ShopSettings]) !== canonical(value),
    ),
  ) as Partial<ShopSettings>;
}

/** Settings as the audit log shows them: money in riyals, as the settings form shows it. */
function auditView(values: Partial<ShopSettings>): Record<string, unknown> {
  const { shippingFeeHalalas, freeShippingThresholdHalalas, ...rest } = values;
  return {
    ...rest,
    ...(shippingFeeHalalas !== undefined && { shippingFee: halalasToSar(shippingFeeHalalas) }),
    ...(freeShippingThresholdHalalas !== undefined && {
      freeShippingThreshold:
        freeShippingThresholdHalalas === null ? null : halalasToSar(freeShippingThresholdHalalas),
    }),
  };
}

/**
 * Saves the settings of a catalog file that differ from the shop's. With `by` it is the
 * settings use case's change like the owner's form: one audit entry `settings.update` with the
 * values before and after.
 */
async function saveImportedSettings(tx: Tx, values: Record<string, unknown>, by?: AuditActor) {
  const current = await getSettings(tx);
  const changed = differing(current, values);
  const keys = Object.keys(changed) as (keyof ShopSettings)[];
  if (!keys.length) return;
  await putSettings(tx, changed);
  if (!by) return;
  await recordAudit(tx, {
    by,
    action: 'settings.update',
    entityType: 'settings',
    entityId: 'shop',
    before: auditView(Object.fromEntries(keys.map((k) => [k, current[k]])) as Partial<ShopSettings>),
    after: auditView(changed),
  });
}

/** The shop settings a catalog file may set, checked and stored as the content module does. */
export const importSettings: ImportSettings = {
  schemas: settingValueSchemas,
  changes: async (db: Db | Tx, values) => Object.keys(differing(await getSettings(db), values)),
  save: saveImportedSettings,
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
