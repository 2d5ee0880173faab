import type { Database } from '@app/db';
import type { Clock } from '../clock';

/** A scheduled job: idempotent by unique references, so running it on every node is safe (DESIGN §4). */
export interface Job {
  name: string;
  run(context: { database: Database; clock: Clock }): Promise<void>;
}

export class JobRegistry {
  private readonly jobs: Job[] = [];
  register(job: Job): void {
    this.jobs.push(job);
  }
  list(): readonly Job[] {
    return this.jobs;
  }
  /** Runs every job once, in registration order. */
  async runAll(context: { database: Database; clock: Clock }): Promise<string[]> {
    for (const job of this.jobs) await job.run(context);
    return this.jobs.map((job) => job.name);
  }
}
