// CPU time spent per request, by the server process (Node) and by its PostgreSQL backends: a
// figure that stays meaningful on a busy shared machine, where requests per second do not (the
// other processes take cores, the CPU cost of a request stays the same). Linux only (/proc);
// elsewhere the PostgreSQL part is left out.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU time (user + system) a process has used so far, in ms; null where /proc cannot be read. */
export function processCpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export interface CpuSample {
  node: number;
  /** Per backend pid; null where /proc cannot be read. */
  postgres: Map<number, number> | null;
}

/** The server's backends: every client connection to this database but the asking one. */
async function backendPids(db: Db): Promise<number[]> {
  const { rows } = await db.execute<{ pid: number }>(sql`select pid from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`);
  return rows.map((row) => Number(row.pid));
}

export async function sampleCpu(db: Db): Promise<CpuSample> {
  const usage = process.cpuUsage();
  const postgres = new Map<number, number>();
  for (const pid of await backendPids(db)) {
    const ms = processCpuMs(pid);
    if (ms === null) return { node: (usage.user + usage.system) / 1000, postgres: null };
    postgres.set(pid, ms);
  }
  return { node: (usage.user + usage.system) / 1000, postgres };
}

export interface CpuCost {
  /** Milliseconds of CPU per request in the server process. */
  node: number;
  /** … and in its PostgreSQL backends (null: unknown). */
  postgres: number | null;
}

/** CPU per request between two samples (a backend that appeared in between counts from zero). */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): CpuCost {
  let postgres: number | null = null;
  if (before.postgres && after.postgres) {
    postgres = 0;
    for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
    postgres /= requests;
  }
  return { node: (after.node - before.node) / requests, postgres };
}
