// CPU time of processes from /proc, for figures per request that move less than requests/s when the
// shared machine is busy (decision 107).
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system) a process has used so far, in microseconds (/proc/<pid>/stat). */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

/**
 * CPU time used so far by every PostgreSQL process of the machine (the postmaster, its backends and
 * background workers, by their command name), in microseconds. A backend that exits between two
 * readings takes its time with it, so measure over windows in which the pool's connections stay open.
 */
export function postgresCpuMicros(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      total += cpuMicros(Number(entry));
    } catch {
      // The process ended while the directory was read.
    }
  }
  return total;
}
