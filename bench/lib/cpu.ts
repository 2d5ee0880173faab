// CPU time of processes from /proc, for figures per request that move less than requests/s when the
// shared machine is busy (decision 107).
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system) a process has used so far, in microseconds (/proc/<pid>/stat). */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

/** CPU time the children a process has waited for used (cutime + cstime), in microseconds. */
function reapedChildrenMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[13]) + Number(fields[14])) * 1_000_000) / 100;
}

/**
 * CPU time used so far by every PostgreSQL process of the machine (the postmaster, its backends and
 * background workers, by their command name), in microseconds, with the time of the backends that
 * have exited: the postmaster reaps them, and the kernel adds their time to its children's. A pool
 * that closes an idle connection during a run (fewer needed when reads share statements) would
 * otherwise take that backend's time out of the total, and a window's figure could go negative.
 */
export function postgresCpuMicros(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      total += cpuMicros(Number(entry)) + reapedChildrenMicros(Number(entry));
    } catch {
      // The process ended while the directory was read.
    }
  }
  return total;
}
