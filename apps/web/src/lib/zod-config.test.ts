import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each import statement's specifiers and source, in order (multi-line imports included). */
function imports(text: string): Array<{ specifiers: string; source: string }> {
  return [...text.matchAll(/^import\s+([^;']*?)\s*from\s+'([^']+)';|^import\s+'([^']+)';/gm)].map(
    (match) => ({
      specifiers: match[1] ?? '',
      source: match[2] ?? match[3] ?? '',
    }),
  );
}

/** True when the statement brings in a value, not only types. */
const importsValue = (specifiers: string) =>
  !specifiers.startsWith('type ') &&
  (!specifiers.startsWith('{') ||
    specifiers
      .replace(/[{}]/g, '')
      .split(',')
      .map((part) => part.trim())
      .some((part) => part && !part.startsWith('type ')));

describe('zod in the browser (zod-config.ts)', () => {
  it('is configured before any module that loads shared schemas defines them (a CSP violation otherwise)', () => {
    const unconfigured = sourceFiles(SRC).filter((file) => {
      const statements = imports(readFileSync(file, 'utf8'));
      const schemas = statements.findIndex(
        ({ specifiers, source }) => source.startsWith('@app/shared/schemas/') && importsValue(specifiers),
      );
      if (schemas === -1) return false;
      const configured = statements.findIndex(({ source }) =>
        /(^#lib|\.)\/zod-(config|resolver)$/.test(source),
      );
      return configured === -1 || configured > schemas;
    });
    expect(unconfigured.map((file) => relative(SRC, file))).toEqual([]);
  });
});
