// The apps createTestApp built and their files have not closed (apps/api/test/helpers.ts), kept in a
// module of their own so that test/setup.ts can close them without loading the app for every file.

/**
 * The end of every app createTestApp built that its test file has not closed, and of every fake
 * gateway server a test started (test/fake-gateways.ts): run by closeTestApps.
 */
export const openApps = new Set<() => Promise<void>>();

/**
 * Checks the ledger of every app the file left open, then closes it and drops its database: the
 * setup file's afterAll (test/setup.ts), after the file's own hooks. An app built inside a test is
 * covered too: an afterAll registered while a test runs is never called, and left its database behind
 * with its ledger unchecked.
 */
export async function closeTestApps(): Promise<void> {
  const ends = [...openApps];
  openApps.clear();
  const failures: unknown[] = [];
  for (const end of ends) {
    try {
      await end();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `${failures.length} apps failed their end`);
}
