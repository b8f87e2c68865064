import { halalasToSar } from '@shop/contract';
import { asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  categories,
  companies,
  productImages,
  products,
  productSpecs,
  specAttributes,
  specChoices,
} from '../modules/catalog/schema.ts';
import { formatSpecNumber, selectOwnValues } from '../modules/catalog/specs.ts';
import { agents, infoPages, sliders } from '../modules/content/schema.ts';
import { productCsvHeader, productCsvLine, type SpecColumns } from '../lib/catalog-file/csv.ts';
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

async function* productPages(
  db: Db,
): AsyncGenerator<{ rows: ProductRow[]; images: Map<number, string[]>; specs: SpecsOf }> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    const extra = await db
      .select({ productId: productImages.productId, image: productImages.image })
      .from(productImages)
      .where(
        inArray(
          productImages.productId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(productImages.productId), asc(productImages.sort), asc(productImages.id));
    const images = new Map<number, string[]>();
    for (const e of extra) images.set(e.productId, [...(images.get(e.productId) ?? []), e.image]);
    yield {
      rows,
      images,
      specs: await specValues(
        db,
        rows.map((r) => r.id),
      ),
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
 * The offer as the product editor shows it: the planned one with its dates when there is a plan
 * (even one not live yet, or over), else the live one.
 */
function offerOf(p: ProductRow) {
  const price = p.offerPlannedHalalas ?? p.offerPriceHalalas;
  const planned = p.offerPlannedHalalas !== null;
  return {
    price: price === null ? null : halalasToSar(price),
    startsAt: planned ? (p.offerStartsAt?.toISOString() ?? null) : null,
    endsAt: planned ? (p.offerEndsAt?.toISOString() ?? null) : null,
  };
}

function productRecord(
  p: ProductRow,
  maps: Awaited<ReturnType<typeof slugMaps>>,
  extra: string[] | undefined,
  specs: Record<string, SpecValueRecord> | undefined,
): ProductRecord {
  const offer = offerOf(p);
  return {
    sku: p.sku,
    name: { ar: p.nameAr, en: p.nameEn },
    ...((p.descriptionAr || p.descriptionEn) && {
      description: { ar: p.descriptionAr, en: p.descriptionEn },
    }),
    category: maps.category.get(p.categoryId)!,
    company: maps.company.get(p.companyId)!,
    price: halalasToSar(p.priceHalalas),
    offerPrice: offer.price,
    ...(offer.startsAt && { offerStartsAt: offer.startsAt }),
    ...(offer.endsAt && { offerEndsAt: offer.endsAt }),
    stock: p.stock,
    featured: p.featured,
    ...(p.hidden && { hidden: true }),
    image: p.image,
    ...(extra?.length && { images: extra }),
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
  for await (const { rows, images, specs } of productPages(db)) {
    const text = rows
      .map((p) => JSON.stringify(productRecord(p, maps, images.get(p.id), specs.get(p.id))))
      .join(',\n');
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
  for await (const { rows, images, specs } of productPages(db))
    yield rows
      .map((p) => productCsvLine(productRecord(p, maps, images.get(p.id), specs.get(p.id)), columns))
      .join('');
}
