import { captureDeadlineActions } from './payments.ts';
import { z } from './zod.ts';
import { messageKeysSchema, messageKeysUpdateSchema } from './shopper-messages.ts';
import { pageOf, wholeNumber } from './admin.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { okSchema } from './errors.ts';
import { definePath } from './paths.ts';
import { isExternalLink, isSlideLink, isWhatsappValue } from './links.ts';
import { fulfilmentLabelsSchema } from './fulfilment.ts';
import { paymentMethods } from './payments.ts';

/**
 * The back office's content, settings and catalog import/export calls (under `/api/admin`):
 * home slides, agents, info pages in Markdown, the shop's settings (owners), and catalog files
 * checked and imported in the background while the shop serves.
 */

export const adminContentPaths = {
  content: definePath('/api/admin/content'),
  sliders: definePath('/api/admin/content/sliders'),
  slider: definePath('/api/admin/content/sliders/:id'),
  sliderOrder: definePath('/api/admin/content/sliders-order'),
  agents: definePath('/api/admin/content/agents'),
  agent: definePath('/api/admin/content/agents/:id'),
  agentOrder: definePath('/api/admin/content/agents-order'),
  infoPage: definePath('/api/admin/content/info-pages/:kind'),
  markdownPreview: definePath('/api/admin/content/preview'),
  // owner only
  settings: definePath('/api/admin/settings'),
  // catalog files
  importJobs: definePath('/api/admin/catalog/import'),
  importJob: definePath('/api/admin/catalog/import/:id'),
  importStart: definePath('/api/admin/catalog/import/:id/start'),
  importRetry: definePath('/api/admin/catalog/import/:id/retry'),
  importDiscard: definePath('/api/admin/catalog/import/:id/discard'),
  catalogExport: definePath('/api/admin/catalog/export'),
} as const;

export const infoPageKinds = ['terms', 'refund', 'about', 'privacy'] as const;
export type InfoPageKind = (typeof infoPageKinds)[number];

export const contentIdParams = z.object({
  id: z
    .string()
    .regex(/^[0-9]{1,9}$/, 'NOT_FOUND')
    .transform(Number),
});
export const infoPageParams = z.object({ kind: z.enum(infoPageKinds) });

/**
 * Where a slide leads: a path on the shop (`/products/...`, `/en/...`) or an https address;
 * empty for none. Anything else (`javascript:`, `data:`, `//host`) is refused.
 */
export const slideLinkField = z
  .string()
  .trim()
  .max(500, 'LINK_INVALID')
  .refine((v) => v === '' || isSlideLink(v), 'LINK_INVALID');

export const adminSliderSchema = z.object({
  id: z.number().int(),
  imageAr: z.string(),
  imageEn: z.string(),
  linkAr: z.string(),
  linkEn: z.string(),
  sort: z.number().int(),
});
export type AdminSlider = z.infer<typeof adminSliderSchema>;

/** The text fields of a slide's form; its images are the file parts `imageAr` and `imageEn`. */
export const sliderFormSchema = z.object({
  linkAr: slideLinkField.default(''),
  linkEn: slideLinkField.default(''),
});
export type SliderForm = z.infer<typeof sliderFormSchema>;

export const adminAgentSchema = z.object({
  id: z.number().int(),
  nameAr: z.string(),
  nameEn: z.string(),
  companyAr: z.string(),
  companyEn: z.string(),
  phone: z.string(),
  image: z.string(),
  sort: z.number().int(),
});
export type AdminAgent = z.infer<typeof adminAgentSchema>;

const requiredText = (code: string, max = 200) => z.string().trim().min(1, code).max(max, code);

/** An agent's text fields; the image is the file part `image` (required for a new agent). */
export const agentFormSchema = z.object({
  nameAr: requiredText('NAME_AR_REQUIRED'),
  nameEn: requiredText('NAME_EN_REQUIRED'),
  companyAr: requiredText('COMPANY_AR_REQUIRED'),
  companyEn: requiredText('COMPANY_EN_REQUIRED'),
  phone: requiredText('AGENT_PHONE_REQUIRED', 40),
});
export type AgentForm = z.infer<typeof agentFormSchema>;

