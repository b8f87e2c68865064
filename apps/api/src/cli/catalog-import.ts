import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SingleBar, Presets } from 'cli-progress';
import { DataDirBusyError, withDataDirLock } from '../db/data-dir-lock.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { announceChanges } from '../lib/change-transport.ts';
import { COMMAND_LINE_ACTOR } from '../lib/audit-actor.ts';
import { CatalogImportError, type ImportSummary } from '../lib/catalog-file/format.ts';
import { importSettings } from '../use-cases/catalog-import/settings.ts';
import {
  importParsedCatalog,
  readCatalogFile,
  type CatalogSource,
  type ImportProgress,
} from '../use-cases/catalog-import/import.ts';

/*
 * `npm run catalog:import -- FILE.json [MORE.json …]` (from the repository root).
 * npm runs this with the apps/api folder as working directory; the files and a relative
 * DATA_DIR are taken relative to where the command was typed (INIT_CWD), like `npm start`.
 * Several files are imported in the order given, each in a transaction of its own, by one
 * process: one start, one connection and one migrations check for them all. Each file is read
 * and checked while the database tidies up after the commit of the one before, whose records
 * are let go once that is done: two files' records are held only for those moments.
 */

const usage = 'Usage: npm run catalog:import -- FILE.json [MORE.json …]   (format: docs/catalog-import.md)';

/** Set for the child process that creates a new embedded database, and only there. */
const preparing = process.env.CATALOG_IMPORT_PREPARE === '1';
/** Where the command was started (main() moves to where it was typed): the child starts here too. */
const startDir = process.cwd();

/**
 * Creates a new embedded database (initdb and the migrations) in a short child process: that
 * work touches several hundred megabytes that a process does not give back, and the import
 * after it would carry them to its end.
 */
function prepareInChild(): void {
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    cwd: startDir,
    env: { ...process.env, CATALOG_IMPORT_PREPARE: '1' },
    stdio: 'inherit',
  });
  if (child.status !== 0) throw new Error(`creating the database failed (exit code ${child.status})`);
}

function describe(summary: ImportSummary): string {
  const c = (label: string, n: { created: number; updated: number }) =>
    `${label}: ${n.created} new, ${n.updated} updated`;
  return [
    c('categories', summary.categories),
    c('companies', summary.companies),
    c('products', summary.products),
    c('agents', summary.agents),
    `sliders: ${summary.sliders}`,
    `info pages: ${summary.infoPages}`,
    `settings: ${summary.settings}`,
    `images stored: ${summary.images}`,
  ].join('\n  ');
}

/**
 * The next file to write, read and checked ahead: the first before the database is opened (a bad
 * file fails fast), each other while the database tidies up after the commit of the one before.
 */
interface Reading {
  next?: Promise<CatalogSource>;
}

/**
 * Reads and checks a file; a CatalogImportError names what is wrong with it. This process
 * serves nothing, so the file is parsed on this thread, not a worker's: no second heap, nor a
 * copy of every record handed over from one.
 */
function readChecked(file: string): Promise<CatalogSource> {
  return readCatalogFile(file, importSettings, { onThisThread: true });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    console.error(usage);
    return args.includes('--help') || args.includes('-h') ? 0 : 2;
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  process.chdir(cwd);
  const files = args.map((arg) => path.resolve(cwd, arg));

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  if (preparing) {
    const database = await openDatabase({ dataDir: config.dataDir });
    await database.migrate();
    await database.close();
    return 0;
  }

  // The first file's format is checked before the database is opened, so a bad file fails fast.
  const reading: Reading = { next: readChecked(files[0]!) };
  try {
    await reading.next;
  } catch (error) {
    if (error instanceof CatalogImportError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  // The embedded database is one process's: with the shop (or a backup) running on the same
  // data directory the import stops here instead of corrupting it. The back office imports
  // while the shop serves.
  const run = () => importWith(config, files, reading, cwd);
  try {
    return config.databaseUrl ? await run() : await withDataDirLock(config.dataDir, 'catalog import', run);
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      console.error(
        `${error.message}\nOr import from the back office while it runs: /en/dashboard/import ("Import and export").`,
      );
      return 1;
    }
    throw error;
  }
}

async function importWith(config: Config, files: string[], reading: Reading, cwd: string): Promise<number> {
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) prepareInChild();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const bar = process.stdout.isTTY
    ? new SingleBar(
        { format: 'importing {stage} [{bar}] {value}/{total}', hideCursor: true },
        Presets.shades_classic,
      )
    : undefined;
  const onProgress = ({ done, total, stage }: ImportProgress) => {
    if (!bar) return;
    if (done === 0) bar.start(total, 0, { stage });
    else bar.update(done, { stage });
  };
  const named = (file: string) => path.relative(cwd, file) || file;
  let imported = 0;
  try {
    await database.migrate();
    for (const [i, file] of files.entries()) {
      let summary: ImportSummary;
      try {
        const source = await (reading.next ?? readChecked(file));
        reading.next = undefined;
        // The next file is read while the database tidies up after this one's commit.
        const readNext = () => {
          const next = files[i + 1];
          if (next === undefined) return;
          reading.next = readChecked(next);
          // Its error, if any, is reported when its turn comes (or never, if this file fails).
          reading.next.catch(() => {});
        };
        summary = await importParsedCatalog(database.db, source.catalog, source.baseDir, {
          onCommitted: readNext,
          uploadsDir: config.uploadsDir,
          settings: importSettings,
          onProgress,
          // Whoever runs the command holds the shop's files and database: its settings are an
          // owner's change, recorded as the command line's.
          by: COMMAND_LINE_ACTOR,
        });
      } catch (error) {
        if (error instanceof CatalogImportError && files.length > 1)
          console.error(`${named(file)} not imported${i ? ' (the files before it are)' : ''}:`);
        throw error;
      }
      imported++;
      bar?.stop();
      console.log(
        `Imported ${named(file)} into ${config.databaseUrl ? 'the PostgreSQL server' : config.dataDir}:\n  ${describe(summary)}`,
      );
    }
    return 0;
  } catch (error) {
    bar?.stop();
    if (error instanceof CatalogImportError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    // Shop processes running on the same PostgreSQL drop what they cached of the catalog.
    if (imported)
      await announceChanges([{ topic: 'catalog' }, { topic: 'content' }, { topic: 'settings' }], {
        ...config,
        database,
        log: {
          warn: (details, message) => console.warn(message, details),
          error: (d, m) => console.error(m, d),
        },
      });
    await database.close();
  }
}

process.exitCode = await main();
