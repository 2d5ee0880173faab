import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { migrateDatabase, type Database } from '@app/db';
import { ConfigError, loadConfig, type Config } from './config';
import { buildApp } from './app';
import { AdjustableClock } from './clock';
import { openConfiguredDatabase, resolveAppKey, sharedKeyWarning, type ResolvedAppKey } from './runtime';
import { DeploymentKeyError, settleDeploymentKey, type KeyOutcome } from './keys/deployment-key';
import { documentStoreFor } from './modules/kyc/document-store';
import { bootstrapData } from './seed/bootstrap';
import { startScheduler } from './jobs/scheduler';
import { notePid, writeBackup } from './backup';
import { releaseMemoryWhenIdle } from './lib/idle-memory';
import { describeError } from './lib/error-line';
import { logCrash } from './logger';

/** The configuration, or the list of what is wrong with it and exit code 1. */
function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Embedded database: `npm run backup` finds this process by DATA_DIR/server.pid and asks it for a
 * copy with SIGUSR2; the copy is taken between two statements, so serving goes on (decision 103).
 * Answers what removes the pid file at shutdown.
 */
function serveBackups(app: FastifyInstance, database: Database, config: Config): () => void {
  const forgetPid = database.driver === 'pglite' ? notePid(config.dataDir) : () => {};
  if (database.driver === 'pglite') {
    process.on('SIGUSR2', () => {
      writeBackup(database, config.dataDir, new Date()).then(
        (file) => app.log.info({ file }, 'backup written'),
        (error: unknown) => app.log.error({ error: describeError(error) }, 'backup failed'),
      );
    });
  }
  return forgetPid;
}

/** The lines printed once the server listens: where, on what, and what start-up did. */
function readyLines(
  config: Config,
  database: Database,
  started: { startedAt: number; keyOutcome: KeyOutcome; summary: string[]; resolvedKey: ResolvedAppKey },
): string[] {
  const { startedAt, keyOutcome, summary, resolvedKey } = started;
  return [
    '',
    `  Ready in ${Date.now() - startedAt} ms: ${config.appUrl}`,
    `  Database: ${database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : 'outbox' + (config.devTools ? ` — read it at ${config.appUrl}/api/dev/mail?to=EMAIL` : '')}`,
    `  Payments: ${config.payments.mode}`,
    // Sign-in throttling is in the database; the write and assistant limits are shared only through Redis.
    `  Rate limits: ${config.redisUrl ? 'shared through Redis (REDIS_URL)' : 'counted in this process (set REDIS_URL when several nodes serve)'}`,
    ...(keyOutcome.kind === 'rotated'
      ? [`  Key: rotated to APP_KEY, ${keyOutcome.resealed} sealed values re-sealed; APP_KEY_PREVIOUS can go`]
      : []),
    ...summary.map((line) => `  ${line}`),
    ...sharedKeyWarning(config, resolvedKey).map((line) => `  ${line}`),
    '',
  ];
}

/** Process entry: config, migrate, seed, listen, jobs (DESIGN §3). */
async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfigOrExit();
  const resolvedKey = resolveAppKey(config);
  const appKey = resolvedKey.key;
  const database = await openConfiguredDatabase(config);
  await migrateDatabase(database);
  // One key per deployment: a node whose key is not the database's refuses to start (decision 152).
  resolvedKey.persist?.();
  const keyOutcome = await settleDeploymentKey(database, {
    key: appKey,
    previous: config.appKeyPrevious,
    now: new Date(),
    source: resolvedKey.source,
    documents: documentStoreFor(config),
  }).catch((error: unknown) => {
    resolvedKey.discard?.();
    throw error;
  });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  const clock = new AdjustableClock();
  const app = await buildApp({ config, database, clock, appKey, redis });

  // A crash is logged as one fatal line; exiting flushes the asynchronous log (decision 101).
  process.on('uncaughtException', (error) => {
    logCrash(app.log, error);
    process.exit(1);
  });

  const summary = await bootstrapData(app);
  const scheduler = startScheduler(app);

  // The young generation grown by start-up and by load is given back once the process is idle
  // (decision 137).
  const idleMemory = releaseMemoryWhenIdle({
    onCollect: (before, after) =>
      app.log.debug({ youngMb: [before / 2 ** 20, after / 2 ** 20] }, 'idle: memory collected'),
    onError: (error) => app.log.warn({ error: describeError(error) }, 'idle: memory collection failed'),
  });

  const forgetPid = serveBackups(app, database, config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    forgetPid();
    await scheduler.stop(); // the job running now finishes before the database closes
    idleMemory.stop();
    await app.close();
    await database.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const lines = readyLines(config, database, { startedAt, keyOutcome, summary, resolvedKey });
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof DeploymentKeyError) {
    process.stderr.write(`Refusing to start: ${error.message}\n`);
    process.exit(1);
  }
  // What failed and where, never a failed query's parameters (decision 153).
  const line = describeError(error);
  process.stderr.write(`Failed to start: ${line.type}: ${line.message}\n${line.stack ?? ''}\n`);
  process.exit(1);
});
