import { z } from './zod.ts';
import { text } from './text.ts';
import { langQuery, uuidParam } from './common.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { pageOf, wholeNumber } from './admin.ts';
import { definePath } from './paths.ts';
import type { ActionResult } from './actions.ts';

/**
 * Returns (decision 230): from a delivered order, inside the owner's return window, the shopper
 * asks to return units of its lines with a reason (and photos); staff approve or reject it with
 * a note, mark the goods received, and an owner refunds it through the order's refund.
 */

export const returnReasons = [
  'defective',
  'wrong_item',
  'not_as_described',
  'changed_mind',
  'other',
] as const;
export type ReturnReason = (typeof returnReasons)[number];

/** requested → approved or rejected; approved → received → refunded. */
export const returnStatuses = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** At most this many photos come with a request (form fields `photo1`…`photo3`). */
export const RETURN_PHOTO_FIELDS = ['photo1', 'photo2', 'photo3'] as const;

export const returnPaths = {
  /** The shopper asks to return units of one of their orders (JSON, or multipart with photos). */
  orderReturns: definePath('/api/User/Invoice/:invoiceId/returns'),
  /** The back office's queue of return requests. */
  adminReturns: definePath('/api/admin/returns'),
  adminReturnApprove: definePath('/api/admin/returns/:id/approve'),
  adminReturnReject: definePath('/api/admin/returns/:id/reject'),
  adminReturnReceive: definePath('/api/admin/returns/:id/receive'),
  /** Owners only: refunds the returned lines through the order's refund. */
  adminReturnRefund: definePath('/api/admin/returns/:id/refund'),
} as const;

// ---- requests ----

const returnLineInput = z.object({
  lineId: z.coerce.number().int().positive(),
  quantity: z.coerce
    .number()
    .int('RETURN_QUANTITY_TOO_LARGE')
    .min(0)
    .max(10_000, 'RETURN_QUANTITY_TOO_LARGE'),
});

/** What the shopper sends: units per line (0 or left out: none), the reason and optional words. */
export const returnRequestInputSchema = z.object({
  lines: z
    .array(returnLineInput)
    .max(200)
    .transform((lines) => lines.filter((l) => l.quantity > 0))
    .refine((lines) => lines.length > 0, 'RETURN_LINES_REQUIRED'),
  reason: z.enum(returnReasons, 'RETURN_REASON_REQUIRED'),
  details: text({ multiline: true }).trim().max(1000, 'TEXT_TOO_LONG').default(''),
});
export type ReturnRequestInput = z.input<typeof returnRequestInputSchema>;
export type ReturnRequestFields = z.output<typeof returnRequestInputSchema>;

export const orderReturnParams = z.object({ invoiceId: uuidParam });
export const returnIdParams = z.object({ id: uuidParam });

/** Approving: an optional note the shopper reads (where to send the goods). */
export const returnApproveSchema = z.object({
  note: text({ multiline: true }).trim().max(500, 'TEXT_TOO_LONG').default(''),
});
/** Rejecting: the shopper must read why. */
export const returnRejectSchema = z.object({
  note: text({ multiline: true }).trim().min(1, 'RETURN_NOTE_REQUIRED').max(500, 'TEXT_TOO_LONG'),
});
export type ReturnDecisionInput = z.input<typeof returnApproveSchema>;

/** Refunding a received return: whether its units go back on sale. */
export const returnRefundSchema = z.object({
  returnStock: z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on'])])
    .transform((v) => v === true || v === '1' || v === 'true' || v === 'on')
    .default(false),
});
export type ReturnRefundInput = z.input<typeof returnRefundSchema>;

export const adminReturnsQuery = z.object({
  lang: langQuery,
  /** An order number, or part of one. */
  q: z.string().trim().max(20).optional(),
  status: z.enum(returnStatuses).optional(),
  page: wholeNumber(1, 100_000).default(1),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(25),
});
export type AdminReturnsQuery = z.infer<typeof adminReturnsQuery>;
export type AdminReturnsFilterInput = z.input<typeof adminReturnsQuery>;

// ---- answers ----

export const returnLineSchema = z.object({
  lineId: z.number().int(),
  /** In the request's language, as it was when the order was placed. */
  productName: z.string(),
  options: z.string().optional(),
  quantity: z.number().int().positive(),
  /** SAR: the unit price paid × quantity. */
  amount: z.number().nonnegative(),
});

/** One return request, as the shopper and the back office read it. */
export const returnRequestSchema = z.object({
  id: z.uuid(),
  status: z.enum(returnStatuses),
  reason: z.enum(returnReasons),
  details: z.string(),
  /** Public paths of the photos (`/uploads/returns/…`). */
  photos: z.array(z.string()),
  /** The staff's note with the decision (why it was rejected, where to send the goods). */
  staffNote: z.string(),
  lines: z.array(returnLineSchema),
  /** SAR: what refunding the request gives back. */
  amount: z.number().nonnegative(),
  /** ISO 8601 times of each step, null until it happens. */
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** What an order's page shows of returns: the window, what can still be returned, the requests. */
export const orderReturnsSchema = z.object({
  /** The owner's return window, in hours from delivery. */
  windowHours: z.number().int().positive(),
  /** ISO 8601: until when a return may be asked for; null while the order is not delivered. */
  windowEndsAt: z.string().nullable(),
  /** True while the shopper may ask for a return of some unit now. */
  open: z.boolean(),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      productName: z.string(),
      options: z.string().optional(),
      productImage: z.string(),
      bought: z.number().int(),
      /** Units not yet in a request (a rejected one gives them back) nor refunded with stock back. */
      returnable: z.number().int().nonnegative(),
    }),
  ),
  requests: z.array(returnRequestSchema),
});
export type OrderReturns = z.infer<typeof orderReturnsSchema>;

/** A request in the back office: its order and customer, and what the member may do with it. */
export const adminReturnSchema = returnRequestSchema.extend({
  orderId: z.uuid(),
  orderNumber: z.number().int(),
  customer: z.object({ name: z.string(), email: z.string() }),
  can: z.object({
    approve: z.boolean(),
    reject: z.boolean(),
    receive: z.boolean(),
    /** Received and not refunded (owners refund). */
    refund: z.boolean(),
  }),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;

export const adminReturnsPageSchema = pageOf(adminReturnSchema);
export type AdminReturnsPage = z.infer<typeof adminReturnsPageSchema>;

/** The answer of a change to a return: the message and the request as it is now. */
export const returnChangeAnswerSchema = z.object({
  success: z.literal(true),
  code: z.string(),
  message: z.string(),
  returnRequest: returnRequestSchema,
});

// ---- pages ----

/** The back office's returns (any member approves, rejects, receives; owners refund). */
export interface BackOfficeReturns {
  /** One page of the queue. Filters the API cannot read throw a 400 Response. */
  page(filter: AdminReturnsFilterInput): Promise<AdminReturnsPage>;
  /** Approves a requested return; audited, and the shopper is told. 409 once decided. */
  approve(id: string, input: ReturnDecisionInput): Promise<ActionResult>;
  /** Rejects a requested return with the note the shopper reads; 400 without it, 409 once decided. */
  reject(id: string, input: ReturnDecisionInput): Promise<ActionResult>;
  /** Marks the goods of an approved return received; 409 otherwise. */
  receive(id: string): Promise<ActionResult>;
  /** Owners: refunds the returned lines through the order's refund, their units back on sale when asked. */
  refund(id: string, input: ReturnRefundInput): Promise<ActionResult>;
}
