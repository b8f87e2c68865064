import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sluggedNames, timestamps } from '../../db/columns.ts';

export const categories = pgTable('categories', {
  ...sluggedNames(),
  image: text('image').notNull(),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const companies = pgTable(
  'companies',
  {
    ...sluggedNames(),
    image: text('image').notNull(),
    sort: integer('sort').notNull().default(0),
    /** ar_norm() of both names, for search (migration 0000 defines ar_norm). */
    searchNorm: text('search_norm').generatedAlwaysAs(sql`ar_norm(name_ar || ' ' || name_en)`),
    ...timestamps,
  },
  (t) => [index('companies_search_trgm').using('gin', sql`${t.searchNorm} gin_trgm_ops`)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** VAT-inclusive price in halalas. */
    priceHalalas: integer('price_halalas').notNull(),
    /** VAT-inclusive offer price in halalas; null when not on offer. */
    offerPriceHalalas: integer('offer_price_halalas'),
    /** Units on hand that are not reserved by an unpaid order. */
    stock: integer('stock').notNull().default(0),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    image: text('image').notNull(),
    featured: boolean('featured').notNull().default(false),
    unitsSold: integer('units_sold').notNull().default(0),
    searchNorm: text('search_norm').generatedAlwaysAs(sql`ar_norm(name_ar || ' ' || name_en)`),
    /** What a shopper pays per unit: the offer price when there is one. */
    effectivePriceHalalas: integer('effective_price_halalas').generatedAlwaysAs(
      sql`coalesce(offer_price_halalas, price_halalas)`,
    ),
    /** The share of the price an offer takes off; null when not on offer. */
    offerShare: doublePrecision('offer_share').generatedAlwaysAs(
      sql`(price_halalas - offer_price_halalas)::float8 / nullif(price_halalas, 0)`,
    ),
    /**
     * ar_norm() of the product's, its maker's and its category's names, between spaces; kept by
     * the triggers of migration 0003 (a generated column cannot read other tables).
     */
    searchDoc: text('search_doc').notNull().default(''),
    /**
     * The product's specification values with their units, in both languages, written by the
     * catalog module (specs.ts) whenever they change; part of `search_doc` (migration 0017).
     */
    specSearch: text('spec_search').notNull().default(''),
    // Back-office catalog (migration 0010): hiding, versions, offer dates.
    /** Kept for the orders that name it, but shown to shoppers nowhere. */
    hidden: boolean('hidden').notNull().default(false),
    /** Bumped by every change; a save made from an older version is refused. */
    version: integer('version').notNull().default(1),
    /** The offer as planned in the back office; `offerPriceHalalas` holds it while its dates hold. */
    offerPlannedHalalas: integer('offer_planned_halalas'),
    offerStartsAt: timestamp('offer_starts_at', { withTimezone: true }),
    offerEndsAt: timestamp('offer_ends_at', { withTimezone: true }),
    // Options and variants (migration 0016). The price, offer, planned offer and stock columns
    // above are kept from the visible variants by the triggers of that migration (the default
    // variant's prices, the stock of all); so are these. Only variants are written.
    /** The lowest price a shopper pays for a visible variant: a card's "from" price. */
    fromPriceHalalas: integer('from_price_halalas'),
    /** Visible variants: more than one means the shopper picks options. */
    variantCount: integer('variant_count').notNull().default(1),
    /** The option and value names in both languages, for the search text. */
    optionText: text('option_text').notNull().default(''),
    /** The colour option's values, for listing cards. */
    swatches: jsonb('swatches').$type<Swatch[]>().notNull().default([]),
    // Facets (migration 0018, facets.ts): "o-<option>:<value>" keys kept by the option triggers,
    // "s<attribute>:<value>" keys written with `spec_search`, and both together (the shelves in
    // memory read them: listing-index.ts).
    optionFacets: text('option_facets')
      .array()
      .notNull()
      .default(sql`'{}'`),
    specFacets: text('spec_facets')
      .array()
      .notNull()
      .default(sql`'{}'`),
    facetKeys: text('facet_keys')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`option_facets || spec_facets`),
    ...timestamps,
  },
  (t) => [
    // The three listing indexes also INCLUDE the other filter columns and the effective price
    // (migration 0003), which drizzle cannot express, so that filtered pages are index-only.
    // They and the price index hold visible products only (migration 0010).
    index('products_listing')
      .on(t.id)
      .where(sql`not ${t.hidden}`),
    index('products_listing_category')
      .on(t.categoryId, t.id)
      .where(sql`not ${t.hidden}`),
    index('products_listing_company')
      .on(t.companyId, t.id)
      .where(sql`not ${t.hidden}`),
    index('products_price')
      .on(t.effectivePriceHalalas, t.id)
      .where(sql`not ${t.hidden}`),
    index('products_best_sellers')
      .on(t.unitsSold.desc(), t.featured.desc(), t.updatedAt.desc(), t.id)
      .where(sql`${t.unitsSold} > 0 or ${t.featured}`),
    index('products_newest').on(t.updatedAt.desc(), t.id.desc()),
    index('products_offers')
      .on(t.offerShare.desc().nullsLast(), t.id)
      .where(sql`${t.offerPriceHalalas} is not null`),
    index('products_related').on(t.categoryId, t.unitsSold.desc(), t.featured.desc(), t.id),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_price_nonnegative', sql`${t.priceHalalas} >= 0`),
    index('products_offer_schedule')
      .on(t.id)
      .where(sql`${t.offerPlannedHalalas} is not null`),
    check(
      'products_offer_planned_below_price',
      sql`${t.offerPlannedHalalas} is null or (${t.offerPlannedHalalas} >= 0 and ${t.offerPlannedHalalas} < ${t.priceHalalas})`,
    ),
    check(
      'products_offer_below_price',
      sql`${t.offerPriceHalalas} is null or (${t.offerPriceHalalas} >= 0 and ${t.offerPriceHalalas} < ${t.priceHalalas})`,
    ),
  ],
);

/** A row about one product, which goes with it when it is deleted (a cart line, a wish). */
export const productColumn = () =>
  integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' });

/** A colour value as a listing card shows it. */
export interface Swatch {
  ar: string;
  en: string;
  swatch: string | null;
}

export const optionKinds = ['text', 'colour'] as const;

/** Up to three options of a product (storage, colour, RAM), in order. */
export const productOptions = pgTable(
  'product_options',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    kind: text('kind', { enum: optionKinds }).notNull().default('text'),
  },
  (t) => [
    uniqueIndex('product_options_product_position').on(t.productId, t.position),
    check('product_options_position', sql`${t.position} between 1 and 3`),
    check('product_options_kind', sql`${t.kind} in ('text', 'colour')`),
  ],
);

