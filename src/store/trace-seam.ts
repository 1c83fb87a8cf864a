import { type Attributes, context, createContextKey, SpanStatusCode, type Tracer } from '@opentelemetry/api';

/**
 * The tracer of the gateway serving the current request, carried in the request's context (set by its server span,
 * src/http/traced.ts): the spans of a request's reads are made by the gateway the request belongs to (tests run
 * several gateways in one process), and work outside any request (the statistics sweep, the change feed) makes none.
 * Only OpenTelemetry's API is imported here: without a tracing gateway it is a no-op, and a read pays one lookup.
 */
export const TRACER = createContextKey('ar-admin-gateway tracer');

export const tracerOf = (active = context.active()): Tracer | undefined => active.getValue(TRACER) as Tracer | undefined;

/** The code a failure is known by (an AppError's, a driver error's name), never its message: it may hold client data. */
export function errorTypeOf(error: unknown): string {
  const coded = error as { code?: unknown; extensions?: { code?: unknown }; codeName?: unknown; name?: unknown } | null;
  const code = coded?.extensions?.code ?? coded?.codeName ?? coded?.code ?? coded?.name;
  return typeof code === 'string' ? code : 'Error';
}

/** Runs a batched read (a loader's) in a span of its own when the request is traced; its commands are its children. */
export function tracedRead<T>(name: string, attributes: Attributes, read: () => Promise<T>): Promise<T> {
  const tracer = tracerOf();
  if (!tracer) return read();
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await read();
    } catch (error) {
      const type = errorTypeOf(error);
      span.setAttribute('error.type', type);
      span.setStatus({ code: SpanStatusCode.ERROR, message: type });
      throw error;
    } finally {
      span.end();
    }
  });
}
