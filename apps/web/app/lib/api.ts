import type { ApiError, Lang } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import type { ApiFetch } from './load-context.ts';

/** A non-2xx answer of the API, with its `{code, message, fields}` body when it had one. */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly body: ApiError | undefined,
  ) {
    super(body?.message ?? `API answered ${status}`);
  }
  get code(): string | undefined {
    return this.body?.code;
  }
}

type Query = Record<string, string | number | undefined>;

export interface RequestOptions {
  query?: Query;
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiClient {
  readonly lang: Lang;
  get<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  post<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  put<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  delete<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  /** The raw Response, for callers that must forward headers (Set-Cookie after login). */
  raw(method: string, path: string, options?: RequestOptions): Promise<Response>;
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/**
 * An API answer parsed with its contract schema; a non-2xx answer throws ApiRequestError with
 * the API's `{code, message, fields}` when it sent one.
 */
export async function readAnswer<S extends z.ZodType>(response: Response, schema: S): Promise<z.output<S>> {
  const text = await response.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiRequestError(response.status, undefined);
    }
  }
  if (!response.ok) {
    // Loaded when an answer fails, so pages that only read do not download the schemas.
    const { apiErrorSchema } = await import('@shop/contract');
    const parsed = apiErrorSchema.safeParse(json);
    throw new ApiRequestError(response.status, parsed.success ? parsed.data : undefined);
  }
  return schema.parse(json);
}

/**
 * The one API client: every call goes through it and behaves alike. Every answer is parsed with its
 * contract schema, so a drifting server fails loudly here instead of deep inside a component.
 * Text fields come back in `lang` (sent as Accept-Language).
 */
export function createApiClient(fetcher: ApiFetch, lang: Lang): ApiClient {
  async function raw(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': lang };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    return fetcher(withQuery(path, options.query), {
      method,
      headers: { ...headers, ...options.headers },
      body,
    });
  }

  async function send<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>> {
    return readAnswer(await raw(method, path, options), schema);
  }

  return {
    lang,
    get: (path, schema, options) => send('GET', path, schema, options),
    post: (path, schema, options) => send('POST', path, schema, options),
    put: (path, schema, options) => send('PUT', path, schema, options),
    delete: (path, schema, options) => send('DELETE', path, schema, options),
    raw,
  };
}

/**
 * In loaders and actions: in-process calls through the load context (no network hop).
 * An API too busy to answer (503) becomes the page's own 503, with its Retry-After, so the
 * shopper gets the "busy, try again" page in their language and the right status.
 */
export function serverApi(context: AppLoadContext, lang: Lang): ApiClient {
  return createApiClient(async (path, init) => {
    const response = await context.apiFetch(path, init);
    if (response.status !== 503) return response;
    // A Response thrown from a loader or action is React Router's way to answer with a status.
    throw new Response(null, {
      status: 503,
      headers: { 'Retry-After': response.headers.get('retry-after') ?? '1' },
    });
  }, lang);
}

/** True when `error` is the API saying the thing asked for does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}
