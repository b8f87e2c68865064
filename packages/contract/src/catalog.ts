import { z } from './zod.ts';
import { text } from './text.ts';
import { idParam, langQuery, pagingParams, pagingSchema, sarQueryValue } from './common.ts';
import { paymentMethods } from './payments.ts';
import { FACET_KEY_PATTERN, MAX_FACET_KEY_LENGTH, MAX_FACET_KEYS } from './constants.ts';

/** Image paths are relative to the API base, as the API has always answered them (`/uploads/products/x.webp`). */
const imagePath = z.string();

export const categorySchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  categoryImage: imagePath,
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

export const companySchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  companyImage: imagePath,
});
export type Company = z.infer<typeof companySchema>;
export const companyListSchema = z.array(companySchema);

export const productImageSchema = z.object({ productImage: imagePath });

/** A promotion as a product, a variant or a cart line shows it while it runs. */
export const shownPromotionSchema = z.object({
  /** Its name in the request's language. */
  name: z.string(),
  /** When it ends (ISO instant); shown in the shopper's language and Riyadh time. */
  endsAt: z.string(),
});
export type ShownPromotion = z.infer<typeof shownPromotionSchema>;

export const productSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productImage: imagePath,
  /** SAR, VAT included. */
  productPrice: z.number().nonnegative(),
  /** SAR, present only when the product is on offer (or under a promotion: then its promoted price). */
  productPriceAfterOffer: z.number().nonnegative().optional(),
  /** The automatic promotion that makes `productPriceAfterOffer` now, when one does. */
  promotion: shownPromotionSchema.optional(),
  productDescripition: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  /** Units that can be bought now (our addition: the original shop showed only a label). */
  productStock: z.number().int().nonnegative(),
  /**
   * Sold by options (storage, colour): how many variants are for sale, present only when more
   * than one. Then `productPrice` is the default (first) variant's, and `productPriceFrom` the
   * lowest a shopper pays for any of them when they differ.
   */
  variantCount: z.number().int().optional(),
  productPriceFrom: z.number().nonnegative().optional(),
  /** The colours it comes in, for a card's swatches (#rrggbb, or none for a named colour only). */
  swatches: z.array(z.object({ name: z.string(), colour: z.string().optional() })).optional(),
  /** Its approved reviews: their average (one decimal) and how many; present only once rated. */
  rating: z.object({ average: z.number().min(1).max(5), count: z.number().int().positive() }).optional(),
});
export type Product = z.infer<typeof productSchema>;
/** The home lists (featured, new, offers) and related products: at most 10 each. */
export const productListSchema = z.array(productSchema);

