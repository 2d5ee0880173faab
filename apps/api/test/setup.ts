import { afterAll, afterEach, vi } from 'vitest';
import { useTestSuitePasswordCost } from '../src/lib/password';
import { closeTestApps } from './open-apps';
import './process-warnings';

// Thousands of accounts at argon2id's smallest cost; the product's own is tested in password.test.ts
// and used by the end-to-end suite (decision 204).
useTestSuitePasswordCost();

// An unexpected console.error fails a test (CONVENTIONS §12).
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls;
  if (calls.length > 0) {
    const first = calls.map((args) => args.map(String).join(' ')).join('\n');
    spy.mockClear();
    throw new Error(`console.error was called:\n${first}`);
  }
});

// Every app createTestApp built is checked (the ledger), closed and its database dropped, after the
// file's own hooks: registered here, first, it runs last.
afterAll(closeTestApps);
