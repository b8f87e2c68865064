import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

/**
 * A backup is one gzip-compressed tar file (decision 096):
 *
 *   backup.json            what it holds: { format, version, database, createdAt }
 *   database/pgdata.tar    the embedded database (PGlite's data-directory dump), or
 *   database/dump.pgdump   a PostgreSQL server's database (`pg_dump --format=custom`)
 *   uploads/…              the uploaded images, as under DATA_DIR/uploads
 */

export const BACKUP_FORMAT = 'riyadh-electronics-shop-backup';
export const BACKUP_VERSION = 1;

export type DatabaseKind = 'pglite' | 'postgres';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  database: DatabaseKind;
  createdAt: string;
}

export const databaseEntry: Record<DatabaseKind, string> = {
  pglite: 'database/pgdata.tar',
  postgres: 'database/dump.pgdump',
};

export class BackupFormatError extends Error {
  override name = 'BackupFormatError';
}

/** Every file under `dir`, as paths relative to it with `/` separators. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

function addEntry(
  pack: tar.Pack,
  header: Partial<tar.Header> & { name: string },
  body: Buffer,
): Promise<void> {
  return new Promise((resolve, reject) =>
    pack.entry(header, body, (error) => (error ? reject(error) : resolve())),
  );
}

async function addFileStream(pack: tar.Pack, name: string, file: string): Promise<void> {
  const { size } = await stat(file);
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
    createReadStream(file).on('error', reject).pipe(entry);
  });
}

/**
 * Writes the backup to `file` (through a temporary name, so a failed backup never leaves a
 * truncated file under the name asked for).
 */
export async function writeBackup(
  file: string,
  options: { database: DatabaseKind; databaseFile: string; uploadsDir: string },
): Promise<{ uploads: number; bytes: number }> {
  const partial = `${file}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  let uploads = 0;
  try {
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      database: options.database,
      createdAt: new Date().toISOString(),
    };
    await addEntry(
      pack,
      { name: 'backup.json', mode: 0o644 },
      Buffer.from(JSON.stringify(manifest, null, 2)),
    );
    await addFileStream(pack, databaseEntry[options.database], options.databaseFile);
    for (const relative of await filesUnder(options.uploadsDir)) {
      // Read whole (images are at most a few MB): a file written while the backup runs is
      // taken as it is at that moment instead of failing the tar entry's declared size.
      const body = await readFile(path.join(options.uploadsDir, relative)).catch(() => null);
      if (!body) continue;
      await addEntry(pack, { name: `uploads/${relative}`, mode: 0o644 }, body);
      uploads += 1;
    }
    pack.finalize();
    await written;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
  return { uploads, bytes: (await stat(file)).size };
}

/** A path inside the archive's `uploads/` that stays inside the uploads directory, or null. */
function safeUploadPath(name: string): string | null {
  if (!name.startsWith('uploads/')) return null;
  const relative = name.slice('uploads/'.length);
  if (relative === '' || relative.includes('\\') || relative.includes('\0')) return null;
  const parts = relative.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  return parts.join(path.sep);
}

export interface ExtractedBackup {
  manifest: BackupManifest;
  /** The database dump, extracted into the staging directory. */
  databaseFile: string;
  /** The uploaded images, extracted into the staging directory. */
  uploadsDir: string;
  uploads: number;
}

/** Reads a backup into `staging` (which must be empty or missing), checking what it holds. */
export async function extractBackup(file: string, staging: string): Promise<ExtractedBackup> {
  await mkdir(staging, { recursive: true });
  const uploadsDir = path.join(staging, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
  let manifest: BackupManifest | undefined;
  const databases = new Map<string, string>();
  let uploads = 0;
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file') {
        entry.resume();
        continue;
      }
      if (name === 'backup.json') {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
      } else if (Object.values(databaseEntry).includes(name)) {
        const target = path.join(staging, path.basename(name));
        await pipeline(entry, createWriteStream(target));
        databases.set(name, target);
      } else {
        const relative = safeUploadPath(name);
        if (!relative) throw new BackupFormatError(`unexpected entry in the backup: ${JSON.stringify(name)}`);
        const target = path.join(uploadsDir, relative);
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(entry, createWriteStream(target));
        uploads += 1;
      }
    }
    await reading;
  } catch (error) {
    await reading.catch(() => {});
    if (error instanceof BackupFormatError) throw error;
    throw new BackupFormatError(`${file} is not a readable shop backup (${(error as Error).message})`);
  }
  if (manifest?.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new BackupFormatError(`${file} is not a shop backup of format version ${BACKUP_VERSION}`);
  }
  const databaseFile = databases.get(databaseEntry[manifest.database]);
  if (!databaseFile) throw new BackupFormatError(`${file} holds no database`);
  return { manifest, databaseFile, uploadsDir, uploads };
}
