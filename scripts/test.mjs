#!/usr/bin/env node
// `npm test`: ESLint beside typecheck, the other lint checks and the web build; then unit + API tests
// (PGlite, and PostgreSQL when it answers) beside the end-to-end suite in Chromium and, after it, the
// web component tests. Stops at the first failing stage; ends with one summary line 'Tests: N passed,
// N failed' counted from the runners' JSON reports.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitest = join(root, 'node_modules/vitest/vitest.mjs');

/** A Vitest run of some projects (vitest.config.ts), with its JSON report for the summary. */
const vitestRun = (filters, report) => [
  process.execPath,
  [
    vitest,
    'run',
    ...filters,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, report)}`,
  ],
];

/** ESLint on some of the tree; the two halves below cover it all (`npm run lint:code` is `eslint .`). */
const eslint = (...args) => [
  process.execPath,
  [join(root, 'node_modules/eslint/bin/eslint.js'), ...args, '--max-warnings', '0'],
];
const WEB_AND_PACKAGES = ['apps/web', 'packages'];

/** A step at a lower CPU priority: it gets what the jobs beside it leave (its children inherit it). */
const lowPriority = ([command, args]) => ['nice', ['-n', '5', command, ...args]];

/**
 * The stages, in order; the jobs of one stage run at the same time (the machine has two cores), a
 * job's steps one after another. ESLint's type-aware rules are most of the first stage: they run as
 * two processes, the web app and the packages in one and the rest of the tree in the other, each
 * building only its own TypeScript programs (one process with two threads builds every program twice).
 * Typecheck (TypeScript 7's native compiler, decision 243), the formatting and dead-code checks and
 * the web build fill in beside them. The web build is made here, before any test reads it; the
 * end-to-end suite serves it (WEB_BUILT=1). The second stage runs every test at once (decision 251):
 * the end-to-end suite, then the web component tests on one worker, beside the unit and API tests at
 * a lower CPU priority (`nice`), which take whatever the browsers' waits and the end-to-end servers
 * leave idle without slowing them.
 */
const stages = [
  [
    {
      label: 'ESLint (web app, packages), web build',
      steps: [eslint(...WEB_AND_PACKAGES), ['npm', ['run', 'build', '-w', 'apps/web']]],
    },
    {
      label: 'ESLint (the rest), typecheck, lint:files',
      steps: [
        eslint('.', ...WEB_AND_PACKAGES.flatMap((dir) => ['--ignore-pattern', `${dir}/**`])),
        ['npm', ['run', 'typecheck']],
        ['npm', ['run', 'lint:files']],
      ],
    },
  ],
  [
    {
      label: 'unit and API tests',
      steps: [lowPriority(vitestRun(['--project', 'shared', '--project', 'api:*'], 'unit.json'))],
    },
    {
      label: 'end-to-end tests, web component tests',
      steps: [
        [
          process.execPath,
          [
            join(root, 'scripts/e2e.mjs'),
            '--reporter=default',
            '--reporter=json',
            `--outputFile.json=${join(reports, 'e2e.json')}`,
          ],
        ],
        vitestRun(['--project', 'web*', '--maxWorkers=1'], 'web.json'),
      ],
      env: { WEB_BUILT: '1' },
    },
  ],
];

function summary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const name of ['unit.json', 'web.json', 'e2e.json']) {
    const file = join(reports, name);
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  return { passed, failed, skipped };
}

/** Writes a child's output line by line, each line marked with its job (two jobs' lines never mix). */
function prefixed(stream, label) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (text) => {
    const lines = (pending + text).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) process.stdout.write(`[${label}] ${line}\n`);
  });
  stream.on('end', () => {
    if (pending) process.stdout.write(`[${label}] ${pending}\n`);
  });
}

/** Runs one step: alone, its output goes straight to the terminal; beside other jobs, marked line by line. */
function step([command, args], job, alone) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...job.env },
    });
    if (!alone) {
      prefixed(child.stdout, job.label);
      prefixed(child.stderr, job.label);
    }
    child.on('error', (error) => {
      console.error(`[${job.label}] ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs one job's steps in turn, stopping at the first that fails. */
async function run(job, alone) {
  const started = Date.now();
  console.log(`\n=== ${job.label}`);
  let status = 0;
  for (const command of job.steps) {
    status = await step(command, job, alone);
    if (status !== 0) break;
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`=== ${job.label}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
  return status;
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
