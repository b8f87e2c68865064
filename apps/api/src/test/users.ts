import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../modules/users/schema.ts';
import { createSession } from '../modules/users/sessions.ts';
import { hashPassword } from '../lib/password.ts';
import type { UserRow } from '../modules/users/service.ts';

/**
 * Helpers for API tests that need signed-in shoppers. Users are inserted directly (one argon2
 * hash per test process) so tests stay fast; the login route has its own tests.
 */

export const TEST_PASSWORD = 'correct horse battery';
/** inject() talks to `localhost:80`; a named host keeps Origin checks honest. */
export const TEST_HOST = 'shop.test';
export const TEST_ORIGIN = `http://${TEST_HOST}`;

let sequence = 0;
let passwordHash: Promise<string> | undefined;

export async function insertUser(
  db: Db,
  overrides: Partial<Pick<UserRow, 'name' | 'email' | 'phone' | 'active' | 'image'>> = {},
): Promise<UserRow> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  // Test files share one database on PostgreSQL, each in its own process: a random email and
  // phone can meet another process's, so a clash on either is retried with new ones.
  for (let attempt = 1; ; attempt++) {
    const unique = `${++sequence}${randomBytes(4).toString('hex')}`;
    try {
      const [row] = await db
        .insert(users)
        .values({
          name: `Shopper ${unique}`,
          email: `shopper-${unique}@example.com`,
          // +96655 then 7 digits: a valid Saudi mobile.
          phone: `+96655${randomInt(1_000_000, 10_000_000)}`,
          passwordHash: await passwordHash,
          ...overrides,
        })
        .returning();
      return row!;
    } catch (error) {
      const clash = uniqueViolation(error);
      const ours =
        clash === 'users_phone_unique'
          ? !overrides.phone
          : clash === 'users_email_unique'
            ? !overrides.email
            : false;
      if (!ours || attempt >= 5) throw error;
    }
  }
}

/** The constraint a unique violation names, if the error (or its cause) is one. */
function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint;
  }
  return undefined;
}

export interface TestSession {
  userId: string;
  token: string;
  /** Headers of a browser call: the session cookie and a same-site Origin. */
  cookie: Record<string, string>;
  /** Headers of an API client call: `Authorization: Bearer`. */
  bearer: Record<string, string>;
}

export function sessionHeaders(userId: string, token: string): TestSession {
  return {
    userId,
    token,
    cookie: { cookie: `session=${token}`, origin: TEST_ORIGIN, host: TEST_HOST },
    bearer: { authorization: `Bearer ${token}`, host: TEST_HOST },
  };
}

/** A user with a live session. */
export async function signedInUser(
  db: Db,
  overrides: Parameters<typeof insertUser>[1] = {},
): Promise<TestSession & { user: UserRow }> {
  const user = await insertUser(db, overrides);
  const { token } = await createSession(db, user.id, 1);
  return { user, ...sessionHeaders(user.id, token) };
}

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(
  fields: Record<string, string>,
  files: FilePart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shoptest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Everything the database holds about one user, for "nothing of theirs changed" checks:
 * the account row, sessions, reset tokens, cart lines and addresses.
 */
export async function snapshotUser(db: Db, userId: string): Promise<string> {
  const result = await db.execute(sql`
    select json_build_object(
      'user', (select row_to_json(u) from users u where u.id = ${userId}),
      'sessions', (select coalesce(json_agg(s order by s.id), '[]') from sessions s where s.user_id = ${userId}),
      'resets', (select coalesce(json_agg(r order by r.id), '[]') from password_resets r where r.user_id = ${userId}),
      'cart', (select coalesce(json_agg(c order by c.id), '[]') from cart_items c where c.user_id = ${userId}),
      'addresses', (select coalesce(json_agg(a order by a.id), '[]') from addresses a where a.user_id = ${userId})
    ) as snapshot`);
  const rows = (result as unknown as { rows: { snapshot: unknown }[] }).rows;
  return JSON.stringify(rows[0]?.snapshot);
}

/** Every row of every table as text: to prove a secret was never stored. */
export async function dumpDatabase(db: Db): Promise<string> {
  const tables = await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const names = (tables as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename);
  const parts: string[] = [];
  for (const name of names) {
    const rows = await db.execute(
      sql.raw(`select coalesce(json_agg(t), '[]')::text as dump from "${name}" t`),
    );
    parts.push((rows as unknown as { rows: { dump: string }[] }).rows[0]?.dump ?? '');
  }
  return parts.join('\n');
}
