import type { Request, RequestHandler } from 'express';
import type { GraphQLSchema } from 'graphql';
import type { MongoClient } from 'mongodb';
import { ConfigError } from '../config';

/**
 * Whether this process traces, from the standard OpenTelemetry variables; this module loads no part of OpenTelemetry,
 * so a gateway that does not trace never loads the SDK (`./traced` is required only when it does).
 *
 * Off unless asked for: `OTEL_SDK_DISABLED=true` turns it off whatever else is set; `OTEL_TRACES_EXPORTER` lists the
 * exporters (`otlp`, `console`, `none`); unset, an OTLP endpoint (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_ENDPOINT`) turns OTLP on. OTLP goes over HTTP as JSON (`http/json`); the exporter reads the other
 * `OTEL_EXPORTER_OTLP_*` variables (headers, timeout) itself, the batch processor `OTEL_BSP_*`, the sampler
 * `OTEL_TRACES_SAMPLER`.
 */
export type TraceExporterName = 'otlp' | 'console';

/** Where spans go: named exporters from the environment, or exporter objects a caller hands over (tests). */
export interface TracingSetup {
  exporters: ReadonlyArray<TraceExporterName | SpanExporter>;
}

/** The SDK's SpanExporter, structurally (importing its type would not load it, but keeps the seam explicit). */
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

const EXPORTERS = new Set(['otlp', 'console', 'none']);
const PROTOCOLS = new Set(['http/json']);

export function tracingFromEnv(env: NodeJS.ProcessEnv): TracingSetup | undefined {
  const set = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  if (set('OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return undefined;
  const named = set('OTEL_TRACES_EXPORTER')
    ?.split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = named?.filter((name) => !EXPORTERS.has(name)) ?? [];
  if (unknown.length) throw new ConfigError(`OTEL_TRACES_EXPORTER: ${unknown.join(', ')} is not one of otlp, console, none`);
  const endpoint = set('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? set('OTEL_EXPORTER_OTLP_ENDPOINT');
  const exporters = (named ?? (endpoint ? ['otlp'] : [])).filter((name): name is TraceExporterName => name !== 'none');
  if (!exporters.length) return undefined;
  const protocolSetting = ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL'].find(set);
  const protocol = protocolSetting && set(protocolSetting);
  if (exporters.includes('otlp') && protocol && !PROTOCOLS.has(protocol))
    throw new ConfigError(`${protocolSetting}: ${protocol} is not supported; this gateway exports OTLP over HTTP as JSON (http/json)`);
  return { exporters: [...new Set(exporters)] };
}

/** Starts the SDK for this gateway: its tracer, the request middleware, resolver and MongoDB command spans. */
export async function startTracing(setup: TracingSetup, seams: { schema: GraphQLSchema; client: MongoClient; version: string }): Promise<Tracing> {
  // Required here, not imported at the top: the SDK is loaded by a gateway that traces, and only then.
  const { startTracer } = require('./traced') as typeof import('./traced');
  return startTracer(setup, seams);
}
