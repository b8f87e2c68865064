import { z } from './zod.ts';
import { okSchema } from './errors.ts';
import { definePath } from './paths.ts';
import type { ActionResult } from './actions.ts';
import type { Ok } from './errors.ts';

/**
 * Messages to shoppers (order updates, wishlist alerts) on e-mail, SMS and WhatsApp: the
 * channels, the kinds a shopper turns on or off per channel, the events that send them, the
 * owner's templates and what the back office shows of each message sent.
 */

export const messageChannels = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * What a shopper chooses per channel: order updates, alerts about wished products, the "tell me
 * when it is back" they asked for on a sold-out product, and reminders of a cart left waiting.
 */
export const messageKinds = ['order', 'wishlist', 'stock', 'reminder'] as const;
export type MessageKind = (typeof messageKinds)[number];

export const messageEvents = [
  'order.paid',
  'order.preparing',
  'order.ready',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
  'order.return_decided',
  'wishlist.price_drop',
  'wishlist.back_in_stock',
  'stock.back_in_stock',
  'cart.abandoned',
] as const;
export type MessageEvent = (typeof messageEvents)[number];

const kindOfPrefix: Record<string, MessageKind> = { wishlist: 'wishlist', stock: 'stock', cart: 'reminder' };
export const kindOfEvent = (event: MessageEvent): MessageKind =>
  kindOfPrefix[event.slice(0, event.indexOf('.'))] ?? 'order';

export const messageStatuses = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** The placeholders each event's templates may use (`{orderNumber}`); every template must carry `{optOutLink}`. */
const orderBasics = ['name', 'orderNumber', 'orderLink', 'optOutLink'] as const;
const productBasics = ['name', 'productName', 'productLink', 'optOutLink'] as const;
export const messagePlaceholders: Record<MessageEvent, readonly string[]> = {
  'order.paid': [...orderBasics, 'total'],
  'order.preparing': orderBasics,
  'order.ready': orderBasics,
  'order.shipped': [...orderBasics, 'carrier', 'trackingNumber', 'trackingUrl'],
  'order.delivered': orderBasics,
  'order.cancelled': orderBasics,
  'order.refunded': [...orderBasics, 'amount', 'refundedSoFar', 'total', 'reason', 'creditNoteNumber'],
  'order.return_decided': [...orderBasics, 'decision', 'note'],
  'wishlist.price_drop': [...productBasics, 'oldPrice', 'newPrice'],
  'wishlist.back_in_stock': productBasics,
  'stock.back_in_stock': productBasics,
  'cart.abandoned': ['name', 'itemCount', 'cartLink', 'optOutLink'],
};

const channelSchema = z.enum(messageChannels);
const kindSchema = z.enum(messageKinds);
const eventSchema = z.enum(messageEvents);
const langSchema = z.enum(['ar', 'en']);

/** One kind of message on one channel, on or off. */
const choiceSchema = z.object({ kind: kindSchema, channel: channelSchema, enabled: z.boolean() });

/** The shopper's choice: which kinds arrive on which channel. */
export const messagePreferencesSchema = z.object({
  /** Where SMS and WhatsApp go: the account's number (E.164). */
  phone: z.string(),
  email: z.string(),
  choices: z.array(choiceSchema),
});
export type MessagePreferences = z.infer<typeof messagePreferencesSchema>;

/** Every kind × channel at once, as a form sends it (a box left out is off). */
export const messagePreferencesUpdateSchema = z.object({
  choices: z.array(choiceSchema).max(messageKinds.length * messageChannels.length),
});
export type MessagePreferencesUpdate = z.infer<typeof messagePreferencesUpdateSchema>;

export const messagePreferencesAnswerSchema = okSchema.extend({ preferences: messagePreferencesSchema });

/** One template: an event on a channel in a language. */
export const messageTemplateSchema = z.object({
  event: eventSchema,
  channel: channelSchema,
  lang: langSchema,
  /** The e-mail's subject (e-mail only; empty for SMS and WhatsApp). */
  subject: z.string(),
  body: z.string(),
  /** The name of the template approved in WhatsApp Manager (WhatsApp only). */
  whatsappName: z.string(),
  /** false while it is the shop's default wording. */
  edited: z.boolean(),
  placeholders: z.array(z.string()),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const messageTemplateKeySchema = z.object({
  event: eventSchema,
  channel: channelSchema,
  lang: langSchema,
});
export type MessageTemplateKey = z.infer<typeof messageTemplateKeySchema>;

export const messageTemplateEditSchema = messageTemplateKeySchema.extend({
  subject: z.string().trim().max(200).default(''),
  body: z.string().trim().min(1).max(2000),
  whatsappName: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_]*$/)
    .default(''),
});
export type MessageTemplateEdit = z.infer<typeof messageTemplateEditSchema>;

