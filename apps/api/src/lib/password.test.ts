import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

const root = join(import.meta.dirname, '..', '..', '..', '..');

/** apps/api/test/password-cost.ts in a Node process of its own, outside Vitest, as the product runs. */
function outsideTests(...args: string[]): string {
  const { VITEST: _vitest, VITEST_WORKER_ID: _worker, VITEST_POOL_ID: _pool, ...env } = process.env;
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/test/password-cost.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env,
    timeout: 60_000,
  });
  expect(child.status, child.error?.message ?? child.stderr).toBe(0);
  return child.stdout;
}

describe('password hashing (decision 204)', () => {
  it('hashes with argon2id at the ASVS cost in the product', () => {
    const stored = outsideTests();
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain('correct horse');
  });

  it('will not lower the cost outside the test suite', () => {
    expect(outsideTests('lower')).toBe('refused: The test suite password cost is for Vitest only.');
  });

  it('hashes with argon2id in the tests too, at the smallest cost', async () => {
    expect(await hashPassword('correct horse battery staple')).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
  });

  it('verifies a hash made at the product cost, and refuses the wrong password or a broken hash', async () => {
    const stored = await hash('correct horse battery staple', {
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse battery stapler')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse battery staple')).toBe(false);
  });
});
