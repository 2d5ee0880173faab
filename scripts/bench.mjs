#!/usr/bin/env node
// `npm run bench`: runs every benchmark script in bench/ (or the ones named: `npm run bench -- me`),
// one after another; each writes its section of bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiEnv } from './api-command.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv.slice(2);
const scripts = readdirSync(join(root, 'bench'))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => name.replace(/\.ts$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

let status = 0;
for (const name of scripts) {
  console.log(`\n=== bench/${name}.ts`);
  // The product's environment defaults (decision 151) for the benchmark's own process too: some run
  // the product's code in it (bench/large-data.ts runs the accrual and the ledger check there).
  const result = spawnSync(process.execPath, ['--import', 'tsx', join('bench', `${name}.ts`)], {
    cwd: root,
    stdio: 'inherit',
    env: apiEnv(process.env),
  });
  if (result.status !== 0) status = result.status ?? 1;
}
process.exit(status);
