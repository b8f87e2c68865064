import { z } from './zod.ts';
import { text } from './text.ts';
import { okSchema } from './errors.ts';
import { MAX_PAGE_SIZE, sarToHalalas } from './constants.ts';
import { definePath } from './paths.ts';
import { pageOf } from './admin.ts';

/**
 * The back office's catalog calls (under `/api/admin`): products with their images, bulk
 * changes, categories and brands (`companies` in the storefront's API). Prices are the
 * VAT-inclusive shelf prices shoppers see, in SAR with at most two decimals; the database keeps
 * halalas. Every input also accepts the text a form posts (`"199.50"`, `"on"`), so the back
 * office's pages check their forms with these same schemas.
 */

export const adminCatalogPaths = {
  products: definePath('/api/admin/products'),
  product: definePath('/api/admin/products/:id'),
  productImages: definePath('/api/admin/products/:id/images'),
  productOptions: definePath('/api/admin/products/:id/options'),
  productVariants: definePath('/api/admin/products/:id/variants'),
  productsBulk: definePath('/api/admin/products/bulk'),
  productPicks: definePath('/api/admin/products/picks'),
  categories: definePath('/api/admin/categories'),
  category: definePath('/api/admin/categories/:id'),
  categoriesOrder: definePath('/api/admin/categories/order'),
  brands: definePath('/api/admin/brands'),
  brand: definePath('/api/admin/brands/:id'),
  brandsOrder: definePath('/api/admin/brands/order'),
  categorySpecs: definePath('/api/admin/categories/:id/specs'),
  spec: definePath('/api/admin/specs/:id'),
  specMove: definePath('/api/admin/specs/:id/move'),
  productSpecs: definePath('/api/admin/products/:id/specs'),
} as const;

/** A product whose stock is at most this many units counts as low on stock. */
export const LOW_STOCK_UNITS = 5;
/** Images one product may have: its main image and the extra ones. */
export const MAX_PRODUCT_IMAGES = 10;
/** A bulk action changes at most this many products at once. */
export const MAX_BULK_PRODUCTS = 500;
/** Bulk price changes: from −90 % to +500 %, at most two decimals. */
export const BULK_PERCENT_MIN = -90;
export const BULK_PERCENT_MAX = 500;

// ---- input fields: JSON values or the text a form posts ----

const SAR_TEXT = /^[0-9]{1,7}(\.[0-9]{1,2})?$/;

/** A VAT-inclusive price in SAR (at most two decimals), read as halalas. */
const sarField = z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v;
  if (!SAR_TEXT.test(text)) {
    ctx.addIssue({ code: 'custom', message: 'PRICE_INVALID' });
    return z.NEVER;
  }
  return sarToHalalas(Number(text));
});

/** An optional price: empty or absent is none. */
const optionalSarField = z
  .union([z.literal(''), z.null(), sarField])
  .optional()
  .transform((v) => (v === '' || v === null || v === undefined ? null : v));

const wholeField = (min: number, max: number, message: string) =>
  z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^-?[0-9]{1,9}$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/** A checkbox: absent or unticked is false. */
const checkboxField = z
  .union([z.boolean(), z.enum(['on', 'true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true' || v === '1');

/**
 * An optional instant: an ISO date-time with its offset, or a form's `YYYY-MM-DDTHH:mm` read in
 * Riyadh time (UTC+03:00, no daylight saving). Empty or absent is none.
 */
const optionalInstantField = z
  .union([z.string().trim(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v) ? `${v}+03:00` : v;
    const date = new Date(local);
    if (!/[zZ]|[+-]\d{2}:\d{2}$/.test(local) || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'DATE_INVALID' });
      return z.NEVER;
    }
    return date.toISOString();
  });

const nameField = text().trim().min(1, 'CATALOG_NAME_REQUIRED').max(200, 'CATALOG_NAME_TOO_LONG');
const descriptionField = text({ multiline: true })
  .trim()
  .max(10_000, 'DESCRIPTION_TOO_LONG')
  .optional()
  .default('');

export const productInputSchema = z
  .object({
    sku: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9._-]{1,64})?$/, 'SKU_INVALID')
      .optional()
      .transform((v) => v || undefined),
    nameAr: nameField,
    nameEn: nameField,
    descriptionAr: descriptionField,
    descriptionEn: descriptionField,
    price: sarField,
    offerPrice: optionalSarField,
    offerStartsAt: optionalInstantField,
    offerEndsAt: optionalInstantField,
    stock: wholeField(0, 1_000_000, 'STOCK_INVALID'),
    categoryId: wholeField(1, 2_147_483_647, 'CATEGORY_REQUIRED'),
    brandId: wholeField(1, 2_147_483_647, 'BRAND_REQUIRED'),
    featured: checkboxField,
    hidden: checkboxField,
  })
  .superRefine((p, ctx) => {
    if (p.offerPrice !== null && p.offerPrice >= p.price)
      ctx.addIssue({ code: 'custom', message: 'OFFER_NOT_BELOW_PRICE', path: ['offerPrice'] });
    if (p.offerStartsAt && p.offerEndsAt && p.offerEndsAt <= p.offerStartsAt)
      ctx.addIssue({ code: 'custom', message: 'OFFER_DATES_INVALID', path: ['offerEndsAt'] });
  });
