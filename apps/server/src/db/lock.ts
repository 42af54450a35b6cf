// A lock file that keeps two processes from opening one PGlite directory.
//
// PGlite happily lets two processes open the same data directory and then corrupts it, so
// the embedded database holds `${dir}.lock` while it is open. The file records the owner's
// pid and host; a lock whose process is gone (crash, kill -9) is stale and taken over.
import fs from 'node:fs';
import os from 'node:os';

interface LockOwner {
  pid: number;
  hostname: string;
  since: string;
}

/** Lock files this process holds right now (a pid match alone is not proof: containers reuse pid 1). */
const heldHere = new Set<string>();

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.hostname !== 'string') return null;
    return { pid: owner.pid, hostname: owner.hostname, since: String(owner.since ?? '') };
  } catch {
    return null; // unreadable or half-written: treat as stale
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(lockPath: string, owner: LockOwner | null): boolean {
  if (owner === null) return true;
  if (owner.hostname !== os.hostname()) return false; // cannot check another machine's processes
  if (owner.pid === process.pid) return !heldHere.has(lockPath);
  return !isAlive(owner.pid);
}

/**
 * Takes the lock at `lockPath` or throws a DatabaseLockedError naming the owner.
 * Returns the function that releases it.
 */
export function acquireLock(lockPath: string, what: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const owner: LockOwner = { pid: process.pid, hostname: os.hostname(), since: new Date().toISOString() };
      fs.writeFileSync(lockPath, JSON.stringify(owner), { flag: 'wx' });
      heldHere.add(lockPath);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (attempt === 0 && isStale(lockPath, owner)) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      const who = owner ? `process ${owner.pid} on ${owner.hostname}${owner.since ? ` since ${owner.since}` : ''}` : 'another process';
      throw new DatabaseLockedError(
        `${what} is already in use by ${who}. Stop that Pitlane server first, or set DATA_DIR to another directory. ` +
          `If you are sure no process uses it, delete ${lockPath}.`,
      );
    }
  }
  throw new DatabaseLockedError(`Could not lock ${what} (${lockPath}).`);
}
