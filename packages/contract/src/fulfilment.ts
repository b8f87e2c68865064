import { z } from './zod.ts';
import { text } from './text.ts';
import { okSchema } from './errors.ts';
import { isExternalLink } from './links.ts';

/**
 * Fulfilment of a paid order (docs/decisions/211-fulfilment-statuses.md): it moves forward
 * through preparing → ready → shipped → delivered (a step may be skipped, never taken back), or
 * is cancelled before it ships (the payment is refunded in full and its units go back on sale).
 * Each step is kept with its time and who took it, so the shopper's order page shows a dated
 * timeline; `invoiceReceived` is true exactly when the order is delivered.
 */

/** The steps a paid order goes through, in order. */
export const fulfilmentSteps = ['preparing', 'ready', 'shipped', 'delivered'] as const;
export type FulfilmentStep = (typeof fulfilmentSteps)[number];

/** Every fulfilment status an order can show: the steps, and cancelled. */
export const fulfilmentStatuses = [...fulfilmentSteps, 'cancelled'] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];

/** Statuses a list of orders can be moved to at once: shipping needs each order's own tracking number. */
export const bulkFulfilmentStatuses = ['preparing', 'ready', 'delivered', 'cancelled'] as const;
export type BulkFulfilmentStatus = (typeof bulkFulfilmentStatuses)[number];

const bilingualLabel = z.object({
  ar: z.string().trim().min(1, 'FULFILMENT_LABEL_REQUIRED').max(40, 'FULFILMENT_LABEL_REQUIRED'),
  en: z.string().trim().min(1, 'FULFILMENT_LABEL_REQUIRED').max(40, 'FULFILMENT_LABEL_REQUIRED'),
});

/** What the shopper reads for each status, in both languages: the owner may rename them. */
export const fulfilmentLabelsSchema = z.object({
  preparing: bilingualLabel,
  ready: bilingualLabel,
  shipped: bilingualLabel,
  delivered: bilingualLabel,
  cancelled: bilingualLabel,
});
export type FulfilmentLabels = z.infer<typeof fulfilmentLabelsSchema>;

export const defaultFulfilmentLabels: FulfilmentLabels = {
  preparing: { ar: 'قيد التجهيز', en: 'Preparing' },
  ready: { ar: 'جاهز للشحن', en: 'Ready' },
  shipped: { ar: 'تم الشحن', en: 'Shipped' },
  delivered: { ar: 'تم التوصيل', en: 'Delivered' },
  cancelled: { ar: 'ملغي', en: 'Cancelled' },
};

/** A tracking link: an https address only, so a page never renders a `javascript:` one. */
export const trackingUrlField = z
  .string()
  .trim()
  .max(500, 'TRACKING_URL_INVALID')
  .refine((v) => v === '' || isExternalLink(v), 'TRACKING_URL_INVALID');

const shipmentFields = {
  carrier: text().trim().max(60, 'CARRIER_REQUIRED').default(''),
  trackingNumber: text().trim().max(80, 'TRACKING_NUMBER_REQUIRED').default(''),
  trackingUrl: trackingUrlField.default(''),
};

/** A shipment needs its carrier and tracking number. */
function requireShipment(
  v: { status?: string; carrier: string; trackingNumber: string },
  ctx: z.RefinementCtx,
) {
  if (v.status !== undefined && v.status !== 'shipped') return;
  if (!v.carrier) ctx.addIssue({ code: 'custom', path: ['carrier'], message: 'CARRIER_REQUIRED' });
  if (!v.trackingNumber)
    ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'TRACKING_NUMBER_REQUIRED' });
}

/** A shipment: its carrier and tracking number, and a tracking link when the carrier gives one. */
export const shipmentSchema = z.object(shipmentFields).superRefine(requireShipment);

/**
 * A staff member moves one order on: to `preparing`, `ready`, `shipped` (with the shipment's
 * details) or `delivered`.
 */
export const fulfilmentChangeSchema = z
  .object({ status: z.enum(fulfilmentSteps, { error: 'FULFILMENT_STATUS_INVALID' }), ...shipmentFields })
  .superRefine(requireShipment);
export type FulfilmentChange = z.output<typeof fulfilmentChangeSchema>;
export type FulfilmentChangeInput = z.input<typeof fulfilmentChangeSchema>;

const orderNumber = z.coerce.number().int().min(1).max(999_999_999_999_999);

/** Several orders (by number) moved to one status; each that cannot move is reported. */
export const bulkFulfilmentSchema = z.object({
  numbers: z.array(orderNumber).min(1, 'ORDERS_REQUIRED').max(100),
  status: z.enum(bulkFulfilmentStatuses, { error: 'FULFILMENT_STATUS_INVALID' }),
});
export type BulkFulfilmentInput = z.input<typeof bulkFulfilmentSchema>;

export const bulkFulfilmentAnswerSchema = okSchema.extend({
  /** The orders that moved. */
  moved: z.array(z.number().int()),
  /** The orders that did not, each with why (a code and its message in the member's language). */
  refused: z.array(z.object({ number: z.number().int(), code: z.string(), message: z.string() })),
});
export type BulkFulfilmentAnswer = z.infer<typeof bulkFulfilmentAnswerSchema>;

/** One step of the timeline the shopper sees. */
export const fulfilmentEventSchema = z.object({
  status: z.enum(fulfilmentStatuses),
  /** The owner's label of the status, in the request's language. */
  label: z.string(),
  /** ISO 8601; null for a delivery recorded before the shop kept its time. */
  at: z.iso.datetime().nullable(),
});
export type FulfilmentEvent = z.infer<typeof fulfilmentEventSchema>;

/** Where a paid order is: its status, the steps so far (oldest first) and how to follow it. */
export const orderFulfilmentSchema = z.object({
  /** Null while the shop has not started on the paid order. */
  status: z.enum(fulfilmentStatuses).nullable(),
  label: z.string().nullable(),
  timeline: z.array(fulfilmentEventSchema),
  /** Present once shipped. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** An https address, or null. */
  trackingUrl: z.string().nullable(),
});
export type OrderFulfilment = z.infer<typeof orderFulfilmentSchema>;

/** A tracking link safe to put in an `href`: the link when it is an https address, null otherwise. */
export function safeTrackingUrl(url: string | null | undefined): string | null {
  return url && isExternalLink(url) ? url : null;
}
