import type { Span } from '@opentelemetry/api';
import type { OpenSpan, RequestSpan, SpanOptions, Tracing } from './tracing.ts';

/**
 * The OpenTelemetry SDK behind `tracing.ts`, loaded only when tracing is on. Its packages are
 * imported here, inside the function, so that the server's bundle keeps them out of its start
 * too. Spans are made by the shop's own code (request hooks, the database client, Redis, the
 * providers' fetch, the page render) rather than by instrumentations that patch modules as
 * they load (decision 183 says why).
 *
 * The exporter is OTLP over HTTP with JSON bodies, configured by OpenTelemetry's own variables:
 * OTEL_EXPORTER_OTLP_ENDPOINT (the collector; spans go to its `/v1/traces`), and as the SDK
 * reads them OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME,
 * OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER(_ARG).
 */
export async function startSdk(env: NodeJS.ProcessEnv): Promise<Tracing> {
  const [api, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, resources] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const { context, propagation, trace, ROOT_CONTEXT, SpanKind, SpanStatusCode } = api;
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'shop' }))
    // OTEL_RESOURCE_ATTRIBUTES (a deployment's `deployment.environment.name=…`, a host name).
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The context of each request follows its asynchronous work (AsyncLocalStorage), and an
  // incoming `traceparent` is continued (W3C trace context).
  provider.register();
  const tracer = provider.getTracer('shop');

  const kinds = { client: SpanKind.CLIENT, internal: SpanKind.INTERNAL };
  const failed = (span: Span, error: unknown) => {
    // The error's kind, not its message: a database's message can repeat the values it refused.
    const pgCode = (error as { code?: unknown } | null)?.code;
    const type = typeof pgCode === 'string' ? pgCode : error instanceof Error ? error.name : typeof error;
    span.setAttribute('error.type', type);
    span.setStatus({ code: SpanStatusCode.ERROR, message: type });
  };
  const open = (span: Span): OpenSpan => ({
    set: (name, value) => span.setAttribute(name, value),
    end(error) {
      if (error !== undefined) failed(span, error);
      span.end();
    },
  });
  const start = (name: string, options: SpanOptions) => {
    const current = context.active();
    const from = trace.getSpan(current);
    if (options.requireParent && !from) return undefined;
    return tracer.startSpan(
      name,
      {
        kind: kinds[options.kind ?? 'internal'],
        ...(options.attributes && { attributes: options.attributes }),
        ...(options.root && from && { links: [{ context: from.spanContext() }] }),
      },
      options.root ? ROOT_CONTEXT : current,
    );
  };

  return {
    startRequest(method, headers): RequestSpan {
      const parent = propagation.extract(ROOT_CONTEXT, headers);
      const span = tracer.startSpan(
        method,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
        parent,
      );
      const current = trace.setSpan(parent, span);
      let ended = false;
      return {
        traceId: span.spanContext().traceId,
        route(pattern) {
          if (!pattern) return;
          span.updateName(`${method} ${pattern}`);
          span.setAttribute('http.route', pattern);
        },
        enter: (next) => context.with(current, next),
        end(status) {
          if (ended) return;
          ended = true;
          span.setAttribute('http.response.status_code', status);
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
    traceId: () => trace.getSpan(context.active())?.spanContext().traceId,
    start(name, options) {
      const span = start(name, options);
      return span && open(span);
    },
    inSpan(name, options, work) {
      const span = start(name, options);
      if (!span) return work({ set() {}, end() {} });
      const handle = open(span);
      return context.with(trace.setSpan(context.active(), span), async () => {
        try {
          const result = await work(handle);
          handle.end();
          return result;
        } catch (error) {
          handle.end(error);
          throw error;
        }
      });
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