export const productOptionSchema = z.object({
  optionId: z.number().int(),
  name: z.string(),
  /** A colour option's values have swatches. */
  kind: z.enum(['text', 'colour']),
  values: z.array(z.object({ valueId: z.number().int(), name: z.string(), swatch: z.string().optional() })),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/** One combination of option values, as it is sold. */
export const productVariantSchema = z.object({
  variantId: z.number().int(),
  sku: z.string(),
  barcode: z.string().optional(),
  /** The variant's value of each option, in the options' order (empty without options). */
  valueIds: z.array(z.number().int()),
  /** SAR, VAT included. */
  price: z.number().nonnegative(),
  priceAfterOffer: z.number().nonnegative().optional(),
  /** The automatic promotion that makes `priceAfterOffer` now, when one does. */
  promotion: shownPromotionSchema.optional(),
  stock: z.number().int().nonnegative(),
  /** Its own image; absent to show the product's. */
  image: imagePath.optional(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** One filled specification of a product, in the request's language. */
export const productSpecSchema = z.object({
  specId: z.number().int(),
  specName: z.string(),
  /** The value as shown: a number in Latin digits, a choice, or text. */
  specValue: z.string(),
  /** Shown after the value; empty when the attribute has none. */
  specUnit: z.string(),
});
export type ProductSpec = z.infer<typeof productSpecSchema>;

export const productDetailsSchema = productSchema.extend({
  productImages: z.array(productImageSchema),
  /** The filled specifications of the product's category, in the category's order. */
  productSpecs: z.array(productSpecSchema),
  /** Up to three options, in order; empty for a product without options. */
  options: z.array(productOptionSchema),
  /** The variants for sale, the default (first) one first; one for a product without options. */
  variants: z.array(productVariantSchema),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;

/** A facet value's key (FACET_KEY_PATTERN). */
export const facetKey = z.string().max(MAX_FACET_KEY_LENGTH).regex(FACET_KEY_PATTERN, 'FACET_INVALID');

export const facetValueSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** Products (not variants) of the result with this value, with the other groups' choices applied. */
  count: z.number().int(),
  selected: z.boolean(),
  /** A colour's swatch (#rrggbb), else null. */
  swatch: z.string().nullable(),
});
export type FacetValue = z.infer<typeof facetValueSchema>;

export const facetGroupSchema = z.object({
  group: z.string(),
  kind: z.enum(['brand', 'option', 'spec']),
  /** The option's or specification's name; empty for makers (the page names that group). */
  name: z.string(),
  values: z.array(facetValueSchema),
});
export type FacetGroup = z.infer<typeof facetGroupSchema>;

/** What a listing or search can be narrowed by, counted on its current result. */
export const facetsSchema = z.object({
  groups: z.array(facetGroupSchema),
  /** Products in stock, with every other choice applied. */
  inStock: z.object({ count: z.number().int(), selected: z.boolean() }),
  /** The lowest and highest price a shopper pays (SAR) with every choice but price applied. */
  price: z.object({ min: z.number(), max: z.number() }).nullable(),
});
export type Facets = z.infer<typeof facetsSchema>;

export const pagedProductsSchema = z.object({
  products: z.array(productSchema),
  pagging: pagingSchema,
  /** Only when asked for (`withFacets=true`; the shop's listing pages always ask). */
  facets: facetsSchema.optional(),
  /**
   * Present on a search answer when no product matched every word of the query: the products
   * are the best partial matches, and `matched` lists the query's words they match, as typed.
   */
  partial: z.object({ matched: z.array(z.string()) }).optional(),
});
export type PagedProducts = z.infer<typeof pagedProductsSchema>;

export const agentSchema = z.object({
  agentId: z.number().int(),
  agentName: z.string(),
  agentCompany: z.string(),
  agentPhone: z.string(),
  agentImage: imagePath,
});
export type Agent = z.infer<typeof agentSchema>;
export const agentListSchema = z.array(agentSchema);

export const sliderSchema = z.object({
  sliderId: z.number().int(),
  /** The slide's image in the request's language. */
  sliderImage: imagePath,
  /** Where the slide leads (a shop path or an https address), when it leads anywhere. */
  sliderLink: z.string().optional(),
});
export type Slider = z.infer<typeof sliderSchema>;
export const sliderListSchema = z.array(sliderSchema);

export const aboutUsSchema = z.object({ aboutUsDescripition: z.string() });
export const refundPolicySchema = z.object({ refundPolicyDescripition: z.string() });
export const termsSchema = z.object({ termsAndConditionsDescripition: z.string() });

export const socialLinksSchema = z.object({
  x: z.string().optional(),
  instagram: z.string().optional(),
  snapchat: z.string().optional(),
  tiktok: z.string().optional(),
  whatsapp: z.string().optional(),
});

export const settingsSchema = z.object({
  data: z.object({
    primaryColor: z.string(),
    showAddressDetails: z.boolean(),
    /**
     * Orders are delivered only to an address with its national address's short address: the
     * checkout asks to complete an address without one (on unless the owner turns it off).
     */
    nationalAddressRequired: z.boolean(),
    /** SAR, VAT included. */
    shippingFee: z.number().nonnegative(),
    phones: z.array(z.string()).max(3),
    email: z.string(),
    taxNumber: z.string(),
    commercialRegister: z.string(),
    sellerName: z.string(),
    address: z.string(),
    /** One truth for both languages: days and 24-hour times. */
    openingHours: z.object({
      days: z.array(z.enum(['sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri'])),
      opens: z.string().regex(/^\d{2}:\d{2}$/),
      closes: z.string().regex(/^\d{2}:\d{2}$/),
    }),
    deliveryDays: z.number().int().positive(),
    returnHours: z.number().int().positive(),
    socialLinks: socialLinksSchema,
    /** true when card payments are simulated (no real provider configured). */
    paymentSandbox: z.boolean(),
    /** The payment methods shoppers are offered: switched on by the owner, with their keys set. */
    paymentMethods: z.array(z.enum(paymentMethods)),
    /** SAR, VAT included: orders whose goods cost at least this ship free (absent: never). */
    freeShippingFrom: z.number().nonnegative().optional(),
  }),
});
export type Settings = z.infer<typeof settingsSchema>['data'];

// ---- requests ----

export const langOnlyQuery = z.object({ lang: langQuery });

export const productIdParams = z.object({ id: idParam });

export const productsPagedParams = pagingParams;

/** A price filter's bounds, when both are given, are in order (a reversed range is refused). */
const priceRangeInOrder = (q: { startprice?: number; finishprice?: number }) =>
  q.startprice === undefined || q.finishprice === undefined || q.startprice <= q.finishprice;
const priceRangeRefusal = { message: 'startprice must not be above finishprice', path: ['finishprice'] };

/** Facet choices in a query string: `facet` repeated (or once), `inStock`, `withFacets`. */
const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const facetChoices = {
  facet: z
    .union([facetKey, z.array(facetKey).max(MAX_FACET_KEYS)])
    .optional()
    .transform((v) => (v === undefined ? [] : typeof v === 'string' ? [v] : [...new Set(v)])),
  inStock: queryFlag,
  withFacets: queryFlag,
};

/**
 * How a listing is ordered: the catalog's order (`default`, as the products were placed), or
 * `rating`: the best rated first (the highest average of approved reviews, then the most of
 * them), products without a review last.
 */
export const listingSorts = ['default', 'rating'] as const;
export type ListingSort = (typeof listingSorts)[number];

export const productsPagedQuery = z
  .object({
    lang: langQuery,
    sort: z.enum(listingSorts).optional(),
    categoryId: idParam.optional(),
    companyId: idParam.optional(),
    startprice: sarQueryValue.optional(),
    finishprice: sarQueryValue.optional(),
    ...facetChoices,
  })
  .refine(priceRangeInOrder, priceRangeRefusal);
export type ProductsPagedQuery = z.infer<typeof productsPagedQuery>;

export const productSearchBody = z.object({
  productName: text().trim().max(100),
});
export type ProductSearchBody = z.infer<typeof productSearchBody>;

export const productSearchQuery = z
  .object({
    lang: langQuery,
    startprice: sarQueryValue.optional(),
    finishprice: sarQueryValue.optional(),
    ...facetChoices,
  })
  .refine(priceRangeInOrder, priceRangeRefusal);
