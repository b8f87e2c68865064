import { paymentMethods } from './payments.ts';
import { z } from './zod.ts';
import { okSchema } from './errors.ts';
import { addressSchema } from './addresses.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { instantQuery, pageOf, wholeNumber } from './admin.ts';

/**
 * The back office's customers (shopper accounts) and its overview of sales, orders and stock.
 * Money is in halalas (integers, VAT included), as the database keeps it.
 */

export const customerSorts = ['name', 'registered', 'orders', 'spent'] as const;
export type CustomerSort = (typeof customerSorts)[number];
export const customerStatuses = ['active', 'deactivated'] as const;
export type CustomerStatus = (typeof customerStatuses)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/** Empty query values (a form's untouched fields) mean "not set". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const customerQuery = z
  .object({
    /** Part of the name, e-mail or phone (a mobile may be typed as 05…). */
    q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    status: z.preprocess(blankToUndefined, z.enum(customerStatuses).optional()),
    /** Registered from this instant (inclusive); a plain date is midnight in Riyadh. */
    from: z.preprocess(blankToUndefined, instantQuery.optional()),
    /** Registered before this instant (exclusive). */
    to: z.preprocess(blankToUndefined, instantQuery.optional()),
    sort: z.preprocess(blankToUndefined, z.enum(customerSorts).default('registered')),
    dir: z.preprocess(blankToUndefined, z.enum(sortDirections).default('desc')),
    page: z.preprocess(blankToUndefined, wholeNumber(1, 100_000).default(1)),
    pageSize: z.preprocess(blankToUndefined, wholeNumber(1, MAX_PAGE_SIZE).default(25)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'DATE_RANGE_INVALID', path: ['from'] });
export type CustomerQuery = z.infer<typeof customerQuery>;

export const customerSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  active: z.boolean(),
  /** Who deactivated the account: the shop (staff can reactivate it) or the shopper; null while active. */
  deactivatedBy: z.enum(['shop', 'shopper']).nullable(),
  registeredAt: z.iso.datetime(),
  /** Paid orders. */
  ordersCount: z.number().int(),
  /** What the paid orders came to, in halalas. */
  spentHalalas: z.number().int(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerPageSchema = pageOf(customerSummarySchema);
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const customerOrderSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  createdAt: z.iso.datetime(),
  /** The order's state, `delivered` once a paid order reached the shopper. */
  status: z.string(),
  totalHalalas: z.number().int(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/** The most orders a customer's page lists (newest first); `ordersTotal` counts them all. */
export const CUSTOMER_ORDERS_SHOWN = 50;

export const customerDetailsSchema = z.object({
  customer: customerSummarySchema,
  addresses: z.array(addressSchema),
  orders: z.array(customerOrderSchema),
  /** Every order the shopper placed, paid or not. */
  ordersTotal: z.number().int(),
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

export const customerIdParams = z.object({ id: z.uuid() });
export const customerActiveSchema = z.object({ active: z.boolean() });
export const customerActiveOkSchema = okSchema.extend({ customer: customerSummarySchema });

/** Paid money over a span of Riyadh days, refunds taken off. */
export const salesFigureSchema = z.object({
  /** The span's first instant (midnight in Riyadh). */
  from: z.iso.datetime(),
  salesHalalas: z.number().int(),
  /** Orders paid in the span. */
  orders: z.number().int(),
});
export type SalesFigure = z.infer<typeof salesFigureSchema>;

/** A variant for sale that is running out (a product without options is its one variant). */
export const lowStockProductSchema = z.object({
  /** The product's id. */
  id: z.number().int(),
  /** The variant's SKU. */
  sku: z.string(),
  /** The product's name and the variant's option values ("iPhone 15 · 256 GB · Blue"), in the request's language. */
  name: z.string(),
  stock: z.number().int(),
});

export const overviewSchema = z.object({
  generatedAt: z.iso.datetime(),
  today: salesFigureSchema,
  last7Days: salesFigureSchema,
  last30Days: salesFigureSchema,
  /** Sales of the last 30 days over the orders paid in them, rounded to the halala; 0 without orders. */
  averageOrderHalalas: z.number().int(),
  /**
   * Paid money net of refunds and paid orders by payment method (card, Tabby, …) over the last
   * 7 and 30 days, in the order of `paymentMethods`; a method with nothing in 30 days is left out.
   */
  salesByMethod: z.array(
    z.object({
      method: z.enum(paymentMethods),
      last7Days: z.object({ salesHalalas: z.number().int(), orders: z.number().int() }),
      last30Days: z.object({ salesHalalas: z.number().int(), orders: z.number().int() }),
    }),
  ),
  /** Orders placed in the last 30 days by their state, largest first. */
  ordersByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  lowStock: z.object({
    /** The `lowStockThreshold` setting: variants for sale with this many units or fewer. */
    threshold: z.number().int(),
    total: z.number().int(),
    /** The fewest first, at most ten. */
    items: z.array(lowStockProductSchema),
  }),
  /**
   * The discount codes and automatic promotions running now, best-selling first (at most ten):
   * the orders paid in the last 7 days placed with each, and their sales less refunds.
   */
  campaigns: z.array(
    z.object({
      kind: z.enum(['code', 'promotion']),
      id: z.number().int(),
      name: z.string(),
      orders: z.number().int(),
      salesHalalas: z.number().int(),
    }),
  ),
  /** The last 30 Riyadh days, oldest first, today last. */
  daily: z.array(
    z.object({
      /** `YYYY-MM-DD` in Riyadh. */
      date: z.string(),
      salesHalalas: z.number().int(),
      orders: z.number().int(),
    }),
  ),
});
export type Overview = z.infer<typeof overviewSchema>;
