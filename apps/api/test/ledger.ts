import { expect } from 'vitest';
import type { DbOrTx } from '@app/db';
import { checkLedger, type LedgerCheck } from '../src/ledger/check';

/** The named checks whose result is a list of problems. */
type ProblemList = {
  [K in keyof LedgerCheck]: LedgerCheck[K] extends unknown[] ? K : never;
}[keyof LedgerCheck];

/**
 * The whole ledger check passes. `focus` names the check the test's feature is proved by: its problems
 * are compared first, so a failure shows them rather than a bare `ok: false`.
 */
export async function expectBooksBalance(db: DbOrTx, focus: ProblemList): Promise<void> {
  const check = await checkLedger(db);
  expect(check[focus]).toEqual([]);
  expect(check.ok).toBe(true);
}
