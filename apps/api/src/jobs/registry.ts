import type { Database } from '@app/db';
import type { Clock } from '../clock';

/** A scheduled job: idempotent by unique references, so running it on every node is safe (DESIGN §4). */
export interface Job {
  name: string;
  run(context: { database: Database; clock: Clock }): Promise<void>;
}

/** A stable 31-bit key per job name for pg_try_advisory_lock (FNV-1a). */
export function jobLockKey(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of `job:${name}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff;
}

/**
 * The jobs of one run that failed, each with its error. Thrown by `runAll` once every job has had its
 * turn: one job's failure (a batch the books refuse, a database error) never keeps the others from running.
 */
export class JobsFailedError extends AggregateError {
  constructor(readonly failures: { job: string; error: unknown }[]) {
    super(
      failures.map((failure) => failure.error),
      `scheduled jobs failed: ${failures.map((failure) => failure.job).join(', ')}`,
    );
    this.name = 'JobsFailedError';
  }
}

/** Told after each job's turn: it ran (ok or failed, with its duration), or another node held it. */
export type JobObserver = (name: string, outcome: 'ok' | 'failed' | 'skipped', seconds: number) => void;

export class JobRegistry {
  private readonly jobs: Job[] = [];
  private readonly observers: JobObserver[] = [];
  /** GET /metrics counts job runs and their durations. */
  observe(observer: JobObserver): void {
    this.observers.push(observer);
  }
  register(job: Job): void {
    this.jobs.push(job);
  }
  list(): readonly Job[] {
    return this.jobs;
  }
  /**
   * Runs every job once, in registration order, each under its PostgreSQL advisory lock: a job that
   * another node is running right now is skipped here (it is idempotent and runs again next tick).
   * Answers the names of the jobs that ran. A job that fails does not stop the ones after it: the
   * failures are thrown together (`JobsFailedError`) once every job has had its turn. Once `stopped()`
   * answers true, no further job starts.
   */
  async runAll(context: { database: Database; clock: Clock }, stopped = () => false): Promise<string[]> {
    const ran: string[] = [];
    const failures: { job: string; error: unknown }[] = [];
    for (const job of this.jobs) {
      if (stopped()) break;
      const started = performance.now();
      const tell = (outcome: 'ok' | 'failed' | 'skipped') => {
        for (const observer of this.observers)
          observer(job.name, outcome, (performance.now() - started) / 1000);
      };
      let done: boolean;
      try {
        done = await context.database.withAdvisoryLock(jobLockKey(job.name), () => job.run(context));
      } catch (error) {
        tell('failed');
        failures.push({ job: job.name, error });
        continue;
      }
      tell(done ? 'ok' : 'skipped');
      if (done) ran.push(job.name);
    }
    if (failures.length > 0) throw new JobsFailedError(failures);
    return ran;
  }
}
