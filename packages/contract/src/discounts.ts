import { z } from './zod.ts';
import { okSchema } from './errors.ts';
import { definePath } from './paths.ts';
import { pageOf, wholeNumber } from './admin.ts';
import { MAX_PAGE_SIZE } from './constants.ts';

/**
 * Discount codes: the owner makes them in the back office (staff may look), a shopper types one
 * in the cart. Money is SAR on the wire with two decimals; the database keeps halalas. Times are
 * instants; the back office writes and shows them in Riyadh time (UTC+03:00, no daylight saving).
 */

export const discountPaths = {
  /** GET (staff): the codes, searched, filtered and paged; POST (owners): a new code. */
  adminCodes: definePath('/api/admin/discount-codes'),
  /** GET (staff): one code; PUT (owners): replace it. */
  adminCode: definePath('/api/admin/discount-codes/:id'),
  /** POST: apply a code to the caller's cart; DELETE: take it off. */
  cartCode: definePath('/api/Cart/DiscountCode'),
} as const;

export const discountPages = {
  list: '/dashboard/discount-codes',
  create: '/dashboard/discount-codes/new',
  edit: (id: number) => `/dashboard/discount-codes/${id}`,
} as const;

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * A code as the shop keys it: surrounding spaces dropped, Arabic-Indic digits (٠-٩, ۰-۹) read
 * as Latin digits, upper case. `ramadan٢٠ ` and `RAMADAN20` are the same code.
 */
export function normalizeDiscountCode(raw: string): string {
  return raw
    .trim()
    .replace(ARABIC_INDIC, (d) => String((d.codePointAt(0)! - 0x0660) % 0x90))
    .toUpperCase();
}

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** A code typed by a shopper or an owner. */
export const discountCodeField = z
  .string('DISCOUNT_CODE_INVALID')
  .max(100, 'DISCOUNT_CODE_INVALID')
  .transform(normalizeDiscountCode)
  .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, 'DISCOUNT_CODE_INVALID'));

/** The cart's code form, and the API's body. */
export const applyDiscountCodeSchema = z.object({ code: discountCodeField });

export const discountKinds = ['percent', 'fixed', 'free_shipping'] as const;
export type DiscountKind = (typeof discountKinds)[number];
export const discountScopes = ['order', 'items'] as const;
export const discountStatuses = ['active', 'scheduled', 'expired', 'disabled'] as const;
export type DiscountStatus = (typeof discountStatuses)[number];

/** The code applied to a cart, as the cart shows it: what it takes off now, or why it does not apply. */
export const cartDiscountSchema = z.object({
  code: z.string(),
  kind: z.enum(discountKinds),
  /** False when the cart as it is now does not qualify (the error says why); nothing is taken off. */
  valid: z.boolean(),
  errorCode: z.string().optional(),
  error: z.string().optional(),
  /** SAR taken off the products (VAT included). */
  discount: z.number().nonnegative(),
  /** True when the code waives the shipping fee. */
  freeShipping: z.boolean(),
  /** SAR taken off each line, by `carId` (lines the code does not cover are left out). */
  lines: z.array(z.object({ carId: z.number().int(), discount: z.number().nonnegative() })),
});
export type CartDiscount = z.infer<typeof cartDiscountSchema>;

// ---- back office ----

/** Text from a form or a number from JSON; empty text is "not set". */
const optionalNumberText = z
  .union([z.number(), z.string().trim()])
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : Number(v)));

const optionalLimit = optionalNumberText.pipe(
  z
    .number('DISCOUNT_LIMIT_INVALID')
    .int('DISCOUNT_LIMIT_INVALID')
    .min(1, 'DISCOUNT_LIMIT_INVALID')
    .max(10_000_000, 'DISCOUNT_LIMIT_INVALID')
    .optional(),
);

export const optionalSar = optionalNumberText.pipe(
  z
    .number('DISCOUNT_VALUE_INVALID')
    .refine(
      (v) => v >= 0 && v <= 10_000_000 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'DISCOUNT_VALUE_INVALID',
    )
    .optional(),
);

/**
 * A time in Riyadh as a `datetime-local` field gives it (`2026-11-27T00:00`), or an ISO
 * date-time with its offset; empty is "not set".
 */
