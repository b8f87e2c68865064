import { access, readdir, readlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether a running process (the shop) has the embedded database of a data directory open.
 *
 * PGlite takes no lock that a second process would meet: a second process opening the same
 * directory succeeds and the two corrupt each other's writes. What it does: it writes
 * `pg/postmaster.pid` when it opens the database and removes it when it closes, and while open
 * it holds dozens of files of the directory open. So: no `postmaster.pid` means nobody has it
 * open; with one, the open files of every process (`/proc/<pid>/fd` on Linux) say whether it
 * is a live shop or what a crashed one left behind.
 */
export type DataDirUse =
  | { inUse: false }
  | { inUse: true; pid: number }
  /** A `postmaster.pid` is there and no process could be seen holding the files (or `/proc` is unreadable). */
  | { inUse: 'unknown'; pidFile: string };

export async function embeddedDatabaseInUse(dataDir: string): Promise<DataDirUse> {
  const pgDir = path.join(path.resolve(dataDir), 'pg');
  const pidFile = path.join(pgDir, 'postmaster.pid');
  try {
    await access(pidFile);
  } catch {
    return { inUse: false };
  }
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^[0-9]+$/.test(name));
  } catch {
    return { inUse: 'unknown', pidFile };
  }
  let unreadable = false;
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = await readdir(`/proc/${pid}/fd`);
    } catch (error) {
      // Processes of other users cannot be looked into; ones that ended meanwhile do not matter.
      if ((error as NodeJS.ErrnoException).code === 'EACCES') unreadable = true;
      continue;
    }
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (target === pgDir || target.startsWith(`${pgDir}${path.sep}`))
        return { inUse: true, pid: Number(pid) };
    }
  }
  // Nobody we can see holds it: what a crash left behind, unless a process we cannot see does.
  return unreadable ? { inUse: 'unknown', pidFile } : { inUse: false };
}