export type ProductInput = z.output<typeof productInputSchema>;

/** An edit carries the version it was made from: an older one is refused (409). */
export const productUpdateSchema = productInputSchema.and(
  z.object({ version: wholeField(1, 2_147_483_647, 'PRODUCT_VERSION_CONFLICT') }),
);
export type ProductUpdate = z.output<typeof productUpdateSchema>;

export const adminIdParams = z.object({
  id: z
    .string()
    .regex(/^[0-9]{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(1)),
});

export const productStockFilters = ['in', 'out', 'low'] as const;
export const productVisibilityFilters = ['all', 'visible', 'hidden'] as const;
export const productSorts = [
  'newest',
  'oldest',
  'name',
  'price_asc',
  'price_desc',
  'stock_asc',
  'stock_desc',
] as const;
export type ProductSort = (typeof productSorts)[number];

const queryId = z
  .string()
  .regex(/^[0-9]{0,9}$/)
  .optional()
  .transform((v) => (v ? Number(v) : undefined));

export const adminProductsQuery = z.object({
  /** Words of the name, the brand or the category, in Arabic or English (the storefront's search). */
  q: z.string().trim().max(200).optional(),
  categoryId: queryId,
  brandId: queryId,
  stock: z.enum(productStockFilters).or(z.literal('')).optional(),
  offer: z.enum(['true', '']).optional(),
  visibility: z.enum(productVisibilityFilters).optional().default('all'),
  sort: z.enum(productSorts).optional().default('newest'),
  page: z
    .string()
    .regex(/^[0-9]{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1))
    .optional()
    .default(1),
  pageSize: z
    .string()
    .regex(/^[0-9]{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_PAGE_SIZE))
    .optional()
    .default(20),
});
export type AdminProductsQuery = z.output<typeof adminProductsQuery>;

/** A product as the back office shows and edits it. */
/** A product has at most this many options (storage, colour, RAM). */
export const MAX_PRODUCT_OPTIONS = 3;
/** An option has at most this many values. */
export const MAX_OPTION_VALUES = 30;
/** A product has at most this many variants (every combination of its options' values). */
export const MAX_PRODUCT_VARIANTS = 250;

export const adminOptionSchema = z.object({
  id: z.number().int(),
  nameAr: z.string(),
  nameEn: z.string(),
  kind: z.enum(['text', 'colour']),
  values: z.array(
    z.object({ id: z.number().int(), nameAr: z.string(), nameEn: z.string(), swatch: z.string().nullable() }),
  ),
});

export const adminVariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  barcode: z.string().nullable(),
  /** The variant's value of each option, in the options' order. */
  valueIds: z.array(z.number().int().nullable()),
  /** SAR, VAT included. */
  price: z.number(),
  /** The planned offer (SAR); live while the product's offer dates hold. */
  offerPrice: z.number().nullable(),
  stock: z.number().int(),
  /** One of the product's images; null to show the product's main image. */
  image: z.string().nullable(),
  hidden: z.boolean(),
  /** Named by an order: hidden instead of deleted when its combination goes. */
  ordered: z.boolean(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

/** Words of a product's name (Arabic or English) or the start of a SKU, for a discount's scope. */
export const adminProductPicksQuery = z.object({ q: z.string().trim().min(1).max(200) });

/** A product as a discount's scope offers it: to choose whole, or one of its variants. */
export const adminProductPickSchema = z.object({
  id: z.number().int(),
  nameAr: z.string(),
  nameEn: z.string(),
  /** The main image; null without one. */
  image: z.string().nullable(),
  /** SAR, VAT included. */
  price: z.number(),
  variants: z.array(
    z.object({
      id: z.number().int(),
      sku: z.string(),
      /** The variant's option values, in the options' order (`256 GB / Black`); empty without options. */
      valuesAr: z.string(),
      valuesEn: z.string(),
    }),
  ),
});
export type AdminProductPick = z.infer<typeof adminProductPickSchema>;
export const adminProductPicksSchema = z.object({ items: z.array(adminProductPickSchema) });

/** A product as the back office's list shows it. */
export const adminProductRowSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  descriptionAr: z.string(),
  descriptionEn: z.string(),
  /** SAR, VAT included. */
  price: z.number(),
  /** The planned offer (SAR), shown to shoppers while its dates hold; null without one. */
  offerPrice: z.number().nullable(),
  offerStartsAt: z.iso.datetime().nullable(),
  offerEndsAt: z.iso.datetime().nullable(),
  /** The offer shoppers see now. */
  offerLive: z.boolean(),
  stock: z.number().int(),
  categoryId: z.number().int(),
  categoryNameAr: z.string(),
  categoryNameEn: z.string(),
  brandId: z.number().int(),
  brandNameAr: z.string(),
  brandNameEn: z.string(),
  featured: z.boolean(),
  hidden: z.boolean(),
  /** The main image first, then the extra ones, in the storefront's order. */
  images: z.array(z.string()),
  unitsSold: z.number().int(),
  /** Sent back with an edit. */
  version: z.number().int(),
  updatedAt: z.iso.datetime(),
  /** Variants for sale: more than one for a product sold by options. */
  variantCount: z.number().int(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

/** A product as the back office edits it. */
export const adminProductSchema = adminProductRowSchema.extend({
  /** Its options (none for a product sold without them) and all its variants, hidden ones too. */
  options: z.array(adminOptionSchema),
  variants: z.array(adminVariantSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const SWATCH = /^#[0-9a-fA-F]{6}$/;
const optionValueInput = z.object({
  nameAr: nameField,
  nameEn: nameField,
  swatch: z
    .union([z.literal(''), z.null(), z.string().trim().regex(SWATCH, 'SWATCH_INVALID')])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
});

/**
 * A product's options, replacing the ones it has: values are kept (with their variants) when
 * an option at the same place keeps a value of the same English name. Every combination that
 * no variant has yet gets a new variant (the default variant's price, no stock); a variant whose
 * value is removed is deleted, or hidden when an order names it. No options: one variant.
 */
export const productOptionsSchema = z
  .object({
    version: wholeField(1, 2_147_483_647, 'PRODUCT_VERSION_CONFLICT'),
    options: z
      .array(
        z.object({
          nameAr: nameField,
          nameEn: nameField,
          kind: z.enum(['text', 'colour']).optional().default('text'),
          values: z
            .array(optionValueInput)
            .min(1, 'OPTION_VALUES_REQUIRED')
            .max(MAX_OPTION_VALUES, 'OPTION_VALUES_TOO_MANY'),
        }),
      )
      .max(MAX_PRODUCT_OPTIONS, 'OPTIONS_TOO_MANY'),
  })
  .superRefine((input, ctx) => {
    const names = new Set<string>();
    input.options.forEach((option, i) => {
      const name = option.nameEn.toLowerCase();
      if (names.has(name))
        ctx.addIssue({ code: 'custom', message: 'OPTION_NAME_DUPLICATE', path: ['options', i, 'nameEn'] });
      names.add(name);
      const values = new Set<string>();
      option.values.forEach((value, j) => {
        const key = value.nameEn.toLowerCase();
        if (values.has(key))
          ctx.addIssue({
            code: 'custom',
            message: 'OPTION_VALUE_DUPLICATE',
            path: ['options', i, 'values', j, 'nameEn'],
          });
        values.add(key);
      });
    });
    const combinations = input.options.reduce((n, o) => n * o.values.length, 1);
    if (combinations > MAX_PRODUCT_VARIANTS)
      ctx.addIssue({ code: 'custom', message: 'VARIANTS_TOO_MANY', path: ['options'] });
  });
export type ProductOptionsInput = z.output<typeof productOptionsSchema>;

/** The variants grid: every row saved at once, from the product's version. */
export const productVariantsSchema = z.object({
  version: wholeField(1, 2_147_483_647, 'PRODUCT_VERSION_CONFLICT'),
  variants: z
    .array(
      z
        .object({
          id: wholeField(1, 2_147_483_647, 'VARIANT_NOT_FOUND'),
          sku: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9._-]{1,64}$/, 'SKU_INVALID'),
          barcode: z
            .union([
              z.literal(''),
              z.null(),
              z
                .string()
                .trim()
                .regex(/^[0-9]{8,14}$/, 'BARCODE_INVALID'),
            ])
            .optional()
            .transform((v) => v || null),
          price: sarField,
          offerPrice: optionalSarField,
          stock: wholeField(0, 1_000_000, 'STOCK_INVALID'),
          image: z
            .union([z.literal(''), z.null(), z.string().max(500)])
            .optional()
            .transform((v) => v || null),
          hidden: checkboxField,
        })
        .superRefine((v, ctx) => {
          if (v.offerPrice !== null && v.offerPrice >= v.price)
            ctx.addIssue({ code: 'custom', message: 'OFFER_NOT_BELOW_PRICE', path: ['offerPrice'] });
        }),
    )
    .min(1)
    .max(MAX_PRODUCT_VARIANTS),
});
export type ProductVariantsInput = z.output<typeof productVariantsSchema>;

export const adminProductPageSchema = pageOf(adminProductRowSchema);
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

export const adminProductOkSchema = okSchema.extend({ product: adminProductSchema });

export const productDeleteAnswerSchema = okSchema.extend({
  /** `hidden`: the product is in orders, so it was hidden instead of deleted. */
  outcome: z.enum(['deleted', 'hidden']),
});

/** The product's images in their new order; an image left out is removed. */
export const productImagesOrderSchema = z.object({
  images: z.array(z.string().max(300)).min(1, 'PRODUCT_LAST_IMAGE').max(MAX_PRODUCT_IMAGES),
  version: wholeField(1, 2_147_483_647, 'PRODUCT_VERSION_CONFLICT'),
});

export type ProductImagesOrder = z.output<typeof productImagesOrderSchema>;

/** The multipart upload's text field (the file part is `image`). */
export const productImageUploadSchema = z.object({
  version: wholeField(1, 2_147_483_647, 'PRODUCT_VERSION_CONFLICT'),
});
export type ProductImageUpload = z.output<typeof productImageUploadSchema>;

export const bulkActions = ['price_percent', 'set_stock', 'publish', 'hide'] as const;
export type BulkAction = (typeof bulkActions)[number];

const idList = z
  .union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()])
  .optional()
  .transform((v, ctx) => {
    const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
    const ids = [...new Set(list.map((x) => Number(x)))];
    if (ids.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'BULK_SELECTION_REQUIRED' });
      return z.NEVER;
    }
    if (
      ids.length > MAX_BULK_PRODUCTS ||
      ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647)
    ) {
      ctx.addIssue({ code: 'custom', message: 'VALIDATION_FAILED' });
      return z.NEVER;
    }
    return ids;
  });

