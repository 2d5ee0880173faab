#!/usr/bin/env node
// Every path README.md and docs/architecture.md name exists (run by `npm run lint`). In README's
// "Where things are" table each column has its folder (API paths under apps/api/src, tables under
// packages/db/src/schema, screens under apps/web/src/features); elsewhere a path is read from the
// repository's root or a workspace's, and in docs/architecture.md also from the folder its sections
// speak of (a workspace's `src/`, the API's modules, the web app's features).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const api = 'apps/api/src';
const columnBases = [
  null,
  [api],
  [api, '.'],
  ['packages/db/src/schema'],
  ['apps/web/src/features'],
  [api, '.'],
];
const looksLikePath = (text) => /^[\w.@-]+(\/[\w.@*-]+)+\/?$/.test(text) && !text.startsWith('/');
const missing = [];

const check = (text, bases, where) => {
  if (!bases.some((base) => existsSync(join(root, base, text)))) missing.push(`${where}: ${text}`);
};

/** The folders a path written outside README's table may be relative to, per document. */
const proseBases = {
  'README.md': ['.', 'apps/api', 'apps/web'],
  'docs/architecture.md': [
    '.',
    'apps/api',
    'apps/api/src',
    'apps/api/src/modules',
    'apps/web',
    'apps/web/src',
    'apps/web/src/features',
    'packages/db',
    'packages/shared',
    'packages/shared/src',
  ],
};

for (const [document, bases] of Object.entries(proseBases)) {
  const text = readFileSync(join(root, document), 'utf8');
  let inTable = false;
  for (const [index, line] of text.split('\n').entries()) {
    const where = `${document}:${index + 1}`;
    if (line.startsWith('## ')) inTable = line === '## Where things are';
    const cells = line.startsWith('|') ? line.split('|').slice(1, -1) : [];
    if (inTable && cells.length === columnBases.length && !line.startsWith('|---')) {
      cells.forEach((cell, column) => {
        const bases = columnBases[column];
        if (!bases) return;
        for (const [, text] of cell.matchAll(/`([^`]+)`/g)) {
          if (text.startsWith('packages/') || text.startsWith('e2e/')) check(text, ['.'], where);
          else check(text, bases, where);
        }
      });
      continue;
    }
    for (const [, text] of line.matchAll(/`([^`\s]+)`/g)) {
      // A path of the Folders paragraph may be inside its workspace (`src/app.ts` of `apps/api`); a
      // path under a variable (`DATA_DIR/app.key`) or a build's output (`apps/api/dist/…`, absent from a
      // clean clone) is not checked.
      // A path outside the repository (`../shared/…`, the product documents beside a checkout) is not
      // the repository's to check: a clean clone elsewhere does not have it. A pattern (`bench/*.ts`)
      // names no one file.
      const built = /(^|\/)dist\//.test(text) || text.startsWith('../') || text.includes('*');
      if (looksLikePath(text) && /\.\w+$|\/$/.test(text) && !/^[A-Z_]+\//.test(text) && !built)
        check(text, bases, where);
    }
  }
}

if (missing.length > 0) {
  console.error(`The docs name paths that do not exist:\n${missing.join('\n')}`);
  process.exit(1);
}
console.log(`${Object.keys(proseBases).join(', ')}: every path exists.`);
