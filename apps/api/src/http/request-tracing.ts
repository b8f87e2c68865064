import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { RequestSpan, Tracing } from '../lib/tracing.ts';

/** Each request's server span, from its logger's creation to its answer. */
const spans = new WeakMap<IncomingMessage, RequestSpan>();

/** The request loggers, which carry their request's trace id already. */
const requestLoggers = new WeakSet<object>();

type LoggerOptions = FastifyServerOptions['logger'];

/**
 * The shop's logger options while tracing is on: a line logged through the shop's logger rather
 * than a request's (a use case's, a background job's) carries the trace id of the span it was
 * written in, as a request's lines do. A logger given as `false` stays off.
 */
export function traceIdsInLogs(options: LoggerOptions, tracing: Tracing): LoggerOptions {
  if (!options || options === true) return options;
  return {
    ...options,
    mixin(_line, _level, logger) {
      const traceId = tracing.traceId();
      // A request's logger (or one made from it) has the id among its bindings already.
      if (!traceId || requestLoggers.has(logger) || 'traceId' in logger.bindings()) return {};
      return { traceId };
    },
  };
}

/**
 * Fastify's child logger factory while tracing is on: the request's span begins when its logger
 * is made (right after routing, before its first log line), continuing the caller's
 * `traceparent`, so every line the request logs carries `traceId` beside `reqId`.
 */
export function tracedRequestLogger(tracing: Tracing): FastifyServerOptions['childLoggerFactory'] {
  return (logger, bindings, options, raw) => {
    const span = tracing.startRequest(raw.method ?? 'GET', raw.headers);
    spans.set(raw, span);
    const child = logger.child({ ...bindings, traceId: span.traceId }, options);
    requestLoggers.add(child);
    return child;
  };
}

/** The answer carries its trace's id; the span ends when the answer is sent or the client left. */
function finishing(span: RequestSpan, reply: FastifyReply) {
  void reply.header('x-trace-id', span.traceId);
  reply.raw.once('close', () => span.end(reply.raw.statusCode));
}

/**
 * The first of the app's hooks: names the span after the route pattern (`GET
 * /api/Product/Select/Product/:id`; a page's is named again by its storefront route, below), and runs the rest of the request (hooks,
 * body, handler, render) in the span's context, so that the spans it makes are its children.
 * A body that arrives later keeps that context: Fastify's parsers call back through an
 * AsyncResource bound to the request, and the pages read theirs by awaiting a stream's promises.
 */
export function traceRequests(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const span = spans.get(request.raw);
    if (!span) return done();
    span.route(request.routeOptions.url);
    finishing(span, reply);
    span.enter(done);
  });
}

/** A request the router refused (an unreadable path): no hook runs for it, its span ends here. */
export function traceRefusedRequest(request: FastifyRequest, reply: FastifyReply) {
  const span = spans.get(request.raw);
  if (span) finishing(span, reply);
}

/**
 * Names a page request's span after the storefront route it matched (`GET /product/:id`), where
 * Fastify matched only its catch-all (`*`). `pattern` is asked only while the request is traced.
 */
export function tracePageRoute(request: FastifyRequest, pattern: () => string) {
  spans.get(request.raw)?.route(pattern());
}
