import type { GraphQLSchema } from 'graphql';
import type { MongoClient } from 'mongodb';
import type { Tracing, TracingSetup } from './tracing-types';

export type { SpanExporter, TraceExporterName, Tracing, TracingSetup } from './tracing-types';

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
