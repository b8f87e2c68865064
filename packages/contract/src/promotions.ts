import { z } from './zod.ts';
import { okSchema } from './errors.ts';
import { definePath } from './paths.ts';
import { pageOf, wholeNumber } from './admin.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { checkbox, discountScopes, idList, optionalSar, riyadhTime } from './discounts.ts';

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
    scope: z.enum(discountScopes).default('order'),
    categoryIds: idList,
    brandIds: idList,
    productIds: idList,
    variantIds: idList,
    combinesWithCodes: checkbox,
    enabled: checkbox,
  })
  .superRefine((v, ctx) => {
    const value = v.value ?? 0;
    if (v.kind === 'percent' && (value < 1 || value > 100 || !Number.isInteger(value)))
      ctx.addIssue({ code: 'custom', message: 'DISCOUNT_VALUE_INVALID', path: ['value'] });
    if (v.kind === 'fixed' && value <= 0)
      ctx.addIssue({ code: 'custom', message: 'DISCOUNT_VALUE_INVALID', path: ['value'] });
    if (!v.startsAt)
      ctx.addIssue({ code: 'custom', message: 'PROMOTION_DATES_REQUIRED', path: ['startsAt'] });
    if (!v.endsAt) ctx.addIssue({ code: 'custom', message: 'PROMOTION_DATES_REQUIRED', path: ['endsAt'] });
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt)
      ctx.addIssue({ code: 'custom', message: 'DISCOUNT_DATES_INVALID', path: ['endsAt'] });
    const targets = v.categoryIds.length + v.brandIds.length + v.productIds.length + v.variantIds.length;
    if (v.scope === 'items' && targets === 0)
      ctx.addIssue({ code: 'custom', message: 'DISCOUNT_SCOPE_EMPTY', path: ['scope'] });
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
  scope: z.enum(discountScopes),
  categoryIds: z.array(z.number().int()),
  brandIds: z.array(z.number().int()),
  productIds: z.array(z.number().int()),
  variantIds: z.array(z.number().int()),
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