export const riyadhTime = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00+03:00` : v;
    const at = new Date(local);
    if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(local) || Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'DISCOUNT_DATES_INVALID' });
      return z.NEVER;
    }
    return at;
  });

/** Ids from a form's repeated checkboxes, a text of ids separated by commas or spaces, or a JSON list. */
export const idList = z
  .union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()])
  .optional()
  .transform((v) =>
    (v === undefined ? [] : Array.isArray(v) ? v : [v])
      .flatMap((x): (string | number)[] => (typeof x === 'string' ? x.split(/[\s,،]+/).filter(Boolean) : [x]))
      .map(Number),
  )
  .pipe(z.array(z.number().int().positive().max(2_147_483_647)).max(500))
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

export const checkbox = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('')])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true');

/** What a code or a promotion covers, as the API takes it: ids of each kind of target. */
export const scopeInputShape = {
  scope: z.enum(discountScopes).default('order'),
  categoryIds: idList,
  brandIds: idList,
  productIds: idList,
  variantIds: idList,
};

/** The same, as the back office shows it. */
export const scopeShape = {
  scope: z.enum(discountScopes),
  categoryIds: z.array(z.number().int()),
  brandIds: z.array(z.number().int()),
  productIds: z.array(z.number().int()),
  variantIds: z.array(z.number().int()),
};

interface Terms {
  kind: string;
  value?: number | undefined;
  startsAt?: Date | undefined;
  endsAt?: Date | undefined;
  scope: string;
  categoryIds: number[];
  brandIds: number[];
  productIds: number[];
  variantIds: number[];
}

/** A code's or a promotion's terms hold together: its value for its kind, its dates in order, a chosen scope not empty. */
export function checkTerms(v: Terms, ctx: z.RefinementCtx): void {
  const value = v.value ?? 0;
  if (v.kind === 'percent' && (value < 1 || value > 100 || !Number.isInteger(value)))
    ctx.addIssue({ code: 'custom', message: 'DISCOUNT_VALUE_INVALID', path: ['value'] });
  if (v.kind === 'fixed' && value <= 0)
    ctx.addIssue({ code: 'custom', message: 'DISCOUNT_VALUE_INVALID', path: ['value'] });
  if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt)
    ctx.addIssue({ code: 'custom', message: 'DISCOUNT_DATES_INVALID', path: ['endsAt'] });
  const targets = v.categoryIds.length + v.brandIds.length + v.productIds.length + v.variantIds.length;
  if (v.scope === 'items' && targets === 0)
    ctx.addIssue({ code: 'custom', message: 'DISCOUNT_SCOPE_EMPTY', path: ['scope'] });
}

/** Create or replace a code (owners). `value`: a percentage for `percent`, SAR for `fixed`. */
export const discountCodeInputSchema = z
  .object({
    code: discountCodeField,
    kind: z.enum(discountKinds),
    value: optionalSar,
    minSubtotal: optionalSar,
    startsAt: riyadhTime,
    endsAt: riyadhTime,
    ...scopeInputShape,
    usageLimit: optionalLimit,
    perCustomerLimit: optionalLimit,
    firstOrderOnly: checkbox,
    enabled: checkbox,
  })
  .superRefine(checkTerms);
export type DiscountCodeInput = z.output<typeof discountCodeInputSchema>;
export type DiscountCodeForm = z.input<typeof discountCodeInputSchema>;

/** A code as the back office shows it. */
export const adminDiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(discountKinds),
  /** Percent for `percent`, SAR for `fixed`, 0 for free shipping. */
  value: z.number(),
  minSubtotal: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  ...scopeShape,
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  enabled: z.boolean(),
  status: z.enum(discountStatuses),
  /** Orders holding a use now (placed and not released). */
  uses: z.number().int(),
  /** SAR: the paid orders placed with the code, less what was refunded of them. */
  sales: z.number(),
  paidOrders: z.number().int(),
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;

export const adminDiscountCodePageSchema = pageOf(adminDiscountCodeSchema);
export type AdminDiscountCodePage = z.infer<typeof adminDiscountCodePageSchema>;
export const adminDiscountCodeOkSchema = okSchema.extend({ item: adminDiscountCodeSchema });

export const discountCodeListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['all', ...discountStatuses]).default('all'),
  page: wholeNumber(1, 100_000).default(1),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(25),
});
export type DiscountCodeListQuery = z.infer<typeof discountCodeListQuery>;
