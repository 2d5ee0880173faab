// Run by password.test.ts as a plain Node process (not Vitest), as the product runs: prints a hash,
// or the error of lowering the cost when asked to (`lower`).
import { hashPassword, useTestSuitePasswordCost } from '../src/lib/password';

try {
  if (process.argv[2] === 'lower') useTestSuitePasswordCost();
  process.stdout.write(await hashPassword('correct horse battery staple'));
} catch (error) {
  process.stdout.write(`refused: ${(error as Error).message}`);
}
