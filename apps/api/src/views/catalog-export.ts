import { halalasToSar } from '@shop/contract';
import { asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, companies, productImages, products } from '../modules/catalog/schema.ts';
import { agents, infoPages, sliders } from '../modules/content/schema.ts';
import { productCsvHeader, productCsvLine } from '../lib/catalog-file/csv.ts';
import type { CatalogFile, ProductRecord } from '../lib/catalog-file/format.ts';
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

async function* productPages(db: Db): AsyncGenerator<{ rows: ProductRow[]; images: Map<number, string[]> }> {
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
    yield { rows, images };
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
  const maps = await slugMaps(db);
  const named = (rows: typeof maps.cats) =>
    rows.map((r) => ({ key: r.slug, name: { ar: r.nameAr, en: r.nameEn }, image: r.image }));
  yield `{\n"categories": ${JSON.stringify(named(maps.cats))},\n"companies": ${JSON.stringify(named(maps.comps))},\n"products": [\n`;
  let first = true;
  for await (const { rows, images } of productPages(db)) {
    const text = rows.map((p) => JSON.stringify(productRecord(p, maps, images.get(p.id)))).join(',\n');
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
  const maps = await slugMaps(db);
  yield productCsvHeader();
  for await (const { rows, images } of productPages(db))
    yield rows.map((p) => productCsvLine(productRecord(p, maps, images.get(p.id)))).join('');
}
