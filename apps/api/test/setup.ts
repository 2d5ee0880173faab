import { afterAll, afterEach, vi } from 'vitest';
import { closeTestApps } from './open-apps';
import './process-warnings';

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
