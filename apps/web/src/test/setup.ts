import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

// An unexpected console.error fails a test (CONVENTIONS §12).
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls;
  if (calls.length > 0) {
    const text = calls.map((args) => args.map(String).join(' ')).join('\n');
    spy.mockClear();
    throw new Error(`console.error was called:\n${text}`);
  }
});
