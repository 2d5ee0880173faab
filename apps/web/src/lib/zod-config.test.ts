import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imports, importsValue, sourceFiles, SRC } from '../test/source-imports';

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
