import { halalasToSar } from '@shop/contract';
import { asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  categories,
  companies,
  productImages,
  productOptions,
  productOptionValues,
  products,
  productSpecs,
  productVariants,
  specAttributes,
  specChoices,
} from '../modules/catalog/schema.ts';
import { formatSpecNumber, selectOwnValues } from '../modules/catalog/specs.ts';
import { agents, infoPages, sliders } from '../modules/content/schema.ts';
import { productCsvHeader, productCsvLines, type SpecColumns } from '../lib/catalog-file/csv.ts';
import type {
  CatalogFile,
  ProductRecord,
  SpecAttributeRecord,
  SpecValueRecord,
} from '../lib/catalog-file/format.ts';
import { getSettings } from '../modules/settings/service.ts';

/**
 * The whole catalog in the import format (docs/catalog-import.md, lib/catalog-file/), written as it is read: the
 * products a page of 500 at a time, so a large catalog is never held in memory at once and
 * the shop's other requests get the database between pages. Importing the file again changes
 * nothing: export then import is a round trip.
 */

const PAGE = 500;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
type OptionRow = typeof productOptions.$inferSelect & { values: (typeof productOptionValues.$inferSelect)[] };

type SpecsOf = Map<number, Record<string, SpecValueRecord>>;

/** The products' values by attribute English name, as the file writes them. */
async function specValues(db: Db, ids: number[]): Promise<SpecsOf> {
  const rows = await selectOwnValues(db)
    .where(inArray(productSpecs.productId, ids))
    .orderBy(asc(specAttributes.sort), asc(specAttributes.id));
  const byProduct: SpecsOf = new Map();
  for (const { v, a, c } of rows) {
    const value: SpecValueRecord | null =
      v.numberValue !== null
        ? Number(formatSpecNumber(v.numberValue))
        : c
          ? c.valueEn
          : v.textAr !== null && v.textEn !== null
            ? v.textAr === v.textEn
              ? v.textEn
              : { ar: v.textAr, en: v.textEn }
            : null;
    if (value === null) continue;
    byProduct.set(v.productId, { ...byProduct.get(v.productId), [a.nameEn]: value });
  }
  return byProduct;
}

/** Every category's attributes as the file's `specs` write them, by category id. */
async function categorySpecs(db: Db): Promise<Map<number, SpecAttributeRecord[]>> {
  const [attributes, choices] = await Promise.all([
    db.select().from(specAttributes).orderBy(asc(specAttributes.sort), asc(specAttributes.id)),
    db.select().from(specChoices).orderBy(asc(specChoices.sort), asc(specChoices.id)),
  ]);
  const byCategory = new Map<number, SpecAttributeRecord[]>();
  for (const a of attributes) {
    const own = choices.filter((c) => c.attributeId === a.id).map((c) => ({ ar: c.valueAr, en: c.valueEn }));
    const record: SpecAttributeRecord = {
      name: { ar: a.nameAr, en: a.nameEn },
      ...((a.unitAr || a.unitEn) && {
        unit: a.unitAr === a.unitEn ? a.unitEn : { ar: a.unitAr, en: a.unitEn },
      }),
      kind: a.kind,
      ...(a.kind === 'choice' && { choices: own }),
    };
    byCategory.set(a.categoryId, [...(byCategory.get(a.categoryId) ?? []), record]);
  }
  return byCategory;
}

interface Page {
  rows: ProductRow[];
  images: Map<number, string[]>;
  options: Map<number, OptionRow[]>;
  variants: Map<number, VariantRow[]>;
  specs: SpecsOf;
}

const grouped = <T, K>(items: T[], key: (item: T) => K) => {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
};

async function* productPages(db: Db): AsyncGenerator<Page> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const [extra, optionRows, valueRows, variantRows] = await Promise.all([
      db
        .select({ productId: productImages.productId, image: productImages.image })
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.productId), asc(productImages.sort), asc(productImages.id)),
      db
        .select()
        .from(productOptions)
        .where(inArray(productOptions.productId, ids))
        .orderBy(asc(productOptions.productId), asc(productOptions.position)),
      db
        .select({ value: productOptionValues })
        .from(productOptionValues)
        .innerJoin(productOptions, eq(productOptions.id, productOptionValues.optionId))
        .where(inArray(productOptions.productId, ids))
        .orderBy(asc(productOptionValues.optionId), asc(productOptionValues.position)),
      db
        .select()
        .from(productVariants)
        .where(inArray(productVariants.productId, ids))
        .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id)),
    ]);
    const images = new Map<number, string[]>();
    for (const e of extra) images.set(e.productId, [...(images.get(e.productId) ?? []), e.image]);
    const values = grouped(
      valueRows.map((r) => r.value),
      (v) => v.optionId,
    );
    const options = grouped(
      optionRows.map((o) => ({ ...o, values: values.get(o.id) ?? [] })),
      (o) => o.productId,
    );
    yield {
      rows,
      images,
      options,
      variants: grouped(variantRows, (v) => v.productId),
      specs: await specValues(db, ids),
    };
    after = rows.at(-1)!.id;
    await yieldToOthers();
  }
}

