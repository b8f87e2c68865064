import { createWriteStream } from 'node:fs';
import { chmod, unlink } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { sameSecret } from '../lib/same-secret.ts';

/**
 * The running shop's local control channel (decision 097): HTTP over a Unix socket in the data
 * directory, readable and writable by the shop's user only, and every request must carry the
 * token of `DATA_DIR/shop.lock`. Nothing listens on a network port, so it is reachable from
 * this machine only, by someone who can already read the database files.
 *
 * `GET /backup` answers a consistent copy of the embedded database (PGlite's data-directory
 * dump, taken between two statements after a checkpoint), so a backup never stops the shop.
 */

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'shop.sock');

/** Unix socket paths are limited to about 100 bytes (108 on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;

export interface ControlSocket {
  close(): Promise<void>;
}

export async function startControlSocket(options: {
  dataDir: string;
  token: string;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<ControlSocket | null> {
  const { database, log, token } = options;
  const socketPath = controlSocketPath(options.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn({ socketPath }, 'control socket path too long: backups need the shop stopped');
    return null;
  }
  const server = http.createServer((request, response) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !sameSecret(given, token)) {
      response.writeHead(401).end();
      return;
    }
    if (request.method !== 'GET' || request.url !== '/backup' || !database.dump) {
      response.writeHead(404).end();
      return;
    }
    void (async () => {
      try {
        // Dirty pages go to the data files first, so the copy needs little WAL replay.
        await database.db.execute(sql`checkpoint`);
        const dump = await database.dump!();
        const bytes = Buffer.from(await dump.arrayBuffer());
        response.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': bytes.length });
        response.end(bytes);
        log.info({ bytes: bytes.length }, 'database copy made for a backup');
      } catch (error) {
        log.error({ err: error }, 'database copy for a backup failed');
        if (!response.headersSent) response.writeHead(500);
        response.end();
      }
    })();
  });
  // The shop holds the data directory's lock, so a socket file left here belongs to a dead shop.
  await unlink(socketPath).catch(() => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  // Neither the socket nor a backup being copied keeps a shutting-down process alive.
  server.unref();
  return {
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unlink(socketPath).catch(() => {});
    },
  };
}

export class ShopNotRunningError extends Error {
  override name = 'ShopNotRunningError';
}

/** Asks the running shop for a copy of its database, written to `file`. */
export async function requestDatabaseCopy(dataDir: string, token: string, file: string): Promise<void> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(
      {
        socketPath: controlSocketPath(dataDir),
        path: '/backup',
        headers: { authorization: `Bearer ${token}` },
      },
      resolve,
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') {
        reject(new ShopNotRunningError('the shop does not answer on its control socket'));
      } else reject(error);
    });
  });
  if (response.statusCode !== 200) {
    response.resume();
    throw new Error(`the running shop refused the backup (HTTP ${response.statusCode})`);
  }
  await pipeline(response, createWriteStream(file));
}
