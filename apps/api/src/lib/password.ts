import { hash, verify } from '@node-rs/argon2';

/** argon2id at the OWASP minimum (m=19 MiB, t=2, p=1); the library's default algorithm is argon2id. */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of nothing anyone knows: verifying against it costs what a real check costs. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such account) it still spends
 * the time of a real check, so answer times do not tell which accounts exist.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hashPassword(`no-account-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
