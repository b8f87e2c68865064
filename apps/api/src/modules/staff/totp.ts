import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';

/**
 * Two-step sign-in with TOTP codes (RFC 6238: six digits, 30 s, SHA-1, what every
 * authenticator app reads from a QR code). Decision 102.
 *
 * Secrets are sealed with AES-256-GCM before they reach the database, so a dump of the
 * database (a backup, a replica) does not hand out second factors. The key is STAFF_TOTP_KEY,
 * or a random key kept in `<DATA_DIR>/secrets/staff-totp.key` (created on first use, mode 0600).
 */

const ISSUER = 'Riyadh electronics shop';
/** One step either side: a phone clock a little off, or a code typed as it turned over. */
const TOLERANCE_SECONDS = 30;
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

function sealingKey(config: Config): Promise<Buffer> {
  if (config.staff.totpKey) return Promise.resolve(config.staff.totpKey);
  let key = keys.get(config.dataDir);
  if (!key) {
    key = keyFileKey(config.dataDir);
    keys.set(config.dataDir, key);
    key.catch(() => keys.delete(config.dataDir));
  }
  return key;
}

export async function sealSecret(config: Config, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await sealingKey(config), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export async function openSecret(config: Config, sealed: string): Promise<string> {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('unknown TOTP secret format');
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', await sealingKey(config), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

export function newTotpSecret(): string {
  return generateSecret();
}

/** What an authenticator app needs: the URI and its QR code as a PNG data URL. */
export async function enrolment(secret: string, email: string) {
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

/**
 * Checks a code. Returns the time step it matched, or null. A code at or before
 * `lastStep` is refused, so an overheard code cannot be replayed.
 */
export async function checkCode(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(lastStep !== null && { afterTimeStep: lastStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
