import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id with OWASP ASVS minimums: m = 19456 KiB, t = 2, p = 1 (DESIGN §2). */
const PRODUCT_COST: Options = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * The API's test suite's cost (decision 204): argon2id still, at the smallest memory and time, for the
 * thousands of accounts its files make. A hash records its own cost, so verifying reads it from there.
 */
const TEST_SUITE_COST: Options = { algorithm: 2, memoryCost: 256, timeCost: 1, parallelism: 1 };

let cost = PRODUCT_COST;

/**
 * For the API's test setup (apps/api/test/setup.ts); no product code calls it. Outside Vitest it throws,
 * a tripwire should a product path ever call it. The end-to-end suite runs the product at its own cost.
 */
export function useTestSuitePasswordCost(): void {
  if (process.env.VITEST !== 'true') throw new Error('The test suite password cost is for Vitest only.');
  cost = TEST_SUITE_COST;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, cost);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  return dummyHash;
}