async function slugMaps(db: Db) {
  const [cats, comps] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
    db.select().from(companies).orderBy(asc(companies.sort), asc(companies.id)),
  ]);
  return {
    cats,
    comps,
    category: new Map(cats.map((c) => [c.id, c.slug])),
    company: new Map(comps.map((c) => [c.id, c.slug])),
  };
}

/**
 * An offer as the product editor shows it: the planned one when there is a plan (even one not
 * live yet, or over), else the live one. The dates are the product's.
 */
const offerPriceOf = (r: { offerPlannedHalalas: number | null; offerPriceHalalas: number | null }) => {
  const price = r.offerPlannedHalalas ?? r.offerPriceHalalas;
  return price === null ? null : halalasToSar(price);
};

/**
 * A product's offer dates, written when it (or one of its variants) has a planned offer: an
 * offer without dates is live at once and has none.
 */
function offerDatesOf(p: ProductRow, planned: boolean) {
  return {
    ...(planned && p.offerStartsAt && { offerStartsAt: p.offerStartsAt.toISOString() }),
    ...(planned && p.offerEndsAt && { offerEndsAt: p.offerEndsAt.toISOString() }),
  };
}

const valueIds = (v: VariantRow) => [v.value1Id, v.value2Id, v.value3Id];

/**
 * A product's options and variants as the file writes them. A product sold as its one variant
 * (a visible variant with the product's SKU and no values) is written without them, as a
 * product with its own price and stock; the variants it had before, hidden because orders name
 * them, stay in the shop and out of the file, which keeps them so. Otherwise every variant
 * that names one value of each option is written, hidden ones too.
 */
function variantFields(
  p: ProductRow,
  options: OptionRow[],
  variants: VariantRow[],
): Pick<ProductRecord, 'price' | 'offerPrice' | 'stock' | 'options' | 'variants'> & { planned: boolean } {
  const sole = variants.find((v) => v.sku === p.sku && !v.hidden && valueIds(v).every((id) => id === null));
  if (sole || variants.length === 0) {
    const row = sole ?? p;
    return {
      price: halalasToSar(row.priceHalalas),
      offerPrice: offerPriceOf(row),
      stock: row.stock,
      planned: row.offerPlannedHalalas !== null,
    };
  }
  const valueName = new Map(
    options.flatMap((o) => o.values.map((v) => [v.id, { option: o, name: v.nameEn }])),
  );
  const complete = variants.filter((v) => {
    const named = valueIds(v).filter((id) => id !== null);
    return named.length === options.length && named.every((id) => valueName.has(id));
  });
  const written = complete.map((v) => {
    const named = valueIds(v).flatMap((id) => (id === null ? [] : [valueName.get(id)]));
    const offerPrice = offerPriceOf(v);
    return {
      sku: v.sku,
      options: Object.fromEntries(named.map((n) => [n!.option.nameEn, n!.name])),
      price: halalasToSar(v.priceHalalas),
      ...(offerPrice !== null && { offerPrice }),
      stock: v.stock,
      ...(v.barcode && { barcode: v.barcode }),
      ...(v.image && { image: v.image }),
      ...(v.hidden && { hidden: true }),
    };
  });
  return {
    ...(options.length && {
      options: options.map((o) => ({
        name: { ar: o.nameAr, en: o.nameEn },
        ...(o.kind !== 'text' && { kind: o.kind }),
        values: o.values.map((v) => ({ ar: v.nameAr, en: v.nameEn, ...(v.swatch && { swatch: v.swatch }) })),
      })),
    }),
    variants: written,
    planned: complete.some((v) => v.offerPlannedHalalas !== null),
  };
}

