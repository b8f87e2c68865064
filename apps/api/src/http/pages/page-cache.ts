import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gunzipSync, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeEvent, ChangeEvents } from '../../lib/change-events.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The only cookie an anonymous page may depend on: the language choice (`i18next`). */
const LANGUAGE_COOKIE = 'i18next';

/**
 * The longest a page is kept, changes or not: a safety net for a writer that does not publish
 * its change yet (stock taken by an order), never the way a change reaches visitors.
 */
export const PAGE_MAX_AGE_MS = 60_000;

/** A rendered page as the cache keeps it: compressed twice, never with a nonce inside. */
export interface CachedPage {
  etag: string;
  storedAt: number;
  headers: Record<string, string>;
  br: Buffer;
  gzip: Buffer;
  /** The products the page shows (its links); undefined: it may show any (a listing). */
  productIds: Set<number> | undefined;
  /** A form made from the page's HTML when first asked for (`PageCache.derived`). */
  derived?: { bytes: number };
  bytes: number;
}

/** A page just rendered, as the cache is offered it. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  html: string;
}

/**
 * The key of a request whose page may be shared with every visitor, or undefined. Only GET, and
 * only without a session and without any cookie but the language choice: a session cookie (even
 * an ended one), a one-time notice or anything unknown means the page is rendered for this request.
 */
export function sharedPageKey(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET' || request.headers.authorization !== undefined) return undefined;
  const cookies = request.cookies ?? {};
  for (const name of Object.keys(cookies)) if (name !== LANGUAGE_COOKIE) return undefined;
  return `${cookies[LANGUAGE_COOKIE] ?? ''} ${request.url}`;
}

