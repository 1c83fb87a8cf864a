import type { Request, RequestHandler } from 'express';

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
