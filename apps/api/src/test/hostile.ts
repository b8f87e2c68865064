import fc from 'fast-check';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import type { Db } from '../db/client.ts';
import { createSession } from '../modules/users/sessions.ts';
import { multipart, sessionHeaders, snapshotUser, TEST_HOST, TEST_ORIGIN } from './users.ts';

/**
 * Property tests for "random and hostile bodies at every endpoint": whatever arrives, the API
 * never answers 5xx and never changes anything of a user who is not the caller.
 */

/** Per-endpoint test timeout: dozens of requests, each possibly an argon2 check, on a busy machine. */
export const HOSTILE_TEST_TIMEOUT = 180_000;

const nasty = [
  "' OR '1'='1",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '\u0000',
  '__proto__',
  'constructor',
  '%00',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '٠٥٥١٢٣٤٥٦٧',
  '0551234567',
  '+966551234567',
  '\u202eevil',
  'x'.repeat(5000),
  '🙂'.repeat(200),
];

export function hostileString(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(...nasty),
    ...(known.length > 0 ? [fc.constantFrom(...known)] : []),
  );
}

export function hostileValue(known: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    hostileString(known),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

/** What goes on the wire: a content type and bytes, or nothing. */
export interface WireBody {
  contentType?: string;
  payload?: string | Buffer;
}

export function hostileBody(fields: readonly string[], known: readonly string[]): fc.Arbitrary<WireBody> {
  const key = fc.oneof(
    fc.constantFrom(
      ...fields,
      '__proto__',
      'constructor',
      'status',
      'active',
      'role',
      'userId',
      'user',
      'id',
    ),
    fc.string(),
  );
  const object = fc.dictionary(key, hostileValue(known), { maxKeys: 8 });
  const textFields = fc.dictionary(key, hostileString(known), { maxKeys: 8 });
  const file = fc.record({
    name: fc.oneof(fc.constantFrom('userImage', 'file', 'UserName'), fc.string({ maxLength: 10 })),
    filename: fc.constantFrom('a.png', 'x.jpg', '', '../../evil.webp', 'a"b.png'),
    contentType: fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/octet-stream'),
    data: fc.oneof(
      fc.uint8Array({ maxLength: 2048 }),
      fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0])),
      fc.constant(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])),
    ),
  });
  return fc.oneof(
    fc.record({
      contentType: fc.constant('application/json'),
      payload: object.map((o) => JSON.stringify(o)),
    }),
    fc.record({
      contentType: fc.constant('application/json'),
      payload: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    }),
    // Broken JSON and mislabelled bodies.
    fc.record({
      contentType: fc.constantFrom(
        'application/json',
        'text/plain',
        'multipart/form-data; boundary=x',
        'application/xml',
      ),
      payload: fc.string({ unit: 'binary', maxLength: 300 }),
    }),
    fc.record({ fields: textFields, files: fc.array(file, { maxLength: 2 }) }).map(({ fields: f, files }) => {
      const form = multipart(
        f,
        files.map((x) => ({ ...x, data: Buffer.from(x.data) })),
      );
      return { contentType: form.headers['content-type'], payload: form.payload };
    }),
    fc.constant({}),
  );
}

export interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The URL for a path parameter (ignored by paths without one). */
  url: (param: string) => string;
  /** Body field names worth trying; absent for calls without a body. */
  fields?: readonly string[];
  numRuns?: number;
}

export interface HostileContext {
  app: App;
  db: Db;
  /** The caller: a fresh session of this user is made for every request. */
  attackerId: string;
  /** Users whose data must not change. */
  victimIds: readonly string[];
  /** Ids and values worth trying in paths and bodies (other users' ids, e-mails, line ids...). */
  known: readonly string[];
  /** What a victim snapshot leaves out, e.g. reset requests anyone may make for any account. */
  snapshot?: (db: Db, userId: string) => Promise<string>;
}

/** Throws random and hostile requests at one endpoint. */
export async function assertSurvivesHostileRequests(
  context: HostileContext,
  endpoint: Endpoint,
): Promise<void> {
  const snapshot = context.snapshot ?? snapshotUser;
  const before = await Promise.all(context.victimIds.map((id) => snapshot(context.db, id)));
  const request = fc.record({
    param: fc.oneof(fc.constantFrom(...context.known, context.attackerId), hostileString(context.known)),
    body: endpoint.fields ? hostileBody(endpoint.fields, context.known) : fc.constant<WireBody>({}),
    auth: fc.constantFrom('cookie', 'bearer', 'none', 'garbage'),
    lang: fc.constantFrom('ar', 'en', 'fr'),
    ip: fc.ipV4(),
  });
  await fc.assert(
    fc.asyncProperty(request, async ({ param, body, auth, lang, ip }) => {
      const { token } = await createSession(context.db, context.attackerId, 1);
      const session = sessionHeaders(context.attackerId, token);
      const headers: Record<string, string> = {
        host: TEST_HOST,
        'accept-language': lang,
        ...(auth === 'cookie' && session.cookie),
        ...(auth === 'bearer' && session.bearer),
        ...(auth === 'garbage' && { cookie: `session=${token.slice(1)}A`, origin: TEST_ORIGIN }),
        ...(body.contentType && { 'content-type': body.contentType }),
      };
      let url: string;
      try {
        url = endpoint.url(param);
      } catch {
        return; // a value no client could put in a URL
      }
      const res = await context.app.inject({
        method: endpoint.method,
        url,
        headers,
        remoteAddress: ip,
        ...(body.payload !== undefined && { payload: body.payload }),
      });
      expect(res.statusCode, `${endpoint.name}: ${res.body}`).toBeLessThan(500);
    }),
    { numRuns: endpoint.numRuns ?? 30 },
  );
  const after = await Promise.all(context.victimIds.map((id) => snapshot(context.db, id)));
  expect(after, `${endpoint.name} changed another user's data`).toEqual(before);
}