const percentField = z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.replace('−', '-');
  const n = /^[-+]?[0-9]{1,3}(\.[0-9]{1,2})?$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n) || n < BULK_PERCENT_MIN || n > BULK_PERCENT_MAX || n === 0) {
    ctx.addIssue({ code: 'custom', message: 'BULK_PERCENT_INVALID' });
    return z.NEVER;
  }
  return n;
});

export const productsBulkSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('price_percent'), ids: idList, percent: percentField }),
  z.object({ action: z.literal('set_stock'), ids: idList, stock: wholeField(0, 1_000_000, 'STOCK_INVALID') }),
  z.object({ action: z.literal('publish'), ids: idList }),
  z.object({ action: z.literal('hide'), ids: idList }),
]);
export type ProductsBulk = z.output<typeof productsBulkSchema>;

export const productsBulkAnswerSchema = okSchema.extend({ updated: z.number().int() });

// ---- categories and brands ----

/** A category or a brand as the back office shows it. */
export const adminGroupSchema = z.object({
  id: z.number().int(),
  nameAr: z.string(),
  nameEn: z.string(),
  image: z.string(),
  sort: z.number().int(),
  /** Products that use it, hidden ones included. */
  productCount: z.number().int(),
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;

export const adminGroupListSchema = z.object({ items: z.array(adminGroupSchema) });
export const adminGroupOkSchema = okSchema.extend({ item: adminGroupSchema });

/** Create or edit: names, and (multipart) an optional `image` file part. */
export const groupInputSchema = z.object({ nameAr: nameField, nameEn: nameField });
export type GroupInput = z.output<typeof groupInputSchema>;

/** Every id of the list, in the new order. */
export const groupOrderSchema = z.object({
  ids: z.array(z.number().int().min(1)).min(1).max(10_000),
});
