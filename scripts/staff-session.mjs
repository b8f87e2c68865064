// A back-office member with a live session, written straight to the shop's database (for the
// benchmarks and the soak, which read the back office without signing in through its pages).
import { randomBytes } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';

/** Inserts the member (a random password nobody uses) and a session; returns its token. */
export async function memberWithSession(db, { email, name, role = 'staff', hours = 12 }) {
  const { hashPassword } = await tsImport('../apps/api/src/lib/password.ts', import.meta.url);
  const { insertStaff, insertStaffSession } = await tsImport(
    '../apps/api/src/modules/staff/service.ts',
    import.meta.url,
  );
  const member = await insertStaff(db, {
    email,
    name,
    role,
    // A live session needs a member who has a password; nobody signs in with this one.
    passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
    lang: 'ar',
  });
  const { token } = await insertStaffSession(db, { staffId: member.id, hours, ip: '127.0.0.1' });
  return token;
}
