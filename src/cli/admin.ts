import { parseArgs } from 'node:util';
import { STARTUP_STEPS } from '../domain/startup-steps';
import { loadConfig, loadEnvFile } from '../config';
import { createAccount, createApiKey, createUser, revokeApiKey, setAllowNegativeStock, setWidget } from '../domain/auth/auth.admin';
import { parseScopes, type Role, type Scope } from '../domain/auth/scopes';
import { declaredIndexes } from '../domain/declarations';
import { AppError } from '../domain/errors';
import { ensureIndexes } from '../store/catalog';
import { upgradeStoredData } from '../store/upgrades';
import { connectStore, type StoreConnection } from '../store/connect';
import { Store } from '../store/store';
import { backupCommand, restoreCommand } from './backup';
import { verifyBooksCommand } from './verify-books';
import { CommandOutcome, verifyLedgerCommand } from './verify-ledger';

/**
 * `npm run admin -- <command> [options]`: JSON on stdout. Works beside a running gateway (it joins the engine the
 * gateway started on DATA_DIR) and without one (it starts the engine itself).
 */

const USAGE = `usage: npm run admin -- <command> [options]
  create-account --name NAME --cuit CUIT
  create-api-key --account ID --scopes a:read,b:write [--user ID] [--name NAME]
  create-user --account ID --email EMAIL --password PASSWORD [--role owner|viewer]
  set-widget --account ID --widget NAME --active true|false
  set-negative-stock --account ID --allow true|false
  revoke-api-key --id ID
  verify-ledger --account ID   (exit 3 when the stored totals disagree with the journal lines)
  verify-books --account ID [--period YYYY-MM]   (exit 3 when the VAT book lines disagree with their sources)
  backup --out FILE   (a consistent copy of the embedded store, taken while the gateway runs)
  restore --from FILE   (puts a backup back in DATA_DIR; the gateway must be stopped)`;

class UsageError extends Error {}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function booleanOption(values: Record<string, string | undefined>, name: string): boolean {
  const value = required(values, name);
  if (value !== 'true' && value !== 'false') throw new UsageError(`--${name} must be true or false`);
  return value === 'true';
}

async function run(store: Store, command: string, values: Record<string, string | undefined>): Promise<unknown> {
  switch (command) {
    case 'create-account':
      return { id: (await createAccount(store, { name: required(values, 'name'), cuit: required(values, 'cuit') })).toHexString() };
    case 'create-api-key': {
      let scopes: Scope[];
      try {
        scopes = parseScopes(required(values, 'scopes'));
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const created = await createApiKey(store, { accountId: required(values, 'account'), scopes, userId: values.user, name: values.name });
      return { id: created.id.toHexString(), key: created.key };
    }
    case 'create-user':
      return {
        id: (
          await createUser(store, {
            accountId: required(values, 'account'),
            email: required(values, 'email'),
            password: required(values, 'password'),
            role: values.role as Role | undefined,
          })
        ).toHexString(),
      };
    case 'set-widget': {
      await setWidget(store, required(values, 'account'), required(values, 'widget'), booleanOption(values, 'active'));
      return { ok: true };
    }
    case 'set-negative-stock': {
      await setAllowNegativeStock(store, required(values, 'account'), booleanOption(values, 'allow'));
      return { ok: true };
    }
    case 'revoke-api-key':
      await revokeApiKey(store, required(values, 'id'));
      return { ok: true };
    case 'verify-ledger':
      return verifyLedgerCommand(store, required(values, 'account'));
    case 'verify-books':
      return verifyBooksCommand(store, required(values, 'account'), values.period);
    case 'backup':
      return backupCommand(store.client, required(values, 'out'));
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
}

/** Where the CLI writes, and the store it works on (opened per run, closed after it). */
export interface AdminIo {
  out(text: string): void;
  err(text: string): void;
  open(): Promise<Pick<StoreConnection, 'client' | 'close'>>;
  /** The embedded store's data directory (restore works on it without opening it), when the store is not MONGODB_URI's. */
  dataDir?: string;
}

/** Runs one admin command; answers the exit code (0 done, 1 refused with error JSON, 2 usage, 3 a check found differences). */
export async function runAdmin(args: string[], io: AdminIo): Promise<number> {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: Object.fromEntries(
        ['name', 'cuit', 'account', 'scopes', 'user', 'email', 'password', 'role', 'widget', 'active', 'allow', 'id', 'period', 'out', 'from'].map((name) => [
          name,
          { type: 'string' as const },
        ]),
      ),
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const [command] = parsed.positionals;
  // A restore replaces the store's files: it runs with no engine on them, so it opens nothing.
  if (command === 'restore') {
    const from = parsed.values.from;
    if (typeof from !== 'string' || !from) {
      io.err(`--from is required\n${USAGE}\n`);
      return 2;
    }
    const outcome = restoreCommand(io.dataDir, from, new Date());
    io.out(`${JSON.stringify(outcome.output)}\n`);
    return outcome.exitCode;
  }
  const connection = await io.open();
  try {
    const store = Store.on(connection.client);
    await ensureIndexes(store.db, declaredIndexes());
    await upgradeStoredData(store.db, STARTUP_STEPS);
    const result = await run(store, command ?? '', parsed.values as Record<string, string | undefined>);
    io.out(`${JSON.stringify(result instanceof CommandOutcome ? result.output : result)}\n`);
    return result instanceof CommandOutcome ? result.exitCode : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof AppError) {
      io.out(`${JSON.stringify({ error: { code: error.code, message: error.message, details: error.details } })}\n`);
      return 1;
    }
    throw error;
  } finally {
    await connection.close();
  }
}

if (require.main === module) {
  loadEnvFile();
  const config = loadConfig();
  runAdmin(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    open: () => connectStore({ mongodbUri: config.MONGODB_URI, dataDir: config.DATA_DIR }),
    dataDir: config.MONGODB_URI ? undefined : config.DATA_DIR,
  }).then(
    (code) => process.exit(code),
    (error: Error) => {
      process.stderr.write(`${error.stack ?? error.message}\n`);
      process.exit(1);
    },
  );
}
