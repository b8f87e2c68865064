import {
  captureDeadlineActions,
  defaultFulfilmentLabels,
  fulfilmentLabelsSchema,
  halalasToSar,
  isExternalLink,
  isWhatsappValue,
  paymentMethods,
  type Lang,
  type Settings,
} from '@shop/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { settings as settingsTable } from './schema.ts';

const bilingual = z.object({ ar: z.string(), en: z.string() });
export type Bilingual = z.infer<typeof bilingual>;

const externalLink = z.string().refine(isExternalLink, 'must be an https:// address');

const weekDay = z.enum(['sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri']);
const clock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/);

/**
 * Each row of the `settings` table: the key and the schema of its JSON value. A row whose value
 * does not fit its schema is ignored (the default stands), so a bad edit in the database cannot
 * break every page (docs/decisions/014-settings-storage.md).
 */
export const settingValueSchemas = {
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  showAddressDetails: z.boolean(),
  /** Orders go only to an address with its national address's short address (decision 210). */
  nationalAddressRequired: z.boolean(),
  /** VAT-inclusive shipping fee per order, in halalas. */
  shippingFeeHalalas: z.number().int().nonnegative(),
  phones: z.array(z.string().min(1)).max(3),
  email: z.string(),
  /** The 15-digit VAT registration number (ZATCA). */
  taxNumber: z.string(),
  commercialRegister: z.string(),
  sellerName: bilingual,
  address: bilingual,
  openingHours: z.object({ days: z.array(weekDay), opens: clock, closes: clock }),
  deliveryDays: z.number().int().positive(),
  returnHours: z.number().int().positive(),
  /** Hours a signed-in shopper's cart stays untouched before one reminder is sent; 0: never. */
  abandonedCartHours: z.number().int().nonnegative(),
  /** The back office's overview lists products with this many units or fewer as low on stock. */
  lowStockThreshold: z.number().int().nonnegative(),
  /**
   * Each an https address (WhatsApp also a number), checked as the settings form checks them:
   * a catalog file's settings are checked by this schema, and a row holding any other link
   * (saved before the check existed) is ignored like any row that does not fit.
   */
  socialLinks: z.object({
    x: externalLink.optional(),
    instagram: externalLink.optional(),
    snapchat: externalLink.optional(),
    tiktok: externalLink.optional(),
    whatsapp: z
      .string()
      .refine(isWhatsappValue, 'must be a number in international form or an https:// address')
      .optional(),
  }),
  /** The shop's name, as the privacy policy and the back office name it. */
  shopName: bilingual,
  /** Orders whose goods cost at least this (VAT included, halalas) ship free; null: never. */
  freeShippingThresholdHalalas: z.number().int().nonnegative().nullable(),
  /** What the shopper reads for each fulfilment status, in both languages (decision 211). */
  fulfilmentLabels: fulfilmentLabelsSchema,
  /**
   * The payment methods the owner switched off. Kept as the ones off, so a method the shop
   * learns later starts on wherever its keys are set.
   */
  paymentMethodsOff: z.array(z.enum(paymentMethods)),
  /**
   * A pay-later order still authorised and not shipped a day before its provider's capture
   * deadline is captured, or closed (cancelled, its stock back) (decision 244).
   */
  captureDeadlineAction: z.enum(captureDeadlineActions),
} as const;

type Schemas = typeof settingValueSchemas;
export type SettingKey = keyof Schemas;

/** The shop's settings, typed, with money in halalas and text in both languages. */
export type ShopSettings = { [K in SettingKey]: z.infer<Schemas[K]> };

export const defaultSettings: ShopSettings = {
  primaryColor: '#0f766e',
  showAddressDetails: false,
  nationalAddressRequired: true,
  shippingFeeHalalas: 7000,
  // The footer shows a default phone when none is configured (docs/requirements/shop.md).
  phones: ['920000000'],
  email: '',
  taxNumber: '',
  commercialRegister: '',
  sellerName: { ar: 'متجر الإلكترونيات', en: 'Electronics Shop' },
  address: { ar: 'الرياض، المملكة العربية السعودية', en: 'Riyadh, Saudi Arabia' },
  openingHours: { days: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'], opens: '09:00', closes: '23:00' },
  deliveryDays: 3,
  returnHours: 24,
  abandonedCartHours: 24,
  lowStockThreshold: 5,
  socialLinks: {},
  shopName: { ar: 'متجر الإلكترونيات', en: 'Electronics Shop' },
  freeShippingThresholdHalalas: null,
  fulfilmentLabels: defaultFulfilmentLabels,
  paymentMethodsOff: [],
  // The providers take the money themselves at the deadline (Tamara does): the shop does the same.
  captureDeadlineAction: 'capture',
};

/** The shipping an order pays: free from the threshold on, the flat fee below it. */
export function shippingFeeFor(s: ShopSettings, goodsHalalas: number): number {
  const threshold = s.freeShippingThresholdHalalas;
  return threshold !== null && goodsHalalas >= threshold ? 0 : s.shippingFeeHalalas;
}

const settingKeys = Object.keys(settingValueSchemas) as SettingKey[];

function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingValueSchemas, key);
}

/** The defaults overlaid with every valid row of the `settings` table. */
export async function getSettings(db: Db | Tx): Promise<ShopSettings> {
  // Read as text and parsed here: through drizzle's jsonb column a stored string of digits
  // (a VAT number) comes back as a number on PGlite, which would drop it for its default.
  const rows = await db
    .select({ key: settingsTable.key, json: sql<string>`${settingsTable.value}::text` })
    .from(settingsTable);
  const result: Record<string, unknown> = { ...defaultSettings };
  for (const row of rows) {
    if (!isSettingKey(row.key)) continue;
    const parsed = settingValueSchemas[row.key].safeParse(JSON.parse(row.json));
    if (parsed.success) result[row.key] = parsed.data;
  }
  return result as ShopSettings;
}

/** Stores the given settings (validated), leaving the others as they are. */
export async function putSettings(db: Db | Tx, values: Partial<ShopSettings>): Promise<void> {
  const rows = settingKeys
    .filter((key) => values[key] !== undefined)
    .map((key) => ({ key, value: settingValueSchemas[key].parse(values[key]) }));
  if (rows.length === 0) return;
  await db
    .insert(settingsTable)
    .values(rows)
    .onConflictDoUpdate({
      target: settingsTable.key,
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}

/** The settings as the API answers them: SAR on the wire, text in the request language. */
export function settingsForClient(
  s: ShopSettings,
  lang: Lang,
  payments: Pick<Settings, 'paymentSandbox' | 'paymentMethods'>,
): Settings {
  return {
    primaryColor: s.primaryColor,
    showAddressDetails: s.showAddressDetails,
    nationalAddressRequired: s.nationalAddressRequired,
    shippingFee: halalasToSar(s.shippingFeeHalalas),
    phones: s.phones,
    email: s.email,
    taxNumber: s.taxNumber,
    commercialRegister: s.commercialRegister,
    sellerName: s.sellerName[lang],
    address: s.address[lang],
    openingHours: s.openingHours,
    deliveryDays: s.deliveryDays,
    returnHours: s.returnHours,
    socialLinks: s.socialLinks,
    ...payments,
    ...(s.freeShippingThresholdHalalas !== null && {
      freeShippingFrom: halalasToSar(s.freeShippingThresholdHalalas),
    }),
  };
}
