import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// connection string')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  NODE_ENV: z.string().default('development'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_LOCKOUT_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Unknown or revoked API keys per client address within LOGIN_LOCKOUT_SECONDS; past it they answer 429. */
  API_KEY_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** Seconds between sweeps recounting the statistics' days an import left marked (0: no sweep; see domain/stats/sweep.ts). */
  STATS_SWEEP_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Origins (scheme://host[:port], comma-separated) whose browser pages may call the API; unset, none may (no CORS). */
  CORS_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'each origin is scheme://host[:port], without a path')))
    .default([]),
  /**
   * `GET /metrics` (Prometheus): readable only with `Authorization: Bearer <METRICS_TOKEN>` when set; served on its own
   * listener (METRICS_HOST:METRICS_PORT) instead of the API's port when METRICS_PORT is set; neither set, no metrics.
   */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters (a random secret)').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Subscription WebSocket connections: all accounts together, per account, and the largest client message. */
  SUBSCRIPTION_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1000),
  SUBSCRIPTION_MAX_CONNECTIONS_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  SUBSCRIPTION_MAX_MESSAGE_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(65_536),
  /**
   * FCE MiPyME minimum amount (ARS, inclusive) overriding the published table for accounts without their own; unset,
   * the minimum in force on the voucher's date applies (src/domain/fce/minimum.ts). For the days between a new
   * resolution and the table's update.
   */
  /** Every write of a record needs If-Match (GraphQL: ifMatch); off, a write without it runs unconditionally (docs/writes.md). */
  REQUIRE_IF_MATCH: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  FCE_MIN_THRESHOLD_ARS: z.coerce.number().positive().max(1e12).optional(),
  /** Outside production, the first start on an empty store also creates a demo user and a demo data set (see docs/dashboard.md). */
  DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Encrypts stored secrets (certificate private keys): 32 bytes, base64 or hex. */
  SECRETS_KEY: z.string().optional(),
  /** ARCA/AFIP web services: WSAA and WSFEv1 per environment (default: the real homologación and production ones). */
  AFIP_WSAA_URL_TESTING: z.url().default('https://wsaahomo.afip.gov.ar/ws/services/LoginCms'),
  AFIP_WSAA_URL_PRODUCTION: z.url().default('https://wsaa.afip.gov.ar/ws/services/LoginCms'),
  AFIP_WSFE_URL_TESTING: z.url().default('https://wswhomo.afip.gov.ar/wsfev1/service.asmx'),
  AFIP_WSFE_URL_PRODUCTION: z.url().default('https://servicios1.afip.gov.ar/wsfev1/service.asmx'),
  /** WSFECRED, the FCE registry (WSFECRED manual v2.0.3, pág. 16; the WSDL's soap:address). */
  AFIP_WSFECRED_URL_TESTING: z.url().default('https://fwshomo.afip.gov.ar/wsfecred/FECredService'),
  AFIP_WSFECRED_URL_PRODUCTION: z.url().default('https://serviciosjava.afip.gob.ar/wsfecred/FECredService'),
  /** Bound on one exchange with an AFIP web service; past it the call answers 503 AFIP_UNAVAILABLE. */
  AFIP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export type Config = z.infer<typeof schema> & {
  production: boolean;
  /** Where traces go, from the standard OpenTelemetry variables (see tracesFromEnv); absent: no tracing. */
  traces?: Array<'otlp' | 'console'>;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value names the variable and what is wrong with it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return { ...parsed.data, production: parsed.data.NODE_ENV === 'production', traces: tracesFromEnv(present) };
}

const TRACE_EXPORTERS = new Set(['otlp', 'console', 'none']);

/**
 * Whether the process traces, and to what, from the standard OpenTelemetry variables. Off unless asked for:
 * `OTEL_SDK_DISABLED=true` turns it off whatever else is set; `OTEL_TRACES_EXPORTER` lists the exporters (`otlp`,
 * `console`, `none`); unset, an OTLP endpoint (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or `OTEL_EXPORTER_OTLP_ENDPOINT`)
 * turns OTLP on. OTLP goes over HTTP as JSON (`http/json`): another protocol is refused rather than sent where it would
 * not be read. The exporter reads the other `OTEL_EXPORTER_OTLP_*` variables (headers, timeout) itself, the batch
 * processor `OTEL_BSP_*`, the sampler `OTEL_TRACES_SAMPLER`.
 */
export function tracesFromEnv(env: NodeJS.ProcessEnv): Array<'otlp' | 'console'> | undefined {
  const set = (name: string) => env[name]?.trim() || undefined;
  if (set('OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return undefined;
  const named = set('OTEL_TRACES_EXPORTER')
    ?.split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = named?.filter((name) => !TRACE_EXPORTERS.has(name)) ?? [];
  if (unknown.length) throw new ConfigError(`OTEL_TRACES_EXPORTER: ${unknown.join(', ')} is not one of otlp, console, none`);
  const endpoint = set('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? set('OTEL_EXPORTER_OTLP_ENDPOINT');
  const exporters = (named ?? (endpoint ? ['otlp'] : [])).filter((name): name is 'otlp' | 'console' => name !== 'none');
  if (!exporters.length) return undefined;
  const protocolSetting = ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL'].find(set);
  const protocol = protocolSetting && set(protocolSetting);
  if (exporters.includes('otlp') && protocol && protocol !== 'http/json')
    throw new ConfigError(`${protocolSetting}: ${protocol} is not supported; this gateway exports OTLP over HTTP as JSON (http/json)`);
  return [...new Set(exporters)];
}

/**
 * Loads `ENV_FILE` (default `.env` in the working directory) into the environment when the file exists, with Node's
 * own parser: a variable already set in the environment keeps its value, so a deployment's settings win over the
 * file. Answers the file read, if any.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | null {
  const file = path.resolve(cwd, env.ENV_FILE || '.env');
  if (!fs.existsSync(file)) {
    if (env.ENV_FILE) throw new ConfigError(`ENV_FILE: ${file} does not exist`);
    return null;
  }
  process.loadEnvFile(file);
  return file;
}
