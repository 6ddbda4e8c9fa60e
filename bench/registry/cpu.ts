/**
 * How much of the machine other processes used during a run (Linux /proc): all CPU time, minus this
 * process, the server process and the PostgreSQL backends of the scale database. On a shared machine
 * that share says whether the latencies measured are the app's or the neighbours'.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type pg from 'pg';

interface Snapshot {
  busy: number;
  /** CPU ticks of our processes, by pid. */
  ours: Map<number, number>;
  serverPid: number | undefined;
}

const ticksOf = (pid: number): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return undefined;
  }
};

function busyTicks(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
  return cpu.slice(0, 8).reduce((s, n, i) => (i === 3 || i === 4 ? s : s + n), 0);
}

export async function snapshot(db: pg.Client, serverPid: number | undefined): Promise<Snapshot | undefined> {
  if (os.platform() !== 'linux') return undefined;
  const { rows } = await db.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  const ours = new Map<number, number>();
  for (const pid of [process.pid, serverPid, ...rows.map((r) => r.pid)]) {
    if (pid === undefined) continue;
    const t = ticksOf(pid);
    if (t !== undefined) ours.set(pid, t);
  }
  return { busy: busyTicks(), ours, serverPid };
}

/**
 * Between two snapshots: the share of all CPUs (0..1) other processes kept busy, and the CPU seconds
 * our processes (load generator, server, PostgreSQL backends) used.
 */
export function cpuBetween(a: Snapshot | undefined, b: Snapshot | undefined, seconds: number) {
  const none = {
    othersShare: Number.NaN,
    oursSeconds: Number.NaN,
    serverSeconds: Number.NaN,
    postgresSeconds: Number.NaN,
  };
  if (!a || !b) return none;
  const hz = 100; // USER_HZ on Linux
  let ours = 0;
  let server = 0;
  let postgres = 0;
  for (const [pid, t] of b.ours) {
    const used = t - (a.ours.get(pid) ?? 0);
    ours += used;
    if (pid === b.serverPid) server += used;
    else if (pid !== process.pid) postgres += used;
  }
  const others = (b.busy - a.busy - ours) / hz;
  return {
    othersShare: Math.max(0, others / (seconds * os.cpus().length)),
    oursSeconds: ours / hz,
    serverSeconds: server / hz,
    postgresSeconds: postgres / hz,
  };
}
