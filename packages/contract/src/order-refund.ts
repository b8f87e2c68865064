import { z } from './zod.ts';

/** A refund as the shopper's order shows it. */
export const orderRefundSchema = z.object({
  id: z.uuid(),
  /** SAR, VAT included. */
  amount: z.number().positive(),
  /** ISO 8601: when the money was given back. */
  date: z.string(),
  reason: z.string(),
  /** The number of its simplified credit note. */
  creditNoteNumber: z.number().int().positive(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;
