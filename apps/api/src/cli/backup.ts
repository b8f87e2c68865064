import { spawn } from 'node:child_process';
import { access, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { BackupFormatError, extractBackup, writeBackup, type DatabaseKind } from '../backup/archive.ts';
import { requestDatabaseCopy, ShopNotRunningError } from '../backup/control-socket.ts';
import { DataDirBusyError, lockDataDir, readLiveLock, withDataDirLock } from '../db/data-dir-lock.ts';

/*
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE [--force]` (decisions 096, 097).
 * The target is the one `npm start` would use: DATABASE_URL when set, otherwise the embedded
 * database under DATA_DIR; the uploaded images are DATA_DIR/uploads either way. FILE and a
 * relative DATA_DIR are taken relative to where the command was typed (INIT_CWD).
 */

const usage = `Usage:
  npm run db:backup -- FILE            one file with the database and the uploaded images
  npm run db:restore -- FILE [--force] into DATA_DIR / DATABASE_URL; --force replaces what is there`;

class CommandError extends Error {
  override name = 'CommandError';
}

const kindOf = (config: Config): DatabaseKind => (config.databaseUrl ? 'postgres' : 'pglite');

/** Runs a PostgreSQL client tool, failing with its own error output. */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new CommandError(
            `${command} was not found: install PostgreSQL's client tools of the server's major version ` +
              `or newer (Debian/Ubuntu: apt-get install postgresql-client).`,
          ),
        );
      } else reject(error);
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new CommandError(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

async function hasEntries(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

const pgDir = (config: Config) => path.join(config.dataDir, 'pg');

/** The embedded database's dump into `file`: from the running shop, or opened here. */
async function copyEmbeddedDatabase(
  config: Config,
  file: string,
): Promise<'running shop' | 'data directory'> {
  const holder = await readLiveLock(config.dataDir);
  if (holder) {
    if (holder.role !== 'shop') throw new DataDirBusyError(config.dataDir, holder);
    try {
      await requestDatabaseCopy(config.dataDir, holder.token, file);
    } catch (error) {
      if (error instanceof ShopNotRunningError) {
        throw new CommandError(
          `The shop (process ${holder.pid}) holds ${config.dataDir} but its control socket does not answer; ` +
            `stop the shop and run the backup again.`,
        );
      }
      throw error;
    }
    return 'running shop';
  }
  try {
    await access(path.join(pgDir(config), 'PG_VERSION'));
  } catch {
    throw new CommandError(`There is no embedded database in ${config.dataDir} (DATA_DIR).`);
  }
  await withDataDirLock(config.dataDir, 'backup', async () => {
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      await database.db.execute(sql`checkpoint`);
      const dump = await database.dump!();
      await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await database.close();
    }
  });
  return 'data directory';
}

async function backup(config: Config, file: string): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'shop-backup-'));
  try {
    const kind = kindOf(config);
    const databaseFile = path.join(work, kind === 'pglite' ? 'pgdata.tar' : 'dump.pgdump');
    let source: string;
    if (config.databaseUrl) {
      // pg_dump reads one snapshot, so the running shop is backed up consistently as it serves.
      await runTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${databaseFile}`,
        `--dbname=${config.databaseUrl}`,
      ]);
      source = 'PostgreSQL server';
    } else {
      source = await copyEmbeddedDatabase(config, databaseFile);
    }
    const { uploads, bytes } = await writeBackup(file, {
      database: kind,
      databaseFile,
      uploadsDir: config.uploadsDir,
    });
    console.log(
      `Backup written to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB): ` +
        `${kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'} from the ${source}, ${uploads} uploaded files.`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

async function restore(config: Config, file: string, force: boolean): Promise<void> {
  await access(file).catch(() => {
    throw new CommandError(`${file} does not exist.`);
  });
  const kind = kindOf(config);
  await mkdir(config.dataDir, { recursive: true });
  // Locked before anything is read or replaced: a shop running on this data directory stops
  // the restore here (and a shop started meanwhile refuses to open it).
  const lock = kind === 'pglite' ? await lockDataDir(config.dataDir, 'restore') : null;
  // Staged inside DATA_DIR so the images are moved into place, not copied across file systems.
  const staging = await mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    const backup = await extractBackup(file, staging);
    if (backup.manifest.database !== kind) {
      throw new CommandError(
        backup.manifest.database === 'pglite'
          ? 'This backup is of the embedded database: restore it with DATA_DIR set and DATABASE_URL unset.'
          : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set.',
      );
    }
    const databaseInUse =
      kind === 'pglite' ? await hasEntries(pgDir(config)) : await postgresHasTables(config.databaseUrl!);
    const uploadsInUse = await hasEntries(config.uploadsDir);
    if ((databaseInUse || uploadsInUse) && !force) {
      const what = [
        databaseInUse && (kind === 'pglite' ? pgDir(config) : 'the database of DATABASE_URL'),
        uploadsInUse && config.uploadsDir,
      ].filter(Boolean);
      throw new CommandError(
        `Refusing to overwrite ${what.join(' and ')}: not empty. Run again with --force to replace it.`,
      );
    }

    if (kind === 'pglite') {
      await rm(pgDir(config), { recursive: true, force: true });
      const database = await openDatabase({
        dataDir: config.dataDir,
        template: new Blob([await readFile(backup.databaseFile)]),
      });
      await database.close();
    } else {
      await runTool('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...(databaseInUse ? ['--clean', '--if-exists'] : []),
        `--dbname=${config.databaseUrl}`,
        backup.databaseFile,
      ]);
    }
    await rm(config.uploadsDir, { recursive: true, force: true });
    await rename(backup.uploadsDir, config.uploadsDir);
    console.log(
      `Restored ${file} (made ${backup.manifest.createdAt}) into ` +
        `${kind === 'pglite' ? config.dataDir : 'the database of DATABASE_URL'}: ${backup.uploads} uploaded files.`,
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
    await lock?.release();
  }
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2).filter((a) => a !== '--');
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if (
    (command !== 'backup' && command !== 'restore') ||
    files.length !== 1 ||
    (force && command !== 'restore')
  ) {
    console.error(usage);
    return 2;
  }
  const where = process.env.INIT_CWD ?? process.cwd();
  const file = path.resolve(where, files[0]!);
  let config: Config;
  try {
    // As `npm start` reads it (which runs in production with simulated payments by default).
    const env: Record<string, string | undefined> = {
      NODE_ENV: 'production',
      PAYMENT_SANDBOX: 'true',
      ...process.env,
    };
    if (env.DATA_DIR) env.DATA_DIR = path.resolve(where, env.DATA_DIR);
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    if (command === 'backup') await backup(config, file);
    else await restore(config, file, force);
    return 0;
  } catch (error) {
    if (
      error instanceof CommandError ||
      error instanceof DataDirBusyError ||
      error instanceof BackupFormatError
    ) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