/** A new order of slides or agents: every id, in their new order. */
export const contentOrderSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(200) });

/** An info page's Markdown, at most 100,000 characters per language. */
const markdownField = z.string().max(100_000, 'MARKDOWN_TOO_LONG');
export const infoPageBodySchema = z.object({ ar: markdownField, en: markdownField });
export type InfoPageBody = z.infer<typeof infoPageBodySchema>;

export const adminInfoPageSchema = z.object({
  kind: z.enum(infoPageKinds),
  ar: z.string(),
  en: z.string(),
  /** Nothing saved yet: the storefront shows the shop's default text (the privacy policy). */
  isDefault: z.boolean(),
});
export type AdminInfoPage = z.infer<typeof adminInfoPageSchema>;

export const adminContentSchema = z.object({
  sliders: z.array(adminSliderSchema),
  agents: z.array(adminAgentSchema),
  infoPages: z.array(adminInfoPageSchema),
});
export type AdminContent = z.infer<typeof adminContentSchema>;

export const markdownPreviewSchema = z.object({ ar: markdownField, en: markdownField });
/** Both languages rendered to sanitized HTML, exactly as the storefront will show them. */
export const markdownPreviewAnswerSchema = z.object({ ar: z.string(), en: z.string() });

export const sliderOkSchema = okSchema.extend({ slider: adminSliderSchema });
export const agentOkSchema = okSchema.extend({ agent: adminAgentSchema });
export const infoPageOkSchema = okSchema.extend({ page: adminInfoPageSchema });

// ---- settings (owners) ----

const weekDays = ['sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri'] as const;
const clock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'TIME_INVALID');
/** A riyal amount typed in the back office (VAT included), at most two decimals. */
const sarField = z
  .union([z.number(), z.string().trim().min(1, 'AMOUNT_INVALID')])
  .transform((v) =>
    typeof v === 'number' ? v : Number(v.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660))),
  )
  .pipe(
    z
      .number({ error: 'AMOUNT_INVALID' })
      .min(0, 'AMOUNT_INVALID')
      .max(1_000_000, 'AMOUNT_INVALID')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'AMOUNT_INVALID'),
  );
const httpsUrl = z
  .string()
  .trim()
  .max(300, 'URL_INVALID')
  .refine((v) => v === '' || isExternalLink(v), 'URL_INVALID');

/** The ZATCA VAT registration number: 15 digits, starting and ending with 3; empty for none. */
export const vatNumberField = z
  .string()
  .trim()
  .refine((v) => v === '' || /^3[0-9]{13}3$/.test(v), 'VAT_NUMBER_INVALID');

const bilingualText = (code: string) => z.object({ ar: requiredText(code), en: requiredText(code) });