/** The values of an option, in order. */
export const productOptionValues = pgTable(
  'product_option_values',
  {
    id: serial('id').primaryKey(),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    /** A colour's swatch as #rrggbb; null for other options. */
    swatch: text('swatch'),
  },
  (t) => [uniqueIndex('product_option_values_option_position').on(t.optionId, t.position)],
);

/**
 * One combination of option values of a product, as it is sold: SKU, prices, stock, image. A
 * product without options has exactly one variant, with no values.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The variants' order; the first visible one is the product's default. */
    position: integer('position').notNull().default(0),
    sku: text('sku').notNull(),
    /** GTIN, when the maker gives one. */
    barcode: text('barcode'),
    value1Id: integer('value1_id').references(() => productOptionValues.id, { onDelete: 'set null' }),
    value2Id: integer('value2_id').references(() => productOptionValues.id, { onDelete: 'set null' }),
    value3Id: integer('value3_id').references(() => productOptionValues.id, { onDelete: 'set null' }),
    /** VAT-inclusive, in halalas, like the product's. */
    priceHalalas: integer('price_halalas').notNull(),
    offerPriceHalalas: integer('offer_price_halalas'),
    /** The offer as planned; the product's offer dates decide when it is the live offer. */
    offerPlannedHalalas: integer('offer_planned_halalas'),
    /** Units on hand that are not reserved by an unpaid order. */
    stock: integer('stock').notNull().default(0),
    /** The variant's own image; null to show the product's. */
    image: text('image'),
    /**
     * A variant that was ever ordered is hidden instead of deleted; its values are cleared when
     * their option or value is removed.
     */
    hidden: boolean('hidden').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_variants_sku').on(t.sku),
    uniqueIndex('product_variants_combination')
      .on(
        t.productId,
        sql`coalesce(${t.value1Id}, 0)`,
        sql`coalesce(${t.value2Id}, 0)`,
        sql`coalesce(${t.value3Id}, 0)`,
      )
      .where(sql`not ${t.hidden}`),
    index('product_variants_product').on(t.productId, t.position, t.id),
    // The overview's variants running out (migration 0020).
    index('product_variants_stock')
      .on(t.stock, t.id)
      .where(sql`not ${t.hidden}`),
    index('product_variants_value1')
      .on(t.value1Id)
      .where(sql`${t.value1Id} is not null`),
    index('product_variants_value2')
      .on(t.value2Id)
      .where(sql`${t.value2Id} is not null`),
    index('product_variants_value3')
      .on(t.value3Id)
      .where(sql`${t.value3Id} is not null`),
    check('product_variants_stock_nonnegative', sql`${t.stock} >= 0`),
    check('product_variants_price_nonnegative', sql`${t.priceHalalas} >= 0`),
    check(
      'product_variants_offer_below_price',
      sql`${t.offerPriceHalalas} is null or (${t.offerPriceHalalas} >= 0 and ${t.offerPriceHalalas} < ${t.priceHalalas})`,
    ),
    check(
      'product_variants_offer_planned_below_price',
      sql`${t.offerPlannedHalalas} is null or (${t.offerPlannedHalalas} >= 0 and ${t.offerPlannedHalalas} < ${t.priceHalalas})`,
    ),
  ],
);

/**
 * A variant's option values in one language, in the options' order, e.g. "256 GB · Blue"; empty
 * for a product without options.
 */
