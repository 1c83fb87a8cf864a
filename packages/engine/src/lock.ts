import fs from 'node:fs';
import path from 'node:path';

/**
 * `mongod.lock` names the engine serving a data directory (pid, host, port): it stops a second engine from opening
 * the directory, and lets another process of the application join the running one.
 */

export const LOCK_FILE = 'mongod.lock';

export interface LockInfo {
  pid: number;
  host?: string;
  port?: number;
}

/**
 * Whether `pid` is a running process. A killed process stays visible to kill(pid, 0) until its parent reaps it;
 * such a zombie holds no file or memory map any more, so it does not count (a supervisor restarting the engine
 * right after kill -9 must not be refused).
 */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return process.platform !== 'linux';
  }
}

export function readLock(dir: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

/** The lock's holder when it is a live process. */
export function liveHolder(dir: string): LockInfo | undefined {
  const holder = readLock(dir);
  return holder && processAlive(holder.pid) ? holder : undefined;
}

/** Takes the directory's lock, or throws if a live engine holds it. A lock left by a dead process is taken over. */
export function acquireLock(dir: string): void {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, JSON.stringify({ pid: process.pid } satisfies LockInfo));
      fs.closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(dir);
    if (holder && holder.pid !== process.pid && processAlive(holder.pid)) {
      throw new Error(`data directory ${dir} is locked by another engine (pid ${holder.pid}, ${file})`);
    }
    fs.rmSync(file, { force: true });
  }
  throw new Error(`could not take the lock ${file}`);
}

export function updateLock(dir: string, info: LockInfo): void {
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(info));
}

export function releaseLock(dir: string): void {
  if (readLock(dir)?.pid === process.pid) fs.rmSync(path.join(dir, LOCK_FILE), { force: true });
}