/** Everything an owner may change; every field optional, only those sent are saved. */
export const adminSettingsInputSchema = z.object({
  shopName: bilingualText('SHOP_NAME_REQUIRED').optional(),
  phones: z.array(z.string().trim().min(1).max(30, 'PHONE_INVALID')).max(3).optional(),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'EMAIL_INVALID')
    .optional(),
  /** A number in international form or a chat link (`https://wa.me/…`). */
  whatsapp: z
    .string()
    .trim()
    .max(300, 'PHONE_INVALID')
    .refine((v) => v === '' || isWhatsappValue(v), 'PHONE_INVALID')
    .optional(),
  address: bilingualText('SHOP_ADDRESS_REQUIRED').optional(),
  openingHours: z.object({ days: z.array(z.enum(weekDays)).max(7), opens: clock, closes: clock }).optional(),
  socialLinks: z
    .object({ x: httpsUrl, instagram: httpsUrl, snapchat: httpsUrl, tiktok: httpsUrl })
    .partial()
    .optional(),
  /** SAR, VAT included. */
  shippingFee: sarField.optional(),
  /** SAR, VAT included: orders of at least this much ship free; null: never free. */
  freeShippingThreshold: sarField.nullable().optional(),
  sellerName: bilingualText('SELLER_NAME_REQUIRED').optional(),
  taxNumber: vatNumberField.optional(),
  commercialRegister: z.string().trim().max(40).optional(),
  lowStockThreshold: z.coerce.number().int('AMOUNT_INVALID').min(0, 'AMOUNT_INVALID').max(100_000).optional(),
  /** Hours from delivery during which a shopper may ask to return an order. */
  returnHours: z.coerce
    .number()
    .int('AMOUNT_INVALID')
    .min(1, 'AMOUNT_INVALID')
    .max(24 * 365, 'AMOUNT_INVALID')
    .optional(),
  /** Hours a signed-in shopper's cart stays untouched before one reminder; 0 sends none. */
  abandonedCartHours: z.coerce
    .number()
    .int('AMOUNT_INVALID')
    .min(0, 'AMOUNT_INVALID')
    .max(24 * 30, 'AMOUNT_INVALID')
    .optional(),
  /** Orders are delivered only to an address with its national address's short address. */
  nationalAddressRequired: z.boolean().optional(),
  /** What the shopper reads for each fulfilment status, in both languages. */
  fulfilmentLabels: fulfilmentLabelsSchema.optional(),
  /** A pay-later order not shipped a day before its provider's capture deadline: capture it, or close it. */
  captureDeadlineAction: z.enum(captureDeadlineActions, 'VALIDATION_ERROR').optional(),
  /** Payment keys: sent only to replace them; an empty string removes a saved key. */
  moyasarSecretKey: z.string().trim().max(200).optional(),
  moyasarPublishableKey: z.string().trim().max(200).optional(),
  moyasarWebhookSecret: z.string().trim().max(200).optional(),
  tabbySecretKey: z.string().trim().max(200).optional(),
  tabbyMerchantCode: z.string().trim().max(200).optional(),
  tabbyWebhookSecret: z.string().trim().max(200).optional(),
  tamaraApiToken: z.string().trim().max(2000).optional(),
  tamaraNotificationKey: z.string().trim().max(200).optional(),
  /** The methods switched on (every other one is off); at least one, or shoppers could not pay. */
  paymentMethodsOn: z.array(z.enum(paymentMethods)).min(1, 'PAYMENT_METHODS_NONE').optional(),
  /** SMS (Unifonic) and WhatsApp keys, the same way: sent only to replace them, empty to remove. */
  ...messageKeysUpdateSchema.shape,
});
export type AdminSettingsInput = z.infer<typeof adminSettingsInputSchema>;

/** A payment key as the back office sees it: a secret is only ever "set" or not. */
const keyState = z.object({
  set: z.boolean(),
  /** Where the key in use comes from: saved here, the environment, or nowhere. */
  source: z.enum(['saved', 'environment', 'none']),
});