function productRecord(p: ProductRow, maps: Awaited<ReturnType<typeof slugMaps>>, page: Page): ProductRecord {
  const variants = page.variants.get(p.id) ?? [];
  const extra = page.images.get(p.id);
  const specs = page.specs.get(p.id);
  const {
    variants: written,
    options,
    planned,
    ...own
  } = variantFields(p, page.options.get(p.id) ?? [], variants);
  return {
    sku: p.sku,
    name: { ar: p.nameAr, en: p.nameEn },
    ...((p.descriptionAr || p.descriptionEn) && {
      description: { ar: p.descriptionAr, en: p.descriptionEn },
    }),
    category: maps.category.get(p.categoryId)!,
    company: maps.company.get(p.companyId)!,
    ...own,
    ...offerDatesOf(p, planned),
    featured: p.featured,
    ...(p.hidden && { hidden: true }),
    image: p.image,
    ...(extra?.length && { images: extra }),
    ...(options && { options }),
    ...(written && { variants: written }),
    ...(specs && { specs }),
  };
}

/** The shop's settings as the file's `settings` section writes them. */
function settingsSection(s: Awaited<ReturnType<typeof getSettings>>): CatalogFile['settings'] {
  return {
    primaryColor: s.primaryColor,
    showAddressDetails: s.showAddressDetails,
    shippingFee: halalasToSar(s.shippingFeeHalalas),
    phones: s.phones,
    email: s.email,
    // The file format accepts only a valid VAT number; none is left out.
    ...(s.taxNumber && { taxNumber: s.taxNumber }),
    commercialRegister: s.commercialRegister,
    sellerName: s.sellerName,
    address: s.address,
    openingHours: s.openingHours,
    deliveryDays: s.deliveryDays,
    returnHours: s.returnHours,
    socialLinks: s.socialLinks,
  };
}

/** The catalog file as JSON text, in pieces. */
export async function* exportCatalogJson(db: Db): AsyncGenerator<string> {
  const [maps, specsOf] = await Promise.all([slugMaps(db), categorySpecs(db)]);
  const named = (rows: typeof maps.cats) =>
    rows.map((r) => ({ key: r.slug, name: { ar: r.nameAr, en: r.nameEn }, image: r.image }));
  const cats = named(maps.cats).map((c, i) => {
    const specs = specsOf.get(maps.cats[i]!.id);
    return specs ? { ...c, specs } : c;
  });
  yield `{\n"categories": ${JSON.stringify(cats)},\n"companies": ${JSON.stringify(named(maps.comps))},\n"products": [\n`;
  let first = true;
  for await (const page of productPages(db)) {
    const text = page.rows.map((p) => JSON.stringify(productRecord(p, maps, page))).join(',\n');
    yield `${first ? '' : ',\n'}${text}`;
    first = false;
  }
  const [agentRows, slideRows, pageRows] = await Promise.all([
    db.select().from(agents).orderBy(asc(agents.sort), asc(agents.id)),
    db.select().from(sliders).orderBy(asc(sliders.sort), asc(sliders.id)),
    db.select().from(infoPages),
  ]);
  const rest: Omit<CatalogFile, 'categories' | 'companies' | 'products'> = {
    agents: agentRows.map((a) => ({
      key: a.slug,
      name: { ar: a.nameAr, en: a.nameEn },
      company: { ar: a.companyAr, en: a.companyEn },
      phone: a.phone,
      image: a.image,
    })),
    sliders: slideRows.map((s) => ({
      image: s.imageAr,
      ...(s.imageEn !== s.imageAr && { imageEn: s.imageEn }),
      ...((s.linkAr || s.linkEn) && { link: { ar: s.linkAr, en: s.linkEn } }),
    })),
    infoPages: Object.fromEntries(pageRows.map((p) => [p.kind, { ar: p.bodyAr, en: p.bodyEn }])),
    settings: settingsSection(await getSettings(db)),
  };
  const sections = Object.entries(rest).map(([name, value]) => `"${name}": ${JSON.stringify(value)}`);
  yield `\n],\n${sections.join(',\n')}\n}\n`;
}

/** The products as CSV text (header first), in pieces. */
export async function* exportCatalogCsv(db: Db): AsyncGenerator<string> {
  const [maps, specsOf] = await Promise.all([slugMaps(db), categorySpecs(db)]);
  // One column per attribute name (the same name in two categories shares it), an Arabic one
  // for text.
  const columns: SpecColumns = { names: [], arabic: new Set() };
  for (const list of specsOf.values())
    for (const a of list) {
      let name = columns.names.find((n) => n.toLowerCase() === a.name.en.toLowerCase());
      if (!name) columns.names.push((name = a.name.en));
      if (a.kind === 'text') columns.arabic.add(name);
    }
  yield productCsvHeader(columns);
  for await (const page of productPages(db))
    yield page.rows.map((p) => productCsvLines(productRecord(p, maps, page), columns)).join('');
}
