import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * Secrets the shop must read back (staff two-step secrets, the payment provider's keys) are
 * sealed with AES-256-GCM before they reach the database, so a dump of the database (a backup,
 * a replica) hands out none of them. The key is STAFF_TOTP_KEY, or a random key kept in
 * `<DATA_DIR>/secrets/staff-totp.key` (created on first use, mode 0600).
 */

const SEALED_PREFIX = 'v1:';

const keys = new Map<string, Promise<Buffer>>();

async function keyFileKey(dataDir: string): Promise<Buffer> {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'staff-totp.key');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    // `wx`: when two processes race to create it, the second reads the first's key.
    await writeFile(file, key.toString('hex'), { flag: 'wx', mode: 0o600 });
    await chmod(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  }
}

type SealingConfig = Pick<Config, 'staff' | 'dataDir'>;

function sealingKey(config: SealingConfig): Promise<Buffer> {
  if (config.staff.totpKey) return Promise.resolve(config.staff.totpKey);
  let key = keys.get(config.dataDir);
  if (!key) {
    key = keyFileKey(config.dataDir);
    keys.set(config.dataDir, key);
    key.catch(() => keys.delete(config.dataDir));
  }
  return key;
}

/**
 * A key for another purpose (`label`) derived from the sealing key, so signed links need no
 * secret of their own and every process that shares the sealing key checks them alike.
 */
export async function derivedKey(config: SealingConfig, label: string): Promise<Buffer> {
  return createHmac('sha256', await sealingKey(config))
    .update(label)
    .digest();
}

export async function sealSecret(config: SealingConfig, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await sealingKey(config), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export async function openSecret(config: SealingConfig, sealed: string): Promise<string> {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('unknown sealed secret format');
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', await sealingKey(config), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