/** A template rendered with sample data, as the shopper would read it. */
export const messagePreviewSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** WhatsApp: the approved template's name and the parameters sent for `{{1}}`, `{{2}}`… */
  whatsapp: z.object({ name: z.string(), params: z.array(z.string()) }).nullable(),
});
export type MessagePreview = z.infer<typeof messagePreviewSchema>;

export const messageTemplatesSchema = z.object({
  templates: z.array(messageTemplateSchema),
});

export const messageTemplateAnswerSchema = okSchema.extend({
  template: messageTemplateSchema,
  preview: messagePreviewSchema,
});

/** One message as the back office's order page shows it. */
export const sentMessageSchema = z.object({
  id: z.number().int(),
  event: eventSchema,
  channel: channelSchema,
  lang: langSchema,
  status: z.enum(messageStatuses),
  /** Where it went: an e-mail address or a number, partly hidden. */
  to: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

/** The message providers' keys as the settings page shows them: set or not, never their values. */
export const messageKeyNames = [
  'unifonicAppSid',
  'unifonicSenderId',
  'whatsappToken',
  'whatsappPhoneNumberId',
  'whatsappAppSecret',
  'whatsappVerifyToken',
] as const;
export type MessageKeyName = (typeof messageKeyNames)[number];
export const messageKeysSchema = z.object({
  sms: z.object({ sandbox: z.boolean() }),
  whatsapp: z.object({ sandbox: z.boolean() }),
  keys: z.array(
    z.object({
      name: z.enum(messageKeyNames),
      set: z.boolean(),
      source: z.enum(['saved', 'environment', 'none']),
    }),
  ),
});
export type MessageKeys = z.infer<typeof messageKeysSchema>;
export const messageKeysUpdateSchema = z.object({
  unifonicAppSid: z.string().trim().max(200).optional(),
  unifonicSenderId: z.string().trim().max(11).optional(),
  whatsappToken: z.string().trim().max(1000).optional(),
  whatsappPhoneNumberId: z
    .string()
    .trim()
    .regex(/^\d{0,30}$/)
    .optional(),
  /** Checks the signature (`X-Hub-Signature-256`) of WhatsApp's status webhook. */
  whatsappAppSecret: z.string().trim().max(200).optional(),
  /** What WhatsApp must send back when the webhook is subscribed (`hub.verify_token`). */
  whatsappVerifyToken: z.string().trim().max(200).optional(),
});
export type MessageKeysUpdate = z.infer<typeof messageKeysUpdateSchema>;

/** An opt-out link's fields, as signed: who, which kind, which channel, when it was issued, and the signature. */
export const optOutQuerySchema = z.object({
  u: z.string().max(64),
  k: z.string().max(16),
  c: z.string().max(16),
  t: z.string().max(16),
  s: z.string().max(128),
});
export type OptOutQuery = z.infer<typeof optOutQuerySchema>;
export const optOutAnswerSchema = okSchema.extend({ kind: kindSchema, channel: channelSchema });

/** The API's paths for messages. */
export const messagePaths = {
  preferences: definePath('/api/user/messages'),
  optOut: definePath('/api/messages/opt-out'),
  templates: definePath('/api/admin/message-templates'),
  templatePreview: definePath('/api/admin/message-templates/preview'),
  keys: definePath('/api/admin/message-keys'),
  whatsappWebhook: definePath('/api/messages/whatsapp/webhook'),
};

/**
 * The back office's message templates page: every member reads the templates and previews
 * them; only an owner saves or resets one (403 for the others).
 */
export interface BackOfficeMessages {
  templates(): Promise<MessageTemplate[]>;
  /** The template rendered with sample data; 400 with a MESSAGE_TEMPLATE_* code when it would not be saved. */
  preview(edit: MessageTemplateEdit): Promise<ActionResult<MessagePreview>>;
  saveTemplate(edit: MessageTemplateEdit): Promise<ActionResult<Ok & { preview: MessagePreview }>>;
  resetTemplate(key: MessageTemplateKey): Promise<ActionResult>;
}
