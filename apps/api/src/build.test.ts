import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureApiBuild, staleReason } from '../../../scripts/build-api.mjs';

// The compiled start (decision 100): a build is run while current and made again when a source changes.
// A small project of its own in a temporary folder, so no source of ours is touched.
const root = mkdtempSync(join(tmpdir(), 'build-api-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the API build', () => {
  it('builds once, is current until a source changes, and then builds the change', () => {
    mkdirSync(join(root, 'src'));
    writeFileSync(
      join(root, 'src/entry.ts'),
      "import { word } from './word';\nconsole.log(word satisfies string);\n",
    );
    writeFileSync(join(root, 'src/word.ts'), "export const word: string = 'first';\n");
    const options = { root, entry: 'src/entry.ts', outDir: 'dist', quiet: true };

    expect(staleReason(options)).toBe('no build yet');
    const out = ensureApiBuild(options);
    expect(execFileSync(process.execPath, [out], { encoding: 'utf8' })).toBe('first\n');
    expect(staleReason(options)).toBeNull();

    writeFileSync(join(root, 'src/word.ts'), "export const word: string = 'second';\n");
    expect(staleReason(options)).toBe('src/word.ts changed');
    expect(execFileSync(process.execPath, [ensureApiBuild(options)], { encoding: 'utf8' })).toBe('second\n');
    expect(staleReason(options)).toBeNull();

    rmSync(join(root, 'src/word.ts'));
    expect(staleReason(options)).toBe('src/word.ts is gone');
  });
});
