#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing, then runs the API (which serves the web
// app) on its embedded defaults. `npm run dev` (--dev) runs the API under watch and Vite's dev server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCommand } from './api-command.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!dev && !existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.log('Building the web app (first start)...');
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [];
const run = (command, args, env = process.env) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  children.push(child);
  child.on('exit', (code, signal) => {
    for (const other of children) if (other !== child && other.exitCode === null) other.kill('SIGTERM');
    process.exit(code ?? (signal ? 1 : 0));
  });
  return child;
};

const api = apiCommand({ watch: dev });
run(api.command, api.args, api.env);
if (dev) run(npm, ['run', 'dev', '-w', 'apps/web']);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  });
}
