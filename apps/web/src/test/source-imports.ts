import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The web app's src folder and the shared package's. */
export const SRC = join(import.meta.dirname, '..');
const SHARED = join(SRC, '../../../packages/shared/src');

/** Every source file under `dir` but tests. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Each import statement's specifiers and source, in order (multi-line imports included). Sources are
 * read as Prettier writes them (single quotes, a closing semicolon); `export * as` is not followed.
 */
export function imports(text: string): Array<{ specifiers: string; source: string }> {
  return [...text.matchAll(/^import\s+([^;']*?)\s*from\s+'([^']+)';|^import\s+'([^']+)';/gm)].map(
    (match) => ({
      specifiers: match[1] ?? '',
      source: match[2] ?? match[3] ?? '',
    }),
  );
}

/** Each re-export's specifiers (`*` for all) and source: loading the module loads those too. */
function reexports(text: string): Array<{ specifiers: string; source: string }> {
  return [...text.matchAll(/^export\s+(\*|type\s+\{[^}]*\}|\{[^}]*\})\s+from\s+'([^']+)';/gm)].map(
    (match) => ({ specifiers: match[1]!, source: match[2]! }),
  );
}

/** True when the statement brings in a value, not only types. */
export const importsValue = (specifiers: string) =>
  !specifiers.startsWith('type ') &&
  (!specifiers.startsWith('{') ||
    specifiers
      .replace(/[{}]/g, '')
      .split(',')
      .map((part) => part.trim())
      .some((part) => part && !part.startsWith('type ')));

/** The file an import of ours names (the `#` aliases, relative paths, `@app/shared`), or the package name. */
export function resolveImport(from: string, source: string): string {
  const alias = /^#(components|lib|i18n)\/(.+)$/.exec(source);
  const shared = /^@app\/shared(?:\/(.+))?$/.exec(source);
  const base = alias
    ? join(SRC, alias[1]!, alias[2]!)
    : shared
      ? join(SHARED, shared[1] ?? 'index')
      : source.startsWith('.')
        ? join(dirname(from), source)
        : null;
  if (!base) return source;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return base;
}

/**
 * What loading `roots` loads at once: every file and package reached through value imports, not
 * through `import()` (what a screen loads on use).
 */
export function staticGraph(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file) || !existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const { specifiers, source } of [...imports(text), ...reexports(text)]) {
      if (specifiers && specifiers !== '*' && !importsValue(specifiers)) continue;
      stack.push(resolveImport(file, source));
    }
  }
  return seen;
}
