import type { Request, RequestHandler } from 'express';
import type { GraphQLSchema } from 'graphql';
import type { MongoClient } from 'mongodb';

/** The exporters the standard variables can name (see tracesFromEnv in src/config.ts). */
export type TraceExporterName = 'otlp' | 'console';

/** Where spans go: named exporters from the environment, or exporter objects a caller hands over (tests). */
export interface TracingSetup {
  exporters: ReadonlyArray<TraceExporterName | SpanExporter>;
}

/** The SDK's SpanExporter, described by its shape: this module imports nothing of OpenTelemetry, not even types. */
export interface SpanExporter {
  export(spans: unknown[], resultCallback: (result: { code: number; error?: Error }) => void): void;
  shutdown(): Promise<void>;
  forceFlush?(): Promise<void>;
}

export interface Tracing {
  /** The server span of each request (named by its route's template); everything the request does runs in its context. */
  middleware(routeOf: (req: Request) => string): RequestHandler;
  exporters: string[];
  /** Sends the spans still held and stops exporting. */
  shutdown(): Promise<void>;
}

/**
 * Starts the SDK for this gateway: its tracer, the request middleware, resolver, loader and MongoDB command spans. The
 * SDK is required here, and only here: a gateway that does not trace never loads it (this module loads no part of
 * OpenTelemetry).
 */
export async function startTracing(setup: TracingSetup, seams: { schema: GraphQLSchema; client: MongoClient; version: string }): Promise<Tracing> {
  // Required here, not imported at the top: the SDK is loaded by a gateway that traces, and only then.
  const { startTracer } = require('./traced') as typeof import('./traced');
  return startTracer(setup, seams);
}
