import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { checkLedger, ledgerProblemCount, type LedgerCheck } from '../../ledger/check';
import { describeError } from '../../lib/error-line';
import { AppError } from '../../errors';
import { pendingDepositCount } from '../deposits/deposits.service';
import { pendingWithdrawalCount } from '../withdrawals/withdrawals.service';
import { pendingMailCount } from '../../integrations/mail/mail-dispatch';

/** The ledger check reads every posting: run at most this often, whatever the scrape interval. */
export const LEDGER_CHECK_EVERY_MS = 5 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus' text format (prom-client), only when METRICS_TOKEN is set, and then only
 * to `Authorization: Bearer <METRICS_TOKEN>` (decision 102). Requests by route template and status,
 * requests refused before routing, job runs and durations, the pending deposit and withdrawal queues, the mails waiting to be sent, the
 * last ledger check, and Node's own process metrics. Registered on the root instance (not as an
 * encapsulated plugin) so that its response hook sees every route.
 */
export function registerMetrics(app: FastifyInstance): void {
  const token = app.deps.config.metricsToken;
  if (!token) return;
  const expected = sha256(token);
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  requestMetrics(app, registers);
  refusalMetrics(app, registers);
  jobMetrics(app, registers);
  queueGauges(app, registers);
  ledgerGauges(app, registers);

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!given || !timingSafeEqual(sha256(given), expected)) {
      void reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED', 'Not authenticated');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/** Requests by method, route template and status: how many, and how long each took to answer. */
function requestMetrics(app: FastifyInstance, registers: Registry[]): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames,
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route template and status.',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      // The template (/api/withdrawals/:id), never the path itself: ids would make a series each.
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * Requests refused before routing, which `http_requests_total` never sees: by the router (a malformed
 * URL, 400; an over-long path parameter, 414) or by Node's HTTP parser (400, 431, 408).
 */
function refusalMetrics(app: FastifyInstance, registers: Registry[]): void {
  const refused = new Counter({
    name: 'http_requests_refused_total',
    help: 'Requests refused before routing, by stage (routing or parser) and status.',
    labelNames: ['stage', 'status'] as const,
    registers,
  });
  app.deps.refusals.listen((stage, status) => refused.inc({ stage, status: String(status) }));
}

/** The scheduled jobs' turns on this node, by outcome, and how long they ran. */
function jobMetrics(app: FastifyInstance, registers: Registry[]): void {
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Scheduled job turns on this node: ok, failed, or skipped (another node held the job).',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobDurations = new Histogram({
    name: 'job_duration_seconds',
    help: 'How long a job ran on this node.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 120],
    registers,
  });
  app.deps.jobs.observe((job, outcome, seconds) => {
    jobRuns.inc({ job, outcome });
    if (outcome !== 'skipped') jobDurations.observe({ job }, seconds);
  });
}

/** What waits: deposits and withdrawals for an operator, mails to be sent; counted at each scrape. */
function queueGauges(app: FastifyInstance, registers: Registry[]): void {
  new Gauge({
    name: 'deposits_pending',
    help: 'Deposits waiting for payment or an operator.',
    registers,
    async collect() {
      this.set(await pendingDepositCount(app.deps));
    },
  });
  new Gauge({
    name: 'withdrawals_pending',
    help: 'Withdrawals waiting for an operator.',
    registers,
    async collect() {
      this.set(await pendingWithdrawalCount(app.deps));
    },
  });

  new Gauge({
    name: 'mail_pending',
    help: 'Mails waiting to be sent over SMTP: due now, being sent, or waiting to be tried again.',
    registers,
    async collect() {
      this.set(await pendingMailCount(app.deps.database.db));
    },
  });
}

/** The last ledger check: whether it passed, how many problems it found, and when it ran. */
function ledgerGauges(app: FastifyInstance, registers: Registry[]): void {
  const ledger = ledgerChecker(app);
  new Gauge({
    name: 'ledger_check_ok',
    help: `1 when the last ledger check proved every invariant, 0 when it found a problem (checked at most every ${LEDGER_CHECK_EVERY_MS / 60_000} minutes).`,
    registers,
    async collect() {
      const last = await ledger();
      this.set(last.check.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'ledger_check_problems',
    help: 'Problems the last ledger check found: every mismatched row of every invariant, duplicate references, a postings sum that is not zero.',
    registers,
    async collect() {
      const { check } = await ledger();
      this.set(ledgerProblemCount(check));
    },
  });
  new Gauge({
    name: 'ledger_check_timestamp_seconds',
    help: 'When the last ledger check ran (Unix time).',
    registers,
    async collect() {
      this.set((await ledger()).at / 1000);
    },
  });
}

/** The last ledger check: awaited the first time, then refreshed in the background when older than the period. */
function ledgerChecker(app: FastifyInstance) {
  let last: { check: LedgerCheck; at: number } | undefined;
  let running: Promise<{ check: LedgerCheck; at: number }> | undefined;
  const run = () =>
    (running ??= checkLedger(app.deps.database.db)
      .then((check) => (last = { check, at: app.deps.clock.now().getTime() }))
      .finally(() => (running = undefined)));
  return async () => {
    if (!last) return run();
    if (app.deps.clock.now().getTime() - last.at > LEDGER_CHECK_EVERY_MS) {
      run().catch((error: unknown) =>
        app.log.error({ error: describeError(error) }, 'ledger check for metrics failed'),
      );
    }
    return last;
  };
}
