import { afterEach, beforeEach, expect, vi } from 'vitest';

/**
 * For a file whose tests make React report an error on purpose (a boundary catching it): the calls of
 * console.error that `expected` recognises by one of their arguments are kept out of the output; any
 * other call fails the test. Registered in the file, so its afterEach runs before the setup's own
 * console.error check (Vitest's default hook order, 'stack'). Answers the spy, for a test that checks
 * the report was made.
 */
export function expectConsoleErrorsOnlyFrom(expected: (arg: unknown) => boolean) {
  const consoleError = vi.spyOn(console, 'error');
  beforeEach(() => {
    consoleError.mockImplementation(() => undefined);
  });
  afterEach(() => {
    const unexpected = consoleError.mock.calls.filter((args) => !args.some(expected));
    consoleError.mockReset();
    expect(unexpected).toEqual([]);
  });
  return consoleError;
}
