import type { Db, Tx } from '../../db/client.ts';
import {
  CatalogImportError,
  counts,
  settingValuesOf,
  type CatalogIssue,
  type CatalogSettingSchemas,
  type Counts,
  type ImportSummary,
  type ParsedCatalog,
} from '../../lib/catalog-file/format.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';
import {
  missingReferences,
  specIssues,
  takenVariantSkus,
  upsertGroups,
  writeCategorySpecs,
} from '../../modules/catalog/import-writes.ts';
import { knownAgentKeys, putInfoPage, replaceSliders, upsertAgents } from '../../modules/content/service.ts';

/*
 * The steps of writing a checked catalog file that the command line's import and the back
 * office's jobs share: categories and brands first (the products name them), then the products
 * (modules/catalog/import-writes.ts, in batches the caller decides), then the content sections
 * and the settings. Each step is given the transaction it writes in.
 */

/**
 * The shop settings a catalog file may set: how each is checked (the settings module's
 * schemas), which of them would change, and how they are saved (the settings use case).
 */
export interface ImportSettings {
  schemas: CatalogSettingSchemas;
  /**
   * The names of the given settings (money in halalas, text in both languages) whose values
   * differ from the shop's: what writing them would change.
   */
  changes(db: Db | Tx, values: Record<string, unknown>): Promise<string[]>;
  /**
   * Saves the given settings that differ from the shop's. With `by`, the change is the settings
   * use case's own, recorded in the audit log as `settings.update` like the owner's form.
   */
  save(tx: Tx, values: Record<string, unknown>, by?: AuditActor): Promise<void>;
}

/**
 * Products whose category or brand is neither in the file nor in the shop, variant SKUs a
 * variant of another product in the shop has, and specification values their category does
 * not take, each on its product and field.
 */
async function shopIssues(db: Db | Tx, data: ParsedCatalog): Promise<CatalogIssue[]> {
  const missing = (await missingReferences(db, data)).map(({ index, field, key }) => ({
    section: 'products',
    index,
    field,
    message: `unknown ${field} ${JSON.stringify(key)}`,
  }));
  const taken = (await takenVariantSkus(db, data)).map(({ index, field, owner }) => ({
    section: 'products',
    index,
    field,
    message: `used by product ${JSON.stringify(owner)} in the shop`,
  }));
  // Specification values are checked against the categories named, once those all exist.
  const specs = missing.length
    ? []
    : (await specIssues(db, data)).map((issue) => ({ section: 'products', ...issue }));
  return [...missing, ...taken, ...specs];
}

/** What the file names that the shop does not allow, as the dry run lists them. */
export async function referenceIssues(db: Db | Tx, data: ParsedCatalog, max = 200): Promise<CatalogIssue[]> {
  return (await shopIssues(db, data)).slice(0, max);
}

/**
 * Every product's category and brand must be in the file or the shop, no variant SKU may be
 * another product's in the shop, and specification values must fit their category:
 * CatalogImportError otherwise.
 */
export async function checkReferences(db: Db | Tx, data: ParsedCatalog): Promise<void> {
  const issues = await shopIssues(db, data);
  if (issues.length)
    throw new CatalogImportError(
      issues
        .slice(0, 20)
        .map(
          ({ index, field, message }) =>
            `products[${index}] (sku ${JSON.stringify(data.products[index!]!.sku)}).${field}: ${message}`,
        ),
    );
}

/** Categories and brands (the products name them by key): the first step of an import. */
export async function writeNamed(
  tx: Tx,
  data: ParsedCatalog,
  image: Map<string, string>,
  step: (n: number) => void,
): Promise<Pick<ImportSummary, 'categories' | 'companies'>> {
  const categoryCounts = await upsertGroups(tx, 'categories', data.categories, image);
  await writeCategorySpecs(tx, data.categories);
  step(data.categories.length);
  const companyCounts = await upsertGroups(tx, 'companies', data.companies, image);
  step(data.companies.length);
  await checkReferences(tx, data);
  return { categories: categoryCounts, companies: companyCounts };
}

/**
 * Who writes a file's settings section: a member or the command line (`by`, recorded in the
 * audit log), nobody who is recorded (the demo catalog of a new shop), or `'nobody'` at all
 * (a member who is not an owner starts the import: the section is left out, see decision 151).
 */
export interface SettingsWriter {
  by?: AuditActor | 'nobody';
}

/** Agents, slides, info pages and settings: the last step of an import. */
export async function writeContentSections(
  tx: Tx,
  data: ParsedCatalog,
  image: Map<string, string>,
  settings: ImportSettings,
  step: (n: number) => void,
  writeSettings: SettingsWriter = {},
): Promise<Pick<ImportSummary, 'agents' | 'sliders' | 'infoPages' | 'settings'>> {
  let agentCounts: Counts = { created: 0, updated: 0 };
  if (data.agents?.length) {
    const keys = data.agents.map((a) => a.key);
    agentCounts = counts(keys, await knownAgentKeys(tx, keys));
    await upsertAgents(
      tx,
      data.agents.map((a) => ({ ...a, image: image.get(a.image)! })),
    );
    step(data.agents.length);
  }

  if (data.sliders) {
    await replaceSliders(
      tx,
      data.sliders.map((sl) => ({
        imageAr: image.get(sl.image)!,
        imageEn: image.get(sl.imageEn ?? sl.image)!,
        linkAr: sl.link?.ar ?? '',
        linkEn: sl.link?.en ?? '',
      })),
    );
    step(data.sliders.length);
  }

  let infoPageCount = 0;
  if (data.infoPages) {
    for (const kind of ['about', 'refund', 'terms', 'privacy'] as const) {
      const page = data.infoPages[kind];
      if (!page) continue;
      infoPageCount++;
      await putInfoPage(tx, kind, page);
    }
    step(1);
  }

  let settingCount = 0;
  if (data.settings && writeSettings.by !== 'nobody') {
    const values = settingValuesOf(data.settings);
    settingCount = Object.keys(values).length;
    await settings.save(tx, values, writeSettings.by);
    step(1);
  }

  return {
    agents: agentCounts,
    sliders: data.sliders?.length ?? 0,
    infoPages: infoPageCount,
    settings: settingCount,
  };
}
