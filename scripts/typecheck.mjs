#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project, strict, on TypeScript 7's native compiler (the
// `typescript-7` alias; `typescript` is TypeScript 6's API for ESLint and knip, decision 243). Called
// by its path: both compilers install a `tsc` command, and which one `node_modules/.bin/tsc` is would
// be up to npm's order.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/typescript-7/bin/tsc');
const projects = ['packages/shared', 'packages/db', 'apps/api', 'apps/web', 'tsconfig.json'];

for (const project of projects) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
