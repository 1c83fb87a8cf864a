import fs from 'node:fs';
import path from 'node:path';
import { servingEngine } from '@ar-admin/engine';
import type { MongoClient } from 'mongodb';
import { CommandOutcome } from './verify-ledger';

/** Exit code of a backup or restore that could not be made (the reason printed as JSON). */
const REFUSED = 1;
const refused = (code: string, message: string) => new CommandOutcome({ error: { code, message } }, REFUSED);

/**
 * `backup --out FILE`: a consistent copy of the embedded store taken while the gateway serves writes (the engine's
 * `backup` command: LMDB's compacting copy of one snapshot). Real MongoDB is backed up with mongodump instead.
 */
export async function backupCommand(client: MongoClient, out: string): Promise<CommandOutcome> {
  const file = path.resolve(out);
  try {
    const answer = await client.db('admin').command({ backup: 1, to: file });
    return new CommandOutcome({ backup: file, bytes: answer.bytes }, 0);
  } catch (error) {
    const { codeName, message } = error as { codeName?: string; message: string };
    if (codeName === 'CommandNotFound') return refused('NOT_EMBEDDED', 'the store is not the embedded engine: back MongoDB up with mongodump');
    return refused('BACKUP_FAILED', message);
  }
}

/**
 * `restore --from FILE`: puts a backup back as the data directory's store, while nothing serves that directory. The
 * store it replaces is kept beside it (`data.mdb.before-restore-…`), never deleted.
 */
export function restoreCommand(dataDir: string | undefined, from: string, now: Date): CommandOutcome {
  if (!dataDir) return refused('NOT_EMBEDDED', 'the store is MONGODB_URI’s: restore MongoDB with mongorestore');
  const file = path.resolve(from);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.size === 0) return refused('NO_BACKUP', `${file} is not a backup file`);
  if (servingEngine(dataDir)) return refused('STORE_IN_USE', `an engine serves ${dataDir}: stop the gateway (and the engine) before restoring`);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const current = path.join(dataDir, 'data.mdb');
  const kept = fs.existsSync(current) ? `${current}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}` : null;
  if (kept) fs.renameSync(current, kept);
  // The lock file describes the store it was made for; LMDB makes a new one for the restored store.
  fs.rmSync(path.join(dataDir, 'lock.mdb'), { force: true });
  fs.copyFileSync(file, current);
  fs.chmodSync(current, 0o600);
  return new CommandOutcome({ restored: dataDir, from: file, kept }, 0);
}
