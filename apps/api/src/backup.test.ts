import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, startProduct } from '../../../e2e/support/product';

const run = promisify(execFile);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'backup-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const cli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'apps/api/src/backup-cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });

// The embedded database (PGlite project only, vitest.config.ts): npm run backup against the running
// product, then npm run restore into an empty data directory, where the ledger check passes.
describe('npm run backup / npm run restore (embedded database)', () => {
  it('copies the running server’s database and restores it with the books balanced', async () => {
    const dataDir = tempDir();
    const product = await startProduct({ DATA_DIR: dataDir, SEED_DEMO: '1' });
    let backupFile: string;
    try {
      const { stdout } = await cli(dataDir, 'backup');
      expect(stdout).toContain('Backup written by the running server');
      backupFile = /: (\/\S+\.tar\.gz)/.exec(stdout)?.[1] ?? '';
      expect(backupFile).toContain(join(dataDir, 'backups'));
      // The server kept serving while the copy was made.
      expect((await fetch(`${product.url}/readyz`)).status).toBe(200);
      // A restore over the data directory of a running server is refused.
      await expect(cli(dataDir, 'restore', backupFile)).rejects.toMatchObject({
        stderr: expect.stringContaining('stop it first') as unknown,
      });
    } finally {
      await product.stop();
    }

    const restored = tempDir();
    const { stdout } = await cli(restored, 'restore', backupFile);
    expect(stdout).toContain('Ledger check: ok.');
    const entries = Number(/(\d+) ledger entries/.exec(stdout)?.[1]);
    expect(entries).toBeGreaterThan(0); // the demo member's confirmed deposit came back
  }, 180_000);
});
