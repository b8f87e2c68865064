import { halalasToSar, sarToHalalas, type AdminSettings, type AdminSettingsInput } from '@shop/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { recordAudit, type AuditActor } from '../modules/audit/service.ts';
import { savePaymentKeys, type PaymentKeys } from '../modules/payments/keys.ts';
import { getSettings, putSettings, type ShopSettings } from '../modules/settings/service.ts';

/** The settings as the back office edits them: riyals, both languages, keys only as "set". */
export function presentAdminSettings(s: ShopSettings, keys: PaymentKeys): AdminSettings {
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
    payments: keys.describe(),
  };
}

/** What the audit log keeps of the settings: everything but the payment keys. */
const auditView = (s: AdminSettings) => {
  const { payments: _payments, ...rest } = s;
  return rest;
};

/**
 * Saves what an owner changed: the shop's settings (content module) and the payment keys
 * (payments module) in one transaction with its audit entry. Returns whether anything changed.
 */
export async function saveAdminSettings(
  db: Db,
  config: Config,
  keys: PaymentKeys,
  by: AuditActor,
  input: AdminSettingsInput,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await getSettings(tx);
    const next: Partial<ShopSettings> = {};
    if (input.shopName) next.shopName = input.shopName;
    if (input.phones) next.phones = input.phones.filter(Boolean);
    if (input.email !== undefined) next.email = input.email;
    if (input.address) next.address = input.address;
    if (input.openingHours) next.openingHours = input.openingHours;
    if (input.socialLinks || input.whatsapp !== undefined) {
      const links = { ...current.socialLinks, ...input.socialLinks };
      if (input.whatsapp !== undefined) links.whatsapp = input.whatsapp;
      // An emptied link is removed, not stored as "".
      next.socialLinks = Object.fromEntries(Object.entries(links).filter(([, v]) => v));
    }
    if (input.shippingFee !== undefined) next.shippingFeeHalalas = sarToHalalas(input.shippingFee);
    if (input.freeShippingThreshold !== undefined)
      next.freeShippingThresholdHalalas =
        input.freeShippingThreshold === null ? null : sarToHalalas(input.freeShippingThreshold);
    if (input.sellerName) next.sellerName = input.sellerName;
    if (input.taxNumber !== undefined) next.taxNumber = input.taxNumber;
    if (input.commercialRegister !== undefined) next.commercialRegister = input.commercialRegister;
    if (input.lowStockThreshold !== undefined) next.lowStockThreshold = input.lowStockThreshold;

    const changedSettings = Object.fromEntries(
      Object.entries(next).filter(
        ([key, value]) => JSON.stringify(current[key as keyof ShopSettings]) !== JSON.stringify(value),
      ),
    ) as Partial<ShopSettings>;
    if (Object.keys(changedSettings).length) await putSettings(tx, changedSettings);
    const changedKeys = await savePaymentKeys(tx, config, {
      secretKey: input.moyasarSecretKey,
      publishableKey: input.moyasarPublishableKey,
      webhookSecret: input.moyasarWebhookSecret,
    });
    if (!Object.keys(changedSettings).length && !changedKeys.length) return false;
    const before = auditView(presentAdminSettings(current, keys));
    const after = auditView(presentAdminSettings({ ...current, ...changedSettings }, keys));
    await recordAudit(tx, {
      by,
      action: 'settings.update',
      entityType: 'settings',
      entityId: 'shop',
      // Which payment keys were replaced, never their values.
      before: { ...before, paymentKeysChanged: [] },
      after: { ...after, paymentKeysChanged: changedKeys },
    });
    return true;
  });
}