const PRODUCT_PAGE = /^(?:\/en)?\/product\/([0-9]+)(?:[/?#]|$)/;
const PRODUCT_LINK = /\/product\/([0-9]+)/g;

/** The encodings an Accept-Encoding header accepts (q=0 refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of header?.split(',') ?? []) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name.trim());
  }
  return accepted;
}

/** Whether gzip may be sent. */
export function acceptsGzip(header: string | undefined): boolean {
  const accepted = acceptedEncodings(header);
  return accepted.has('gzip') || accepted.has('*');
}

/** The encoding to send: brotli, else gzip, else none. */
function pickEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = acceptedEncodings(header);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * The HTML without the render's nonce, and the hashes of its inline scripts: a cached page is
 * sent to many visitors, so a nonce in it would be one known to all of them. Its CSP allows
 * exactly its own inline scripts by hash instead.
 */
export function withoutNonce(html: string, nonce: string): { html: string; scriptHashes: string[] } {
  const clean = html.split(` nonce="${nonce}"`).join('');
  const scriptHashes: string[] = [];
  for (const match of clean.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc=/.test(attributes) || body === '') continue;
    scriptHashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return { html: clean, scriptHashes: [...new Set(scriptHashes)] };
}

/**
 * Server-rendered pages for visitors without a session, shared between them: kept compressed
 * (brotli and gzip) up to `maxBytes`, the least recently used dropped first, answered with an
 * ETag and 304 to a matching If-None-Match, and dropped when what they show changes (the change
 * bus): a product change drops the product pages showing that product and every other page (a
 * listing or the home page may now show it, or not); content and settings drop them all.
 */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #pending = new Map<string, Promise<CachedPage | undefined>>();
  #bytes = 0;
  #hits = 0;
  #misses = 0;
  /** Bumped by every change: a render begun before it may hold old data and is not kept. */
  #generation = 0;
  readonly #unsubscribe: () => void;

  constructor(
    changes: ChangeEvents,
    private readonly maxBytes: number,
  ) {
    this.#unsubscribe = changes.on((event) => this.#invalidate(event));
  }

  get size() {
    return this.#entries.size;
  }

  get bytes() {
    return this.#bytes;
  }

  /** Answers from the cache (a visitor who waited for another's render included), renders it needed. */
  get stats() {
    return { hits: this.#hits, misses: this.#misses, entries: this.#entries.size, bytes: this.#bytes };
  }

  #invalidate(event: ChangeEvent) {
    this.#generation++;
    this.#pending.clear();
    const ids = event.topic === 'catalog' ? event.productIds : undefined;
    for (const [key, entry] of this.#entries) {
      const untouched = ids && entry.productIds && !ids.some((id) => entry.productIds!.has(id));
      if (!untouched) this.#delete(key);
    }
  }

  #delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  #store(key: string, entry: CachedPage) {
    if (entry.bytes > this.maxBytes) return;
    this.#delete(key);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#delete(oldest);
    }
  }

  /** The cached page of `key`, marked as just used. */
  #get(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (entry && Date.now() - entry.storedAt > PAGE_MAX_AGE_MS) {
      this.#delete(key);
      return undefined;
    }
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /**
   * Answers from the cache, or renders the page for this request (`render`) and keeps it when it
   * is a 200 without Set-Cookie; a page that cannot be shared goes to `sendAsRendered` alone.
   * Visitors asking for a page being rendered wait for that render instead of starting their own.
   */
  async serve(
    key: string,
    request: FastifyRequest,
    reply: FastifyReply,
    render: () => Promise<{ page: RenderedPage; nonce: string }>,
    sendAsRendered: (page: RenderedPage, nonce: string) => FastifyReply,
    csp: (scriptHashes: string[]) => string,
  ): Promise<FastifyReply> {
    const found = await this.find(key, render, csp);
    return found.entry ? send(request, reply, found.entry) : sendAsRendered(found.page, found.nonce);
  }

  /**
   * The cached page of `key`, rendered (`render`) and kept first when it is not there yet; a
   * page that cannot be shared (not a 200, or one setting a cookie) is given back as rendered.
   */
  async find(
    key: string,
    render: () => Promise<{ page: RenderedPage; nonce: string }>,
    csp: (scriptHashes: string[]) => string,
  ): Promise<
    { entry: CachedPage; page?: never; nonce?: never } | { entry?: never; page: RenderedPage; nonce: string }
  > {
    let entry = this.#get(key);
    if (!entry) {
      const pending = this.#pending.get(key);
      if (pending) entry = await pending;
    }
    if (entry) {
      this.#hits++;
      return { entry };
    }
    this.#misses++;
    const generation = this.#generation;
    let settle: (value: CachedPage | undefined) => void = () => {};
    const filling = new Promise<CachedPage | undefined>((resolve) => (settle = resolve));
    this.#pending.set(key, filling);
    try {
      const { page, nonce } = await render();
      entry = await this.#prepare(key, page, nonce, csp);
      if (!entry) return { page, nonce };
      if (generation === this.#generation) this.#store(key, entry);
      return { entry };
    } finally {
      if (this.#pending.get(key) === filling) this.#pending.delete(key);
      settle(entry);
    }
  }

  /**
   * A form of a cached page made from its HTML the first time it is asked for (the pieces a
   * signed-in shopper's page is put together from), then kept with the page and counted in its
   * bytes.
   */
  derived<T extends { bytes: number }>(key: string, entry: CachedPage, make: (html: string) => T): T {
    if (entry.derived === undefined) {
      const made = make(gunzipSync(entry.gzip).toString('utf8'));
      entry.derived = made;
      entry.bytes += made.bytes;
      if (this.#entries.get(key) === entry) this.#bytes += made.bytes;
    }
    return entry.derived as T;
  }

  async #prepare(
    key: string,
    page: RenderedPage,
    nonce: string,
    csp: (scriptHashes: string[]) => string,
  ): Promise<CachedPage | undefined> {
    if (page.status !== 200 || page.headers.has('set-cookie')) return undefined;
    const { html, scriptHashes } = withoutNonce(page.html, nonce);
    const raw = Buffer.from(html);
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 11,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipAsync(raw, { level: 9 }),
    ]);
    const headers: Record<string, string> = {};
    page.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'vary'].includes(name)) headers[name] = value;
    });
    headers.vary = 'Cookie, Accept-Encoding';
    headers['content-security-policy'] = csp(scriptHashes);
    const path = key.slice(key.indexOf(' ') + 1);
    const productIds = PRODUCT_PAGE.test(path)
      ? new Set(
          [...html.matchAll(PRODUCT_LINK)]
            .map((m) => Number(m[1]))
            .concat(Number(PRODUCT_PAGE.exec(path)![1])),
        )
      : undefined;
    return {
      storedAt: Date.now(),
      etag: `W/"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
      headers,
      br,
      gzip: gz,
      productIds,
      bytes: br.length + gz.length + key.length + 512,
    };
  }

  close() {
    this.#unsubscribe();
    this.#entries.clear();
    this.#pending.clear();
    this.#bytes = 0;
  }
}

function send(request: FastifyRequest, reply: FastifyReply, entry: CachedPage): FastifyReply {
  reply.headers(entry.headers);
  reply.header('etag', entry.etag);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim() === entry.etag || tag.trim() === '*')) {
    return reply.status(304).send();
  }
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.status(200);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(entry.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(entry.gzip);
  // A client that takes neither (rare: scripts, old tools) gets the page inflated.
  return reply.send(gunzipSync(entry.gzip));
}
