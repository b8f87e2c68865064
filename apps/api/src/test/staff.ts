import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@shop/contract';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../lib/password.ts';
import { insertStaff, insertStaffSession, updateStaff, type StaffRow } from '../modules/staff/service.ts';

/**
 * Helpers for back-office API tests. Members are inserted directly (one argon2 hash per test
 * process); the sign-in route has its own tests.
 */

export const STAFF_PASSWORD = 'staff horse battery staple';
/** inject() talks to `localhost:80`; a named host keeps the Origin checks honest. */
export const ADMIN_HOST = 'shop.test';
export const ADMIN_ORIGIN = `http://${ADMIN_HOST}`;

let sequence = 0;
let passwordHash: Promise<string> | undefined;

export async function insertMember(
  db: Db,
  overrides: Partial<Pick<StaffRow, 'email' | 'name' | 'role' | 'disabled'>> & { role?: StaffRole } = {},
): Promise<StaffRow> {
  const unique = `${++sequence}${randomBytes(3).toString('hex')}`;
  passwordHash ??= hashPassword(STAFF_PASSWORD);
  const row = await insertStaff(db, {
    email: overrides.email ?? `member-${unique}@shop.test`,
    name: overrides.name ?? `Member ${unique}`,
    role: overrides.role ?? 'staff',
    passwordHash: await passwordHash,
    lang: 'ar',
  });
  return overrides.disabled ? updateStaff(db, row.id, { disabled: true }) : row;
}

/** Headers of a browser call from the back office: the staff cookie and a same-site Origin. */
export function staffHeaders(token: string): Record<string, string> {
  return { cookie: `staff_session=${token}`, origin: ADMIN_ORIGIN, host: ADMIN_HOST };
}

/** A member with a live session. */
export async function signedInMember(db: Db, overrides: Parameters<typeof insertMember>[1] = {}) {
  const member = await insertMember(db, overrides);
  const { token } = await insertStaffSession(db, { staffId: member.id, hours: 12, ip: '127.0.0.1' });
  return { member, token, headers: staffHeaders(token) };
}

/** The `staff_session` token a sign-in answer set, from its Set-Cookie header. */
export function staffCookieToken(setCookie: string | string[] | undefined): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const cookie of all) {
    const match = /^staff_session=([^;]*)/.exec(cookie);
    if (match?.[1]) return match[1];
  }
  return undefined;
}