export const adminSettingsSchema = z.object({
  shopName: z.object({ ar: z.string(), en: z.string() }),
  phones: z.array(z.string()),
  email: z.string(),
  whatsapp: z.string(),
  address: z.object({ ar: z.string(), en: z.string() }),
  openingHours: z.object({ days: z.array(z.enum(weekDays)), opens: z.string(), closes: z.string() }),
  socialLinks: z.object({
    x: z.string().optional(),
    instagram: z.string().optional(),
    snapchat: z.string().optional(),
    tiktok: z.string().optional(),
  }),
  shippingFee: z.number(),
  freeShippingThreshold: z.number().nullable(),
  sellerName: z.object({ ar: z.string(), en: z.string() }),
  taxNumber: z.string(),
  commercialRegister: z.string(),
  lowStockThreshold: z.number().int(),
  returnHours: z.number().int(),
  abandonedCartHours: z.number().int(),
  nationalAddressRequired: z.boolean(),
  fulfilmentLabels: fulfilmentLabelsSchema,
  captureDeadlineAction: z.enum(captureDeadlineActions),
  payments: z.object({
    /** Card payments are simulated (PAYMENT_SANDBOX): saved keys wait until they are not. */
    sandbox: z.boolean(),
    secretKey: keyState,
    /** Not a secret: the payment form in the shopper's browser carries it. */
    publishableKey: keyState.extend({ value: z.string() }),
    webhookSecret: keyState,
    tabby: z.object({
      secretKey: keyState,
      /** Not a secret: Tabby's sessions carry it. */
      merchantCode: keyState.extend({ value: z.string() }),
      webhookSecret: keyState,
    }),
    tamara: z.object({ apiToken: keyState, notificationKey: keyState }),
    /**
     * Every method: `on` as the owner switched it; `ready` when the shop can take its money (its
     * keys are set, or payments are simulated). A shopper is offered a method that is both.
     */
    methods: z.array(z.object({ method: z.enum(paymentMethods), on: z.boolean(), ready: z.boolean() })),
  }),
  /** The SMS and WhatsApp keys: set or not and from where, and whether each channel is simulated. */
  messageKeys: messageKeysSchema,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const adminSettingsOkSchema = okSchema.extend({ settings: adminSettingsSchema });

// ---- catalog import and export ----

/** `discarded`: a checked file that was never imported, given up (by a member, or after a day). */
export const importJobStatusValues = [
  'checked',
  'invalid',
  'running',
  'done',
  'failed',
  'discarded',
] as const;
export type ImportJobStatus = (typeof importJobStatusValues)[number];

/** One problem of a catalog file: the record (its row, from 1) and field, in the member's language. */
export const importIssueSchema = z.object({
  section: z.string(),
  /** The record's place in its section, from 1 (a CSV file's line number, its header being 1). */
  row: z.number().int().nullable(),
  field: z.string(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

const countsSchema = z.object({ created: z.number().int(), updated: z.number().int() });

export const importJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(importJobStatusValues),
  format: z.enum(['json', 'csv']),
  fileName: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  /** 0–100. */
  percent: z.number().int(),
  /** What the file holds (after the dry run) or what was written (when done). */
  summary: z
    .object({
      categories: countsSchema,
      companies: countsSchema,
      products: countsSchema,
      agents: countsSchema,
      sliders: z.number().int(),
      infoPages: z.number().int(),
      settings: z.number().int(),
    })
    .nullable(),
  errors: z.array(importIssueSchema),
  /** The file's products, and how many of them are written (after a failure: how far it got). */
  productsTotal: z.number().int(),
  productsWritten: z.number().int(),
  /** Why a job failed, in the member's language. */
  failure: z.string().nullable(),
  actor: z.string(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobIdParams = z.object({ id: z.uuid() });
/** The imports, newest first: `status` narrows them; `page` from 1, `pageSize` up to 100. */
export const importJobListQuery = z.object({
  status: z.enum(importJobStatusValues).optional(),
  page: wholeNumber(1, 100_000).default(1),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(25),
});
export type ImportJobListQuery = z.input<typeof importJobListQuery>;
export const importJobListSchema = pageOf(importJobSchema);
export type ImportJobList = z.infer<typeof importJobListSchema>;
export const importJobOkSchema = okSchema.extend({ job: importJobSchema });
export const exportQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });

/**
 * The CSV columns of a products file, in this order (the header row names them). `images` holds
 * extra image paths separated by `|`; `featured` and `hidden` are `true` or `false`; empty
 * `offer_price`: no offer; `offer_starts_at` and `offer_ends_at` date the offer (ISO 8601 with
 * an offset; empty: no such date). A product with variants has one row per variant, all with
 * the product's `sku`: `variant_sku`, `price`, `offer_price`, `stock`, `barcode`,
 * `variant_image` and `variant_hidden` are the variant's, `optionN_name_ar`/`_en`/`_kind` name
 * the product's options and `optionN_value_ar`/`_en`/`optionN_swatch` the row's value of each.
 */
export const catalogCsvColumns = [
  'sku',
  'name_ar',
  'name_en',
  'description_ar',
  'description_en',
  'category',
  'company',
  'price',
  'offer_price',
  'offer_starts_at',
  'offer_ends_at',
  'stock',
  'featured',
  'hidden',
  'image',
  'images',
  ...([1, 2, 3] as const).flatMap(
    (n) =>
      [
        `option${n}_name_ar`,
        `option${n}_name_en`,
        `option${n}_kind`,
        `option${n}_value_ar`,
        `option${n}_value_en`,
        `option${n}_swatch`,
      ] as const,
  ),
  'variant_sku',
  'barcode',
  'variant_image',
  'variant_hidden',
] as const;
