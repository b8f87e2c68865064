import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { RequestSpan, Tracing } from '../lib/tracing.ts';

/** Each request's server span, from its logger's creation to its answer. */
const spans = new WeakMap<IncomingMessage, RequestSpan>();

/**
 * Fastify's child logger factory while tracing is on: the request's span begins when its logger
 * is made (right after routing, before its first log line), continuing the caller's
 * `traceparent`, so every line the request logs carries `traceId` beside `reqId`.
 */
export function tracedRequestLogger(tracing: Tracing): FastifyServerOptions['childLoggerFactory'] {
  return (logger, bindings, options, raw) => {
    const span = tracing.startRequest(raw.method ?? 'GET', raw.headers);
    spans.set(raw, span);
    return logger.child({ ...bindings, traceId: span.traceId }, options);
  };
}

/** The answer carries its trace's id; the span ends when the answer is sent or the client left. */
function finishing(span: RequestSpan, reply: FastifyReply) {
  void reply.header('x-trace-id', span.traceId);
  reply.raw.once('close', () => span.end(reply.raw.statusCode));
}

/**
 * The first of the app's hooks: names the span after the route pattern (`GET
 * /api/Product/Select/Product/:id`, pages `GET *`), and runs the rest of the request (hooks,
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
