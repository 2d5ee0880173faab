// Start-up and memory of the product process as `npm start` runs it (scripts/api-command.mjs): spawn →
// first 200 from /readyz on an empty data directory (migrations and first-start data included), then a
// restart on the same data; resident memory (VmRSS) 3 s after ready and its peak (VmHWM) so far, read in
// /proc. On PGlite (embedded default) and PostgreSQL. Informative: no target (issue 11, item 4).
//
// Before and after in the same run (decision 100): each repeat starts the product both ways in turn,
// the compiled build (`npm start` now) and the TypeScript sources under tsx (`npm start` before the
// compiled build), each on its own empty data directory, so that both see the same machine; which one
// goes first alternates from one repeat to the next. Both get the same environment (decision 151's
// malloc default included), so the two differ only in what runs. tsx keeps its transforms in a disk
// cache, as it did before: after the first start it compiles only what changed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSection } from './lib/results';
import { POSTGRES_ADMIN_URL, postgresAvailable } from './lib/server';
import { startProduct } from '../e2e/support/product';
import { median } from './lib/median';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);

function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

interface Run {
  readyMs: number;
  rss: number;
  peak: number;
}

type Start = 'compiled' | 'sources';
const STARTS: Array<{ start: Start; label: string }> = [
  { start: 'sources', label: '**before** (tsx on the sources)' },
  { start: 'compiled', label: 'compiled (apps/api/dist/server.js)' },
];

async function startOnce(env: Record<string, string>, start: Start): Promise<Run> {
  const product = await startProduct(
    { SEED_DEMO: undefined, LOG_LEVEL: undefined, ...env },
    { sources: start === 'sources' },
  );
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const memory = memoryMb(product.pid);
  await product.stop();
  return { readyMs: product.readyMs, ...memory };
}

const { default: pg } = await import('pg');
async function admin(sqlText: string) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

const rows: string[] = [];
const drivers: Array<'pglite' | 'postgres'> = ['pglite'];
if (await postgresAvailable()) drivers.push('postgres');

for (const driver of drivers) {
  const runs = new Map(STARTS.map(({ start }) => [start, { fresh: [] as Run[], restart: [] as Run[] }]));
  for (let i = 0; i < REPEATS; i += 1) {
    for (const { start } of i % 2 === 0 ? STARTS : [...STARTS].reverse()) {
      const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
      const env: Record<string, string> = { DATA_DIR: dataDir };
      const name = `bench_start_${Date.now().toString(36)}`;
      if (driver === 'postgres') {
        await admin(`CREATE DATABASE ${name}`);
        const url = new URL(POSTGRES_ADMIN_URL);
        url.pathname = `/${name}`;
        env.DATABASE_URL = url.toString();
      }
      const mine = runs.get(start)!;
      try {
        mine.fresh.push(await startOnce(env, start));
        mine.restart.push(await startOnce(env, start));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        if (driver === 'postgres') await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
      console.log(driver, start, 'fresh', mine.fresh.at(-1), 'restart', mine.restart.at(-1));
    }
  }
  for (const { start, label } of STARTS) {
    const { fresh, restart } = runs.get(start)!;
    for (const [what, measured] of [
      ['empty data directory', fresh],
      ['restart on the same data', restart],
    ] as const) {
      const ready = measured.map((r) => r.readyMs);
      rows.push(
        `| ${driver}, ${label} | ${what} | ${ready.join(', ')} (median **${median(ready)}**) | ${median(measured.map((r) => r.rss))} | ${median(measured.map((r) => r.peak))} |`,
      );
    }
  }
}

writeSection(
  'startup',
  `## Start-up and memory of the server process

Run ${new Date().toISOString().slice(0, 16)}Z; the product started as \`npm start\` starts it (defaults: demo data, \`LOG_LEVEL\` unset), ${REPEATS} times each, the two starts in turn, the first of them alternating: **before**, the TypeScript sources run by tsx (\`npm start\` before decision 100; tsx compiles them at run time and keeps its transforms in a disk cache, so after the first start it reads them from there), and the compiled build (\`npm start\` now); both with the same environment; spawn → first 200 from \`/readyz\`; memory of the process 3 s after ready (VmRSS) and its peak so far (VmHWM), medians.

| database | start | ms to /readyz | MB resident at rest | MB peak |
|---|---|---:|---:|---:|
${rows.join('\n')}`,
);
