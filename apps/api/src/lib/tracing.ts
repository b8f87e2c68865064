import type { IncomingHttpHeaders } from 'node:http';
import type { Redis } from 'ioredis';

/**
 * OpenTelemetry traces, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 183). This
 * file imports nothing of OpenTelemetry: the SDK (tracing-sdk.ts) is loaded by `startTracing()`
 * and only then, so a shop without the variable neither loads nor runs any of it. Every helper
 * here is a plain call of the work it is given while tracing is off.
 */

export type SpanAttributes = Record<string, string | number | boolean>;

export interface SpanOptions {
  /** `client` for a call to another service (database, Redis, a provider); `internal` else. */
  kind?: 'client' | 'internal';
  attributes?: SpanAttributes;
  /**
   * Recorded only inside another span (a request's, a render's): the database's and Redis's
   * statements of background tasks and of the start would each be a trace of their own.
   */
  requireParent?: boolean;
  /**
   * A trace of its own: a background job, whose work goes on after the request that started it
   * (if any) has ended. The span it was started from, if any, is linked rather than its parent.
   */
  root?: boolean;
}

/** A span begun: what the work learns as it goes, then its end (with the error that ended it). */
export interface OpenSpan {
  set(name: string, value: string | number | boolean): void;
  end(error?: unknown): void;
}

/** One request's server span. */
export interface RequestSpan {
  readonly traceId: string;
  /** Names the span after the route pattern the router matched (never the address itself). */
  route(pattern: string | undefined): void;
  /** Runs `next` (the rest of the request) in the span's context. */
  enter(next: () => void): void;
  end(status: number): void;
}

export interface Tracing {
  startRequest(method: string, headers: IncomingHttpHeaders): RequestSpan;
  /** The trace id of the span current here (a request's, a background job's), undefined outside one. */
  traceId(): string | undefined;
  /** A span under the current one, undefined when `requireParent` finds none. */
  start(name: string, options: SpanOptions): OpenSpan | undefined;
  /** `work` in a span of its own, current while the work runs (its own spans are its children). */
  inSpan<T>(name: string, options: SpanOptions, work: (span: OpenSpan) => Promise<T>): Promise<T>;
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
  /** Sends what is left and stops. */
  shutdown(): Promise<void>;
}

let tracing: Tracing | undefined;

/** Starts the SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set (once per process); undefined else. */
export async function startTracing(): Promise<Tracing | undefined> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  tracing ??= await (await import('./tracing-sdk.ts')).startSdk(process.env);
  return tracing;
}

/** The process's tracing, undefined when it is off. */
export function activeTracing(): Tracing | undefined {
  return tracing;
}

/** Sends the spans not yet sent and stops tracing (the server's shutdown). */
export async function stopTracing(): Promise<void> {
  const stopping = tracing;
  tracing = undefined;
  await stopping?.shutdown();
}

const noSpan: OpenSpan = { set() {}, end() {} };

/** `work` in a span of its own while tracing is on; `work` itself else. */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: OpenSpan) => Promise<T>) {
  return tracing ? tracing.inSpan(name, options, work) : work(noSpan);
}

/**
 * A background job's run (a periodic task's, a catalog import's) as a trace of its own while
 * tracing is on: its statements are its spans, and the lines it logs through the shop's logger
 * carry its trace id.
 */
export function inBackgroundSpan<T>(name: string, work: () => Promise<T>): Promise<T> {
  return tracing
    ? tracing.inSpan(name, { root: true, attributes: { 'shop.background': true } }, work)
    : work();
}

/**
 * `fetch` for the calls to a provider's API: each one a client span named after the method and
 * the provider (`POST fatoora`), with its address (without query) and answer's status. The
 * providers are other companies' services: the trace context is not sent to them.
 */
export function providerFetch(provider: string): typeof fetch {
  return (input, init) => {
    if (!tracing) return fetch(input, init);
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const url = new URL(request?.url ?? String(input));
    return tracing.inSpan(
      `${method} ${provider}`,
      {
        kind: 'client',
        attributes: {
          'http.request.method': method,
          'server.address': url.hostname,
          'url.full': `${url.origin}${url.pathname}`,
          'shop.provider': provider,
        },
      },
      async (span) => {
        const response = await fetch(input, init);
        span.set('http.response.status_code', response.status);
        return response;
      },
    );
  };
}

/** The first word of a statement (`SELECT`, `INSERT`, `BEGIN`…): a database span's name. */
function statementName(text: string): string {
  return /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
}

/** A statement's text as its span carries it: long enough to recognise, never its parameters. */
const QUERY_TEXT_MAX = 2_000;

/**
 * A database statement's span (a child of the current span, none outside one) while tracing is
 * on. `run` starts the statement and returns its promise, which is handed back unchanged.
 */
export function tracedStatement<R>(text: string, run: () => R): R {
  const span = tracing?.start(statementName(text), {
    kind: 'client',
    requireParent: true,
    attributes: {
      'db.system.name': 'postgresql',
      'db.operation.name': statementName(text),
      'db.query.text': text.length > QUERY_TEXT_MAX ? `${text.slice(0, QUERY_TEXT_MAX)}…` : text,
    },
  });
  return span ? endsWith(span, run) : run();
}

/** Ends `span` when what `run` returns settles (at once when it is not a promise). */
function endsWith<R>(span: OpenSpan, run: () => R): R {
  let result: R;
  try {
    result = run();
  } catch (error) {
    span.end(error);
    throw error;
  }
  // The same promise goes back to the caller: its handling (or not) of a failure is unchanged.
  if (result instanceof Promise)
    result.then(
      () => span.end(),
      (error: unknown) => span.end(error),
    );
  else span.end();
  return result;
}

/** Redis's commands (`GET`, `EVALSHA`…) as client spans inside a traced request; arguments are not recorded. */
export function traceRedisCommands(redis: Redis): void {
  const on = tracing;
  if (!on) return;
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command, stream) => {
    const name = command.name.toUpperCase();
    const span = on.start(name, {
      kind: 'client',
      requireParent: true,
      attributes: { 'db.system.name': 'redis', 'db.operation.name': name },
    });
    return span ? endsWith(span, () => send(command, stream)) : send(command, stream);
  };
}
