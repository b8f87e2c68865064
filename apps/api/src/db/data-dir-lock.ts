import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database may be opened by one process only: two PGlite instances on one data
 * directory overwrite each other's files. The process that opens it (the shop, or a backup or
 * restore command) writes `DATA_DIR/shop.lock` with its process id and a random token; another
 * process finds it and stops. A lock left by a killed process names a process that no longer
 * exists and is taken over. The token is the secret of the shop's control socket: only a
 * user who can read the data directory (and so the database files themselves) can present it.
 */

export interface DataDirLock {
  token: string;
  release(): Promise<void>;
}

interface LockFile {
  pid: number;
  role: string;
  token: string;
  /** When the process started (Linux only): tells a reused process id from the holder. */
  started?: string | null;
}

export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockFile,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${holder.pid} (${holder.role}). ` +
        `Stop it first, or delete ${lockPath(dataDir)} if no such process runs.`,
    );
  }
}

export const lockPath = (dataDir: string) => path.join(dataDir, 'shop.lock');

/**
 * The start time of a process since boot, from /proc (Linux); null elsewhere. In a container
 * restarted after a kill, the old holder's process id often belongs to another process now.
 */
async function startedAt(pid: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may hold spaces, so count after its closing `)`.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

async function isHolderAlive(holder: LockFile): Promise<boolean> {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (!holder.started) return true;
  return (await startedAt(holder.pid)) === holder.started;
}

/** The lock's holder when a live process other than this one holds it; null otherwise. */
export async function readLiveLock(dataDir: string): Promise<LockFile | null> {
  let text: string;
  try {
    text = await readFile(lockPath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let holder: LockFile;
  try {
    holder = JSON.parse(text) as LockFile;
  } catch {
    // Cut short by a crash while it was written: nobody holds it.
    return null;
  }
  if (!Number.isInteger(holder.pid) || holder.pid === process.pid || !(await isHolderAlive(holder)))
    return null;
  return holder;
}

/** Takes the data directory for this process (`role` says who, in the message others get). */
export async function lockDataDir(dataDir: string, role: string): Promise<DataDirLock> {
  const file = lockPath(dataDir);
  const token = randomBytes(32).toString('base64url');
  const mine: LockFile = { pid: process.pid, role, token, started: await startedAt(process.pid) };
  for (let attempt = 0; ; attempt += 1) {
    const holder = await readLiveLock(dataDir);
    if (holder) throw new DataDirBusyError(dataDir, holder);
    await unlink(file).catch(() => {});
    try {
      // `wx`: of two processes starting at once, one creates the file and the other sees it.
      await writeFile(file, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
    }
  }
  return {
    token,
    async release() {
      const text = await readFile(file, 'utf8').catch(() => '');
      if (text === JSON.stringify(mine)) await unlink(file).catch(() => {});
    },
  };
}

/**
 * Runs `work` holding the data directory (made when missing), and gives it back however `work`
 * ends, a failure included. A live process holding it: DataDirBusyError, before `work` starts.
 */
export async function withDataDirLock<T>(dataDir: string, role: string, work: () => Promise<T>): Promise<T> {
  await mkdir(dataDir, { recursive: true });
  const lock = await lockDataDir(dataDir, role);
  try {
    return await work();
  } finally {
    await lock.release();
  }
}
