import { z } from './zod.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { langQuery } from './common.ts';
import { adminOrderRefParams } from './admin-orders.ts';
import { definePath } from './paths.ts';

/**
 * ZATCA phase 2 e-invoices in the back office: the signed invoices and credit notes the shop
 * issued, their reporting status at Fatoora, the signed XML (for accountants' tools, by UUID),
 * sending one again, and onboarding a signing unit (owners).
 */

export const einvoicePaths = {
  list: definePath('/api/admin/einvoices'),
  ofOrder: definePath('/api/admin/einvoices/orders/:ref'),
  xml: definePath('/api/admin/einvoices/:uuid/xml'),
  report: definePath('/api/admin/einvoices/:uuid/report'),
  unit: definePath('/api/admin/einvoices/unit'),
  onboard: definePath('/api/admin/einvoices/unit/onboard'),
} as const;

export const einvoiceStatuses = ['queued', 'reported', 'reported_with_warnings', 'rejected'] as const;
export type EinvoiceStatus = (typeof einvoiceStatuses)[number];

const pageNumber = (max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

export const einvoiceListQuery = z.object({
  status: z.enum(einvoiceStatuses).optional(),
  page: pageNumber(100_000).default(1),
  pageSize: pageNumber(MAX_PAGE_SIZE).default(25),
  lang: langQuery,
});
export type EinvoiceListQuery = z.infer<typeof einvoiceListQuery>;

export const einvoiceUuidParams = z.object({ uuid: z.uuid() });
export const einvoiceOrderParams = adminOrderRefParams;

export const einvoiceMessageSchema = z.object({
  type: z.string().optional(),
  code: z.string(),
  category: z.string().optional(),
  message: z.string(),
  status: z.string().optional(),
});

export const einvoiceDocumentSchema = z.object({
  uuid: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.number().int(),
  refundId: z.uuid().nullable(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  icv: z.number().int(),
  hash: z.string(),
  issuedAt: z.string(),
  status: z.enum(einvoiceStatuses),
  /** The status in the request's language. */
  statusLabel: z.string(),
  messages: z.array(einvoiceMessageSchema),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  reportedAt: z.string().nullable(),
  /** Where its signed XML is downloaded. */
  xmlUrl: z.string(),
});
export type EinvoiceDocument = z.infer<typeof einvoiceDocumentSchema>;

export const einvoiceListSchema = z.object({
  documents: z.array(einvoiceDocumentSchema),
  page: z.number().int(),
  pageCount: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type EinvoiceList = z.infer<typeof einvoiceListSchema>;

export const orderEinvoicesSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.number().int(),
  documents: z.array(einvoiceDocumentSchema),
});
export type OrderEinvoices = z.infer<typeof orderEinvoicesSchema>;

export const einvoiceUnitSchema = z.object({
  /** False until an owner onboards a signing unit: nothing is issued until then. */
  onboarded: z.boolean(),
  environment: z.string().nullable(),
  commonName: z.string().nullable(),
  serialNumber: z.string().nullable(),
  certificateExpiresAt: z.string().nullable(),
  /** The certificate expires within a month (or has expired). */
  certificateExpiring: z.boolean(),
  /** Documents issued and not reported for more than 20 hours. */
  overdue: z.number().int().nonnegative(),
  /** The last counter given (the chain's length). */
  icv: z.number().int().nonnegative(),
  /**
   * The onboarding form's first values, by field name: the connected unit's seller, else the
   * legal name, VAT number and commercial registration of the shop's settings.
   */
  sellerDefaults: z.record(z.string(), z.string()),
});
export type EinvoiceUnit = z.infer<typeof einvoiceUnitSchema>;

const digits = (n: number, code: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9]{${n}}$`), code);
const required = z.string().trim().min(1, 'EINVOICE_FIELD_REQUIRED').max(200);

/** What the owner types on the onboarding page; the OTP comes from the Fatoora portal. */
export const einvoiceOnboardBodySchema = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'EINVOICE_OTP_INVALID'),
  legalName: required,
  vatNumber: z
    .string()
    .trim()
    .regex(/^3[0-9]{13}3$/, 'EINVOICE_VAT_INVALID'),
  commercialRegister: z
    .string()
    .trim()
    .regex(/^[0-9]{10}$/, 'EINVOICE_CRN_INVALID'),
  branch: required,
  businessCategory: required,
  street: required,
  buildingNumber: digits(4, 'EINVOICE_BUILDING_INVALID'),
  additionalNumber: z
    .string()
    .trim()
    .regex(/^([0-9]{4})?$/, 'EINVOICE_BUILDING_INVALID')
    .optional(),
  district: required,
  city: required,
  postalCode: digits(5, 'EINVOICE_POSTAL_INVALID'),
});
export type EinvoiceOnboardBody = z.infer<typeof einvoiceOnboardBodySchema>;

export const einvoiceOnboardAnswerSchema = z.object({
  success: z.literal(true),
  code: z.string(),
  message: z.string(),
  unit: einvoiceUnitSchema,
});
