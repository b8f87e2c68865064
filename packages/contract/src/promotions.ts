import { z } from './zod.ts';
import { okSchema } from './errors.ts';
import { definePath } from './paths.ts';
import { pageOf, wholeNumber } from './admin.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { checkbox, checkTerms, optionalSar, riyadhTime, scopeInputShape, scopeShape } from './discounts.ts';

/**
 * Automatic promotions: a timed price rule the owner sets in the back office (staff may look),
 * taken off each unit it covers without a code. Money is SAR on the wire; times are instants,
 * written and shown in the back office in Riyadh time.
 */

export const promotionPaths = {
  /** GET (staff): the promotions, searched, filtered and paged; POST (owners): a new one. */
  adminPromotions: definePath('/api/admin/promotions'),
  /** GET (staff): one promotion; PUT (owners): replace it. */
  adminPromotion: definePath('/api/admin/promotions/:id'),
} as const;

export const promotionPages = {
  list: '/dashboard/promotions',
  create: '/dashboard/promotions/new',
  edit: (id: number) => `/dashboard/promotions/${id}`,
} as const;

export const promotionKinds = ['percent', 'fixed'] as const;
export const promotionStatuses = ['active', 'scheduled', 'ended', 'off'] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];

const promotionName = z
  .string('PROMOTION_NAME_INVALID')
  .trim()
  .min(1, 'PROMOTION_NAME_INVALID')
  .max(120, 'PROMOTION_NAME_INVALID');

/** Create or replace a promotion (owners). `value`: a percentage for `percent`, SAR for `fixed`. */
export const promotionInputSchema = z
  .object({
    nameAr: promotionName,
    nameEn: promotionName,
    kind: z.enum(promotionKinds),
    value: optionalSar,
    startsAt: riyadhTime,
    endsAt: riyadhTime,
    ...scopeInputShape,
    combinesWithCodes: checkbox,
    enabled: checkbox,
  })
  .superRefine((v, ctx) => {
    checkTerms(v, ctx);
    for (const field of ['startsAt', 'endsAt'] as const)
      if (!v[field]) ctx.addIssue({ code: 'custom', message: 'PROMOTION_DATES_REQUIRED', path: [field] });
  })
  .transform((v) => ({ ...v, startsAt: v.startsAt!, endsAt: v.endsAt! }));
export type PromotionInput = z.output<typeof promotionInputSchema>;

/** A promotion as the back office shows it, with the orders and sales it brought. */
export const adminPromotionSchema = z.object({
  id: z.number().int(),
  nameAr: z.string(),
  nameEn: z.string(),
  kind: z.enum(promotionKinds),
  /** Percent for `percent`, SAR off each unit for `fixed`. */
  value: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  ...scopeShape,
  combinesWithCodes: z.boolean(),
  enabled: z.boolean(),
  status: z.enum(promotionStatuses),
  /** Orders placed with a line under it (paid or not, not ended unpaid). */
  uses: z.number().int(),
  /** Paid orders with a line under it. */
  paidOrders: z.number().int(),
  /** SAR: those paid orders' totals, less what was refunded of them. */
  sales: z.number(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

export const adminPromotionPageSchema = pageOf(adminPromotionSchema);
export type AdminPromotionPage = z.infer<typeof adminPromotionPageSchema>;
export const adminPromotionOkSchema = okSchema.extend({ item: adminPromotionSchema });

export const promotionListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['all', ...promotionStatuses]).default('all'),
  page: wholeNumber(1, 100_000).default(1),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(25),
});
export type PromotionListQuery = z.infer<typeof promotionListQuery>;
