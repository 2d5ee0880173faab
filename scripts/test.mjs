#!/usr/bin/env node
// `npm test`: lint, typecheck, unit + API (PGlite, and PostgreSQL when it answers) + web component
// tests, then the end-to-end suite in Chromium. Stops at the first failing stage; ends with one
// summary line 'Tests: N passed, N failed' counted from the runners' JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitest = join(root, 'node_modules/vitest/vitest.mjs');

const stages = [
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
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

let status = 0;
for (const [label, command, args] of stages) {
  const started = Date.now();
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  console.log(
    `=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (result.status !== 0) {
    status = result.status ?? 1;
    break;
  }
}

const { passed, failed, skipped } = summary();
const failedCount = status !== 0 && failed === 0 ? 1 : failed;
console.log(`\nTests: ${passed} passed, ${failedCount} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status);
