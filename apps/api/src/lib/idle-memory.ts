import { Session } from 'node:inspector';
import { getHeapSpaceStatistics } from 'node:v8';

/**
 * Gives the young generation back once the process is idle (decision 137).
 *
 * The API runs with `--max-semi-space-size=64` (decision 006): under load V8's young generation grows
 * to 2 × 64 MB, which saves CPU on every request. Start-up (loading the server, PGlite, migrations,
 * the demo seed) grows it to that size too, and V8 only shrinks it after a full collection made while
 * little is being allocated. Its own memory reducer waits for several 8-second samples of a low
 * allocation rate: measured 30–45 s after the server was ready, 353 → 279 MB resident in that time.
 *
 * Here a timer looks at the process's CPU time every `intervalMs`; when a whole interval used less
 * than `idleCpuShare` of a core and the young generation is larger than `youngBytesAtRest`, it asks V8
 * for a memory-reducing collection: the inspector's `HeapProfiler.collectGarbage` (DevTools' "collect
 * garbage" button, V8's low-memory notification), which shrinks the young generation to its start size
 * whatever the recent allocation rate. A plain `gc()` (under --expose-gc) does not: V8 shrinks after it
 * only when the last 5 s allocated little, which start-up's last seconds did not. Under load nothing
 * runs (the CPU share is high), so throughput is untouched. One collection per idle period at most;
 * a period ends when an interval is busy again. A collection takes about 30–100 ms of one thread; a
 * request that arrives during it waits for it.
 */
export interface IdleMemoryOptions {
  /** A memory-reducing collection; by default V8's, through the inspector (`collectAllGarbage`). */
  collect?: () => Promise<void>;
  intervalMs?: number;
  idleCpuShare?: number;
  youngBytesAtRest?: number;
  /** Called after each collection with the young generation's size before and after, in bytes. */
  onCollect?: (before: number, after: number) => void;
  /** Called when a collection failed (the timer goes on). */
  onError?: (error: unknown) => void;
  /** For tests: the process's CPU time in µs, and the young generation's size in bytes. */
  cpuMicros?: () => number;
  youngBytes?: () => number;
}

export interface IdleMemoryRelease {
  stop(): void;
  /** Runs one check now (the timer calls it every interval); resolves when its collection is over. */
  check(): Promise<void>;
}

/** Bytes V8 has reserved for the young generation (both semi-spaces). */
export function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/**
 * V8's low-memory collection (every generation, weak references cleared, the young generation shrunk),
 * asked for through an in-process inspector session: no port is opened and no flag is needed.
 */
export function collectAllGarbage(): Promise<void> {
  const session = new Session();
  session.connect();
  return new Promise<void>((resolve, reject) => {
    session.post('HeapProfiler.collectGarbage', (error) => {
      // Disconnecting inside the session's own callback stalls the event loop (Node 20): after it.
      setImmediate(() => session.disconnect());
      if (error) reject(error);
      else resolve();
    });
  });
}

function processCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

export function releaseMemoryWhenIdle(options: IdleMemoryOptions): IdleMemoryRelease {
  const intervalMs = options.intervalMs ?? 2000;
  const idleCpuShare = options.idleCpuShare ?? 0.05;
  const youngBytesAtRest = options.youngBytesAtRest ?? 8 * 1024 * 1024;
  const collect = options.collect ?? collectAllGarbage;
  const cpuMicros = options.cpuMicros ?? processCpuMicros;
  const youngBytes = options.youngBytes ?? youngGenerationBytes;

  let lastCpu = cpuMicros();
  let lastAt = performance.now();
  let collectedThisIdle = false;
  let collecting = false;

  async function check(): Promise<void> {
    if (collecting) return;
    const now = performance.now();
    const cpu = cpuMicros();
    const share = (cpu - lastCpu) / ((now - lastAt) * 1000);
    lastCpu = cpu;
    lastAt = now;
    if (share >= idleCpuShare) {
      collectedThisIdle = false;
      return;
    }
    const before = youngBytes();
    if (before <= youngBytesAtRest || collectedThisIdle) return;
    collectedThisIdle = true;
    collecting = true;
    try {
      await collect();
      options.onCollect?.(before, youngBytes());
    } catch (error) {
      options.onError?.(error);
    } finally {
      collecting = false;
      // The collection's own CPU is not the workload's: the next interval starts after it.
      lastCpu = cpuMicros();
      lastAt = performance.now();
    }
  }

  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), check };
}
