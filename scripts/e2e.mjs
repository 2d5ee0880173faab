#!/usr/bin/env node
// `npm run test:e2e`: builds the web app (unless WEB_BUILT=1), checks that Debian's Chromium is there (installing its
// headless shell with apt-get when running as root), then runs the end-to-end suite (e2e/) against the real server.
import { execSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const has = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

// The suite runs in Chromium's headless shell (decision 201), or in the full browser when only that is
// installed (e2e/support/browser.ts).
if (!process.env.CHROMIUM_PATH && !has('chromium-headless-shell')) {
  if (process.getuid?.() === 0 && !has('chromium')) {
    console.log("Installing Debian's chromium-headless-shell for the end-to-end tests...");
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell',
      { stdio: 'inherit' },
    );
  } else if (has('chromium')) {
    console.log('Running in the full Chromium: `sudo apt-get install -y chromium-headless-shell` is faster.');
  } else {
    console.error(
      'Chromium is missing: run `sudo apt-get install -y chromium-headless-shell` (or set CHROMIUM_PATH).',
    );
    process.exit(1);
  }
}

// `npm test` builds the web app in its first stage (scripts/test.mjs) and says so with WEB_BUILT=1.
if (process.env.WEB_BUILT !== '1') {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const extra = process.argv.slice(2);
// One spec file named: one worker, so global-setup.ts starts one server, not one per worker.
const specs = extra.filter((arg) => !arg.startsWith('-'));
if (specs.length === 1 && !extra.some((arg) => arg.startsWith('--maxWorkers'))) extra.push('--maxWorkers=1');
const run = spawnSync(
  process.execPath,
  [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'e2e/vitest.config.ts', ...extra],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
