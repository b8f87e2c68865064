import {
  halalasToSar,
  paymentMethods,
  sarToHalalas,
  type AdminSettings,
  type AdminSettingsInput,
} from '@shop/contract';
import type { Tx } from '../db/client.ts';
import type { AuditActor } from '../lib/audit-actor.ts';
import type { Shop } from '../lib/shop.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { savePaymentKeys, type PaymentKeys } from '../modules/payments/keys.ts';
import { saveMessageKeys, type MessageKeyring } from '../modules/messages/keys.ts';
import { presentAdminSettings } from '../modules/settings/admin.ts';
import { getSettings, putSettings, type ShopSettings } from '../modules/settings/service.ts';

/** What saving the settings needs: the shop, and the payment keys this process holds. */
export type SettingsDeps = Pick<Shop, 'db' | 'config' | 'changes'> & {
  paymentKeys: PaymentKeys;
  messageKeys: MessageKeyring;
};

/** What the audit log keeps of the settings: everything but the keys, and the methods switched on. */
const auditView = (s: ShopSettings, presented: AdminSettings) => {
  const { payments: _payments, messageKeys: _messageKeys, ...rest } = presented;
  return { ...rest, paymentMethodsOn: paymentMethods.filter((m) => !s.paymentMethodsOff.includes(m)) };
};

/**
 * Saves what an owner changed: the shop's settings (settings module) and the payment keys
 * (payments module) in one transaction with its audit entry. After the commit, when anything
 * changed, this process's payment keys are reloaded (the other processes reload on the event)
 * and the caches are told: the settings, and the content too, since the privacy policy's default
 * text names the shop's contact details. Returns whether anything changed.
 */
export async function updateSettings(
  deps: SettingsDeps,
  by: AuditActor,
  input: AdminSettingsInput,
): Promise<boolean> {
  const saved = await saveAdminSettings(deps, by, input);
  if (saved) {
    // The switches as just saved: no second read of the settings.
    await deps.paymentKeys.reload(deps.db, saved.paymentMethodsOff);
    await deps.messageKeys.reload(deps.db);
    await deps.changes.publish({ topic: 'settings' });
    await deps.changes.publish({ topic: 'content' });
  }
  return saved !== null;
}

async function saveAdminSettings(
  { db, config, paymentKeys: keys, messageKeys }: SettingsDeps,
  by: AuditActor,
  input: AdminSettingsInput,
): Promise<ShopSettings | null> {
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
    if (input.returnHours !== undefined) next.returnHours = input.returnHours;
    if (input.abandonedCartHours !== undefined) next.abandonedCartHours = input.abandonedCartHours;
    if (input.nationalAddressRequired !== undefined)
      next.nationalAddressRequired = input.nationalAddressRequired;
    if (input.fulfilmentLabels) next.fulfilmentLabels = input.fulfilmentLabels;
    if (input.paymentMethodsOn)
      next.paymentMethodsOff = paymentMethods.filter((m) => !input.paymentMethodsOn!.includes(m));
    if (input.captureDeadlineAction) next.captureDeadlineAction = input.captureDeadlineAction;

    const changed = changedSettings(current, next);
    if (Object.keys(changed).length) await putSettings(tx, changed);
    const changedKeys = await savePaymentKeys(tx, config, {
      secretKey: input.moyasarSecretKey,
      publishableKey: input.moyasarPublishableKey,
      webhookSecret: input.moyasarWebhookSecret,
      tabbySecretKey: input.tabbySecretKey,
      tabbyMerchantCode: input.tabbyMerchantCode,
      tabbyWebhookSecret: input.tabbyWebhookSecret,
      tamaraApiToken: input.tamaraApiToken,
      tamaraNotificationKey: input.tamaraNotificationKey,
    });
    const changedMessageKeys = await saveMessageKeys(tx, config, {
      unifonicAppSid: input.unifonicAppSid,
      unifonicSenderId: input.unifonicSenderId,
      whatsappToken: input.whatsappToken,
      whatsappPhoneNumberId: input.whatsappPhoneNumberId,
      whatsappAppSecret: input.whatsappAppSecret,
      whatsappVerifyToken: input.whatsappVerifyToken,
    });
    if (!Object.keys(changed).length && !changedKeys.length && !changedMessageKeys.length) return null;
    const view = (s: ShopSettings) =>
      auditView(s, presentAdminSettings(s, keys.describe(), messageKeys.describe()));
    const before = view(current);
    const after = view({ ...current, ...changed });
    await recordAudit(tx, {
      by,
      action: 'settings.update',
      entityType: 'settings',
      entityId: 'shop',
      // Which payment keys were replaced, never their values.
      before: { ...before, paymentKeysChanged: [] },
      after: { ...after, paymentKeysChanged: changedKeys, messageKeysChanged: changedMessageKeys },
    });
    return { ...current, ...changed };
  });
}

/** A value as text with its object keys sorted: equal values give equal text whatever their order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** The given settings whose values differ from `current`, as stored. */
export function changedSettings(
  current: ShopSettings,
  values: Record<string, unknown>,
): Partial<ShopSettings> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) =>
        value !== undefined && canonical(current[key as keyof ShopSettings]) !== canonical(value),
    ),
  ) as Partial<ShopSettings>;
}

/** Settings as the audit log shows them: money in riyals, as the settings form shows it. */
function changeAuditView(values: Partial<ShopSettings>): Record<string, unknown> {
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
 * Saves the given settings (as stored: money in halalas) that differ from the shop's, as a
 * catalog file's settings section sets them. With `by` it is a change like the owner's form,
 * with one audit entry `settings.update` holding the values before and after; without it (the
 * demo catalog of a new shop) nobody is recorded.
 */
export async function saveSettingsChange(tx: Tx, values: Record<string, unknown>, by?: AuditActor) {
  const current = await getSettings(tx);
  const changed = changedSettings(current, values);
  const keys = Object.keys(changed) as (keyof ShopSettings)[];
  if (!keys.length) return;
  await putSettings(tx, changed);
  if (!by) return;
  await recordAudit(tx, {
    by,
    action: 'settings.update',
    entityType: 'settings',
    entityId: 'shop',
    before: changeAuditView(Object.fromEntries(keys.map((k) => [k, current[k]])) as Partial<ShopSettings>),
    after: changeAuditView(changed),
  });
}
