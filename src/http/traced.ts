import { context, defaultTextMapGetter, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ConsoleSpanExporter, NodeTracerProvider, SimpleSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { SpanExporter as SdkSpanExporter } from '@opentelemetry/sdk-trace-base';
import {
  ATTR_CLIENT_ADDRESS,
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
  ATTR_USER_AGENT_ORIGINAL,
} from '@opentelemetry/semantic-conventions';
import type { NextFunction, Request, Response } from 'express';
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql';
import type { MongoClient } from 'mongodb';
import { traceCommands } from '../store/command-spans';
import { errorTypeOf, TRACER, tracerOf } from '../store/trace-seam';
import type { Tracing, TracingSetup } from './tracing-types';

const SERVICE_NAME = 'ar-admin-gateway';

function failed(span: Span, error: unknown): void {
  const type = errorTypeOf(error);
  span.setAttribute(ATTR_ERROR_TYPE, type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
}

/**
 * A span per Query and Mutation field: each reads or writes the store through the domain, and what it causes (its
 * MongoDB commands) is its children. Nested fields are not wrapped (a span per field of a 100-item page would cost
 * more than it tells): they read through the request's loaders, whose batches have spans of their own (trace-seam).
 */
const wrapped = new WeakSet<object>();
function traceRootFields(schema: GraphQLSchema): void {
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const resolve = field.resolve;
      if (!resolve || wrapped.has(field)) continue;
      wrapped.add(field);
      const name = `${type?.name}.${field.name}`;
      const traced: GraphQLFieldResolver<unknown, unknown> = (source, args, ctx, info) => {
        const tracer = tracerOf();
        if (!tracer) return resolve(source, args, ctx, info);
        return tracer.startActiveSpan(
          name,
          { attributes: { 'graphql.operation.type': info.operation.operation, 'graphql.field.name': field.name } },
          (span) => {
            const ended = (value: unknown) => {
              span.end();
              return value;
            };
            const threw = (error: unknown) => {
              failed(span, error);
              span.end();
              throw error;
            };
            try {
              const result = resolve(source, args, ctx, info);
              return result instanceof Promise ? result.then(ended, threw) : ended(result);
            } catch (error) {
              return threw(error);
            }
          },
        );
      };
      field.resolve = traced;
    }
  }
}

function exporterOf(name: TracingSetup['exporters'][number]): SpanProcessor {
  if (name === 'console') return new SimpleSpanProcessor(new ConsoleSpanExporter());
  // The exporter reads OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT, _HEADERS, _TIMEOUT and _COMPRESSION itself.
  if (name === 'otlp') return new BatchSpanProcessor(new OTLPTraceExporter());
  return new SimpleSpanProcessor(name as unknown as SdkSpanExporter);
}

export async function startTracer(setup: TracingSetup, seams: { schema: GraphQLSchema; client: MongoClient; version: string }): Promise<Tracing> {
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: SERVICE_NAME, [ATTR_SERVICE_VERSION]: seams.version }))
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the defaults.
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: setup.exporters.map(exporterOf) });
  // The async-local context manager (a request's spans follow its awaits). Registering twice in one process keeps the
  // first; each gateway still makes its spans with its own tracer (TRACER).
  provider.register();
  const tracer = provider.getTracer(SERVICE_NAME, seams.version);
  const propagator = new W3CTraceContextPropagator();
  traceRootFields(seams.schema);
  traceCommands(seams.client);

  return {
    exporters: setup.exporters.map((exporter) => (typeof exporter === 'string' ? exporter : exporter.constructor.name)),
    shutdown: () => provider.shutdown(),
    middleware: (routeOf: (req: Request) => string) => (req: Request, res: Response, next: NextFunction) => {
      // A caller's `traceparent` (W3C Trace Context) makes this request's span a child of the caller's.
      const parent = propagator.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter);
      const local = req.socket.localPort;
      const span = tracer.startSpan(
        req.method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: req.method,
            [ATTR_URL_PATH]: req.path,
            [ATTR_URL_SCHEME]: req.protocol,
            ...(req.hostname ? { [ATTR_SERVER_ADDRESS]: req.hostname } : {}),
            ...(local ? { [ATTR_SERVER_PORT]: local } : {}),
            ...(req.socket.remoteAddress ? { [ATTR_CLIENT_ADDRESS]: req.socket.remoteAddress } : {}),
            ...(req.get('user-agent') ? { [ATTR_USER_AGENT_ORIGINAL]: req.get('user-agent') } : {}),
          },
        },
        parent,
      );
      res.once('close', () => {
        const route = routeOf(req);
        span.updateName(`${req.method} ${route}`);
        span.setAttribute(ATTR_HTTP_ROUTE, route);
        span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
        // A server span fails on a 5xx only: a 4xx is the client's (OpenTelemetry's HTTP conventions).
        if (res.statusCode >= 500) {
          span.setAttribute(ATTR_ERROR_TYPE, String(res.statusCode));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        if (!res.writableFinished) span.setAttribute(ATTR_ERROR_TYPE, 'connection closed');
        span.end();
      });
      context.with(trace.setSpan(parent, span).setValue(TRACER, tracer), next);
    },
  };
}
