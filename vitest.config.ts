import { connect } from 'node:net';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { publicTexts } from './apps/web/public-texts-plugin';

/** True when a PostgreSQL server answers on the test URL (DESIGN §4). */
function postgresAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const hasPostgres = await postgresAnswers(postgresUrl);
if (!hasPostgres && process.env.REQUIRE_POSTGRES === '1') {
  throw new Error(`REQUIRE_POSTGRES=1 but no PostgreSQL answers at ${postgresUrl}.`);
}
if (!hasPostgres)
  console.warn(`PostgreSQL not reachable at ${postgresUrl}: the API suite runs on PGlite only.`);

// Tests that run once each: the process entry on its embedded default (PGlite), concurrent
// migrations where they can race (PostgreSQL), and a migration test that brings its own PGlite.
const onlyOn: Record<string, string[]> = {
  pglite: [
    'apps/api/src/server.test.ts',
    'apps/api/src/build.test.ts',
    'apps/api/src/backup.test.ts',
    // No database: the access log's lines, and a child process that crashes.
    'apps/api/src/access-log.test.ts',
    // No database: password hashing's cost in and out of the test suite (decision 204).
    'apps/api/src/lib/password.test.ts',
    // No database: a client address as kept and counted (decision 226).
    'apps/api/src/lib/client-address.test.ts',
    // The session's time zone, set on PGlite's one connection for every statement (decision 145).
    'apps/api/src/modules/investing/accrual-time-zone.test.ts',
    // No database: the import directions' lint rule on deliberate wrong imports (decision 166).
    'apps/api/src/import-directions.test.ts',
    // No database: the library-internals lint rule on deliberate reaches (decision 196).
    'apps/api/src/library-paths.test.ts',
    // No database: the notifications table's writers, read from the sources (decision 166).
    'apps/api/src/modules/notifications/notification-writes.test.ts',
    // Migrates its own in-memory PGlite from 0025 to 0026, whichever database the project runs on.
    'apps/api/src/ledger/cash-amount-migration.test.ts',
    // Migrates its own in-memory PGlite from 0029 to 0030 (decision 158).
    'apps/api/src/ledger/cash-balance-migration.test.ts',
    // Migrates its own in-memory PGlite from 0048 to 0049 (decision 214).
    'apps/api/src/modules/rewards/referral-deposit-migration.test.ts',
    // Migrates its own in-memory PGlite from 0056 to 0057 (decision 225).
    'apps/api/src/modules/rewards/referral-points-migration.test.ts',
    // Migrates its own in-memory PGlite from 0072 to 0073 (decision 186, amended).
    'apps/api/src/modules/investing/exit-entries-migration.test.ts',
    // The reset that hands a PGlite database on to a worker's next file (decision 247).
    'apps/api/test/template-reset.test.ts',
  ],
  postgres: [
    'apps/api/src/runtime.test.ts',
    'apps/api/src/two-nodes.test.ts',
    'apps/api/src/named-statements.test.ts',
    // A pool of two held busy: PGlite has one connection and no pool to wait for (decision 210).
    'apps/api/src/database-busy.test.ts',
    // Two connections at once: an accrual row and the delete of its plan wait for each other.
    'apps/api/src/ledger/references-locks.test.ts',
    // Parallel posts for one member: the cash balance after each entry still chains (decision 158).
    'apps/api/src/ledger/cash-chain-concurrency.test.ts',
    // A save that waits for the member's row while the account closes (decision 215).
    'apps/api/src/modules/withdrawals/destination-locks.test.ts',
    // A batch job holds a member's cash account while the member's own request waits (decision 222).
    'apps/api/src/ledger/lock-order.test.ts',
    // An exit crediting a day that earns nothing, beside the accrual's batch holding the member's cash.
    'apps/api/src/modules/investing/accrual-locks.test.ts',
    'apps/api/src/modules/withdrawals/withdrawal-locks.test.ts',
    // Two confirmations of one member's bank transfers at once (decision 235).
    'apps/api/src/modules/admin/queues/deposit-locks.test.ts',
    // The back office's edit holds a loan plan while a member applies to it.
    'apps/api/src/modules/loans/loan-apply-locks.test.ts',
    // The contribution job beside a writer holding one of its goals.
    'apps/api/src/modules/goals/goal-locks.test.ts',
    // A deposit or a loan application sent while the account closes.
    'apps/api/src/modules/account/account-close-locks.test.ts',
    // A sign-in's code checked while support removes the member's second factor.
    'apps/api/src/modules/admin/member-two-factor-locks.test.ts',
    // Two recovery codes sent at once on one sign-in: the second rolls back (its code stays unused).
    'apps/api/src/modules/auth/recovery-code-race.test.ts',
    // Two live reset links used at once: one sets the password, the other changes nothing (decision 238).
    'apps/api/src/modules/auth/reset-link-race.test.ts',
    // A sign-in whose password was verified while a change of it committed gets nothing (DESIGN §6).
    'apps/api/src/modules/auth/password-change-race.test.ts',
    // A suspension and a sign-in finishing its second step at once: neither fails (decision 240).
    'apps/api/src/modules/admin/suspension-locks.test.ts',
    // A friend's deposit confirmed while the referrer's points are held.
    'apps/api/src/modules/rewards/referral-locks.test.ts',
    // A withdrawal in flight while the owner undoes an email change (decision 175).
    'apps/api/src/modules/email-change/email-change-locks.test.ts',
  ],
};
const apiProject = (name: string, db: string) => ({
  extends: true as const,
  test: {
    name,
    // The PostgreSQL files first, PGlite's after (Vitest runs the groups in turn, lowest first). They
    // spend much of their time waiting (for the server's disk, for locks, for products they start),
    // which `npm test` fills with the end-to-end suite beside them; PGlite's files keep both cores busy
    // on their own, so they make the better end (decision 251).
    sequence: { groupOrder: db === 'postgres' ? 0 : 1 },
    include: ['apps/api/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...Object.entries(onlyOn).flatMap(([other, files]) => (other === db ? [] : files)),
    ],
    environment: 'node',
    // One worker process runs many files and keeps the modules they import (the app, Fastify, Drizzle,
    // PGlite's WASM): each file still builds its own app on its own database (decision 168).
    isolate: false,
    env: { TEST_DB: db, TEST_POSTGRES_URL: postgresUrl },
    setupFiles: ['apps/api/test/setup.ts'],
    globalSetup: ['apps/api/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

const WEB_TESTS = 'apps/web/**/*.test.{ts,tsx}';
/**
 * Web test files that change or read what every file in a worker shares, so each runs in a fresh module
 * graph of its own (decision 205); the other web files share one per worker, as the API's do.
 */
const WEB_ISOLATED = [
  // Server rendering, then hydration: they need the lazy pieces (the toast container) not loaded yet,
  // and React's server renderer beside the client one in the same modules.
  'apps/web/src/prerender-hydration.test.tsx',
  'apps/web/src/prerender.test.tsx',
  // vi.resetModules(): a new module graph, its React and its contexts, for what it imports after.
  'apps/web/src/app/providers.test.tsx',
  // vi.mock of screens whose code fails to load: a mock applies to every file the worker runs.
  'apps/web/src/app/route-failures.test.tsx',
  // Reads zod's global setting before and after the first form's resolver loads (zod-config.ts sets it
  // once, for every module after).
  'apps/web/src/lib/lazy-resolver.test.ts',
];
const webProject = (name: string, files: { isolate: boolean; include?: string[]; exclude?: string[] }) => ({
  extends: true as const,
  // src/i18n/index.ts imports `locales/en.json?public`: the whole file here (decision 106).
  plugins: [publicTexts({ publicOnly: false })],
  test: {
    name,
    include: files.include ?? [WEB_TESTS],
    exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
    environment: 'jsdom',
    setupFiles: ['apps/web/src/test/setup.ts'],
    testTimeout: 20_000,
    isolate: files.isolate,
  },
});

export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest's default is one worker less than the cores: a single worker on the 2-core machine, where
    // the main process has little to do once each worker keeps its modules (decision 168).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['packages/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 1 },
        },
      },
      apiProject('api:pglite', 'pglite'),
      ...(hasPostgres ? [apiProject('api:postgres', 'postgres')] : []),
      webProject('web', { isolate: false, exclude: WEB_ISOLATED }),
      webProject('web:isolated', { isolate: true, include: WEB_ISOLATED }),
    ],
  },
});