function optionsText(lang: 'ar' | 'en') {
  const name = lang === 'ar' ? sql.raw('v.name_ar') : sql.raw('v.name_en');
  return sql<string>`(select coalesce(string_agg(${name}, ' · ' order by o.position), '')
    from ${productOptionValues} v join ${productOptions} o on o.id = v.option_id
    where v.id in (${productVariants.value1Id}, ${productVariants.value2Id}, ${productVariants.value3Id}))`;
}

/**
 * What a variant is sold as, read as it is now (from `product_variants` joined to its product):
 * the product's names and description, the variant's image (the product's when it has none),
 * SKU, option values, list and offer price, and stock. The cart's lines and the order's lines
 * read these.
 */
export const variantSaleColumns = {
  productId: products.id,
  variantId: productVariants.id,
  sku: productVariants.sku,
  optionsAr: optionsText('ar'),
  optionsEn: optionsText('en'),
  nameAr: products.nameAr,
  nameEn: products.nameEn,
  descriptionAr: products.descriptionAr,
  descriptionEn: products.descriptionEn,
  image: sql<string>`coalesce(${productVariants.image}, ${products.image})`,
  priceHalalas: productVariants.priceHalalas,
  offerPriceHalalas: productVariants.offerPriceHalalas,
  stock: productVariants.stock,
};

/**
 * What a product is sold as, read as it is now: its names, description, image, list and offer
 * price (its default variant's), and stock (its visible variants'). Listings read these.
 */
export const productSaleColumns = {
  nameAr: products.nameAr,
  nameEn: products.nameEn,
  descriptionAr: products.descriptionAr,
  descriptionEn: products.descriptionEn,
  image: products.image,
  priceHalalas: products.priceHalalas,
  offerPriceHalalas: products.offerPriceHalalas,
  stock: products.stock,
};

/** Products per (category, maker), kept by triggers on products (migration 0003). */
export const productCounts = pgTable(
  'product_counts',
  {
    categoryId: integer('category_id').notNull(),
    companyId: integer('company_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'product_counts_pk', columns: [t.categoryId, t.companyId] })],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

/** The kinds of specification an attribute holds (migration 0017). */
export const SPEC_KINDS = ['number', 'choice', 'text'] as const;

/** A category's specification attribute, in the category's order (decision 195). */
export const specAttributes = pgTable(
  'spec_attributes',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    /** Shown after a value; either may be empty, and a symbol ("GB") is written in both. */
    unitAr: text('unit_ar').notNull().default(''),
    unitEn: text('unit_en').notNull().default(''),
    kind: text('kind', { enum: SPEC_KINDS }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('spec_attributes_category_name').on(t.categoryId, sql`lower(${t.nameEn})`),
    check('spec_attributes_kind_known', sql`${t.kind} in ('number', 'choice', 'text')`),
  ],
);

/** The values a choice attribute allows, in order. */
export const specChoices = pgTable(
  'spec_choices',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => specAttributes.id, { onDelete: 'cascade' }),
    valueAr: text('value_ar').notNull(),
    valueEn: text('value_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('spec_choices_attribute_value').on(t.attributeId, sql`lower(${t.valueEn})`)],
);

/** A product's value of one attribute: a number, one of the choices, or text in both languages. */
export const productSpecs = pgTable(
  'product_specs',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => specAttributes.id, { onDelete: 'cascade' }),
    numberValue: doublePrecision('number_value'),
    choiceId: integer('choice_id').references(() => specChoices.id, { onDelete: 'cascade' }),
    textAr: text('text_ar'),
    textEn: text('text_en'),
  },
  (t) => [
    primaryKey({ name: 'product_specs_pk', columns: [t.productId, t.attributeId] }),
    index('product_specs_attribute').on(t.attributeId),
    index('product_specs_choice').on(t.choiceId),
  ],
);

/**
 * What an option facet key is called and where it sorts (migration 0018): the names and places
 * of the last product written that has it. Written only by the option triggers.
 */
export const optionFacetLabels = pgTable('option_facet_labels', {
  key: text('key').primaryKey(),
  optionAr: text('option_ar').notNull(),
  optionEn: text('option_en').notNull(),
  valueAr: text('value_ar').notNull(),
  valueEn: text('value_en').notNull(),
  swatch: text('swatch'),
  optionPosition: smallint('option_position').notNull(),
  valuePosition: smallint('value_position').notNull(),
});

/** A group of words that mean the same to shoppers (migration 0019, decision 198). */
export const searchSynonymGroups = pgTable('search_synonym_groups', {
  id: serial('id').primaryKey(),
  ...timestamps,
});

/** One word or short phrase of a synonym group, in the group's order; `norm` is its ar_norm(). */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => searchSynonymGroups.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    word: text('word').notNull(),
    norm: text('norm')
      .notNull()
      .generatedAlwaysAs(sql`ar_norm(word)`),
  },
  (t) => [
    primaryKey({ name: 'search_synonyms_pk', columns: [t.groupId, t.sort] }),
    uniqueIndex('search_synonyms_group_norm').on(t.groupId, t.norm),
    index('search_synonyms_norm').on(t.norm),
  ],
);
