import path from 'node:path';
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { AppError } from '../errors.ts';

/**
 * A catalog file with its images in one ZIP archive, uploaded in the back office: the same
 * folder the command-line importer reads, packed. The archive comes from the internet, so it is
 * read with limits: its directory is read first without unpacking anything, and an archive that
 * would unpack to too many files or too many bytes (a "zip bomb"), or that names a path outside
 * its own folder, is refused before any file is unpacked. Then only the files the catalog names
 * are unpacked, each into a buffer of the size the directory declared (a file that inflates to
 * more than it declared cannot grow past it).
 */

export const ZIP_LIMITS = {
  /** Files (and folders) in the archive: a photo per product of a 10,000-product catalog fits. */
  entries: 20_000,
  /** Unpacked size of one file: the catalog file's own limit. */
  entryBytes: 50 * 1024 * 1024,
  /** Unpacked size of all files together: four times the largest upload. */
  totalBytes: 200 * 1024 * 1024,
};

const refuse = (
  code: 'IMPORT_ZIP_UNREADABLE' | 'IMPORT_ZIP_TOO_LARGE' | 'IMPORT_ZIP_UNSAFE_PATH' | 'IMPORT_ZIP_NO_CATALOG',
) => new AppError(400, code, [{ path: 'file', code }]);

/** A ZIP archive starts with a local file header (or, empty, with the end of its directory). */
export function isZip(fileName: string, bytes: Buffer): boolean {
  if (/\.zip$/i.test(fileName)) return true;
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/** `..`, a leading `/`, a drive letter or a backslash: a name that could leave the folder. */
function unsafe(name: string): boolean {
  return (
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').includes('..')
  );
}

/** Files the archive holds only because of the computer that packed it (macOS's, Windows'). */
const packingLeftover = (name: string) =>
  name.startsWith('__MACOSX/') ||
  path.posix.basename(name).startsWith('.') ||
  /(^|\/)Thumbs\.db$/i.test(name);

export interface CatalogArchive {
  /** The catalog file's name in the archive and its bytes. */
  catalogName: string;
  catalog: Buffer;
  /** The folder image paths in the catalog are relative to (the catalog file's, `` at the top). */
  baseDir: string;
  /** Unpacks the files with these names (as `file(...)` resolves them); others are left packed. */
  files(names: Set<string>): Map<string, Buffer>;
  /** The name in the archive of a path written in the catalog, or undefined when it leaves it. */
  resolve(ref: string): string | undefined;
  /** Whether the archive holds a file of that name. */
  has(name: string): boolean;
}

/** Reads an archive's directory and checks it against the limits; unpacks only the catalog file. */
export function openCatalogArchive(bytes: Buffer): CatalogArchive {
  const entries: UnzipFileInfo[] = [];
  let total = 0;
  try {
    unzipSync(bytes, {
      filter(file) {
        entries.push(file);
        total += file.originalSize;
        // Stopped at the first entry past a limit: a directory may claim millions of entries.
        if (
          entries.length > ZIP_LIMITS.entries ||
          file.originalSize > ZIP_LIMITS.entryBytes ||
          total > ZIP_LIMITS.totalBytes
        )
          throw refuse('IMPORT_ZIP_TOO_LARGE');
        if (unsafe(file.name)) throw refuse('IMPORT_ZIP_UNSAFE_PATH');
        // Nothing is unpacked on this pass: the directory alone is read.
        return false;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse('IMPORT_ZIP_UNREADABLE');
  }

  const names = new Set(entries.filter((e) => !e.name.endsWith('/')).map((e) => e.name));
  const catalogs = [...names].filter((n) => !packingLeftover(n) && /\.(json|csv)$/i.test(n));
  if (catalogs.length !== 1) throw refuse('IMPORT_ZIP_NO_CATALOG');
  const catalogName = catalogs[0]!;
  const baseDir = path.posix.dirname(catalogName) === '.' ? '' : path.posix.dirname(catalogName);

  const files = (wanted: Set<string>): Map<string, Buffer> => {
    let unpacked: Record<string, Uint8Array>;
    try {
      unpacked = unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
    } catch {
      throw refuse('IMPORT_ZIP_UNREADABLE');
    }
    return new Map(
      Object.entries(unpacked).map(([name, data]) => [
        name,
        Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      ]),
    );
  };
  const catalog = files(new Set([catalogName])).get(catalogName);
  if (!catalog) throw refuse('IMPORT_ZIP_UNREADABLE');
  return {
    catalogName,
    catalog,
    baseDir,
    files,
    has: (name) => names.has(name),
    resolve(ref) {
      if (ref.includes('\\') || ref.includes('\0') || ref.startsWith('/') || /^[A-Za-z]:/.test(ref))
        return undefined;
      const name = path.posix.normalize(path.posix.join(baseDir, ref));
      return name.startsWith('../') || name === '..' ? undefined : name;
    },
  };
}
