#!/usr/bin/env node
// `npm test`: lint and typecheck side by side (each runs on one thread; the machine has two cores),
// then unit + API (PGlite, and PostgreSQL when it answers) + web component tests, then the end-to-end
// suite in Chromium. Stops at the first failing stage; ends with one summary line
// 'Tests: N passed, N failed' counted from the runners' JSON reports.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitest = join(root, 'node_modules/vitest/vitest.mjs');

/** The stages, in order; the jobs of one stage run at the same time. */
const stages = [
  [
    ['lint', 'npm', ['run', 'lint']],
    ['typecheck', 'npm', ['run', 'typecheck']],
  ],
  [
    [
      'unit, API and web tests',
      process.execPath,
      [
        vitest,
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${join(reports, 'unit.json')}`,
      ],
    ],
  ],
  [
    [
      'end-to-end tests',
      process.execPath,
      [
        join(root, 'scripts/e2e.mjs'),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${join(reports, 'e2e.json')}`,
      ],
    ],
  ],
];

function summary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const name of ['unit.json', 'e2e.json']) {
    const file = join(reports, name);
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  return { passed, failed, skipped };
}

/**
 * Runs one job: alone, its output goes straight to the terminal; beside others, it is kept and
 * printed whole when the job ends, so that two jobs' lines never mix.
 */
function run([label, command, args], alone) {
  const started = Date.now();
  if (alone) console.log(`\n=== ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (!alone) {
        console.log(`\n=== ${label}`);
        process.stdout.write(Buffer.concat(output));
      }
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`=== ${label}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
      resolve(status);
    });
  });
}

let status = 0;
for (const jobs of stages) {
  const statuses = await Promise.all(jobs.map((job) => run(job, jobs.length === 1)));
  const failed = statuses.find((code) => code !== 0);
  if (failed !== undefined) {
    status = failed;
    break;
  }
}

const { passed, failed, skipped } = summary();
const failedCount = status !== 0 && failed === 0 ? 1 : failed;
console.log(`\nTests: ${passed} passed, ${failedCount} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status);
