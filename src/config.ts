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
  /** Subscription WebSocket connections: all accounts together, per account, and the largest client message. */
  SUBSCRIPTION_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1000),
  SUBSCRIPTION_MAX_CONNECTIONS_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  SUBSCRIPTION_MAX_MESSAGE_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(65_536),
  /**
   * FCE MiPyME minimum amount (ARS, inclusive) overriding the published table for accounts without their own; unset,
   * the minimum in force on the voucher's date applies (src/domain/fce/minimum.ts). For the days between a new
   * resolution and the table's update.
   */
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

export type Config = z.infer<typeof schema> & { production: boolean };

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value names the variable and what is wrong with it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return { ...parsed.data, production: parsed.data.NODE_ENV === 'production' };
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
