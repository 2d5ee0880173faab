import type { FastifyInstance } from 'fastify';
import { describeError } from '../lib/error-line';

/**
 * Runs every registered job once a minute on this node. Jobs take a Postgres advisory lock and are
 * idempotent by unique references, so every node may run the scheduler (DESIGN §4).
 */
export function startScheduler(app: FastifyInstance, intervalMs = 60_000): { stop(): void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await app.deps.jobs.runAll({ database: app.deps.database, clock: app.deps.clock });
    } catch (error) {
      // A failed query's parameters (members' amounts and ids) stay out of the log (decision 153).
      app.log.error({ error: describeError(error) }, 'scheduled job failed');
    } finally {
      running = false;
      // The mails the jobs wrote are committed now: send them (with SMTP; decision 209).
      app.deps.mailer.kick();
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
