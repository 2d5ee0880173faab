import type { FastifyInstance } from 'fastify';
import { describeError } from '../lib/error-line';
import { JobsFailedError } from './registry';

/**
 * Runs every registered job once a minute on this node. Jobs take a Postgres advisory lock and are
 * idempotent by unique references, so every node may run the scheduler (DESIGN §4). `stop()` starts no
 * further tick or job and answers once the job running now has finished, so a shutdown closes the
 * database after it, not under it.
 */
export function startScheduler(app: FastifyInstance, intervalMs = 60_000): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = runOnce(app, () => stopped).finally(() => {
      running = null;
    });
    await running;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** One tick: every job once (none after a stop), the failure logged, then the mails they wrote sent. */
async function runOnce(app: FastifyInstance, stopped: () => boolean): Promise<void> {
  try {
    await app.deps.jobs.runAll({ database: app.deps.database, clock: app.deps.clock }, stopped);
  } catch (error) {
    // One line per failed job. A failed query's parameters (members' amounts and ids) stay out of the
    // log (decision 153).
    const failures = error instanceof JobsFailedError ? error.failures : [{ job: null, error }];
    for (const failure of failures)
      app.log.error({ job: failure.job, error: describeError(failure.error) }, 'scheduled job failed');
  } finally {
    // The mails the jobs wrote are committed now: send them (with SMTP; decision 209).
    app.deps.mailer.kick();
  }
}
