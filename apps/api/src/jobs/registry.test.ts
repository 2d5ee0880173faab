import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { FixedClock } from '../clock';
import { JobRegistry, JobsFailedError, jobLockKey } from './registry';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('scheduled jobs', () => {
  test('a job already running elsewhere is skipped, not run twice at once', async () => {
    const registry = new JobRegistry();
    let running = 0;
    let maxConcurrent = 0;
    let runs = 0;
    registry.register({
      name: 'slow',
      run: async () => {
        running += 1;
        runs += 1;
        maxConcurrent = Math.max(maxConcurrent, running);
        await new Promise((resolve) => setTimeout(resolve, 200));
        running -= 1;
      },
    });
    const context = { database: testDb.database, clock: new FixedClock(new Date()) };
    const [first, second] = await Promise.all([registry.runAll(context), registry.runAll(context)]);
    expect(maxConcurrent).toBe(1);
    expect(runs).toBe(1);
    expect([...(first ?? []), ...(second ?? [])]).toEqual(['slow']);
    // Released afterwards: the next tick runs it again.
    expect(await registry.runAll(context)).toEqual(['slow']);
    expect(runs).toBe(2);
  });

  test('a job that fails does not keep the jobs after it from running; its failure is thrown after them', async () => {
    const registry = new JobRegistry();
    const outcomes: string[] = [];
    registry.observe((name, outcome) => outcomes.push(`${name}:${outcome}`));
    const runs: string[] = [];
    const failing = new Error('the books refuse this batch');
    registry.register({ name: 'first', run: () => Promise.resolve(void runs.push('first')) });
    registry.register({ name: 'broken', run: () => Promise.reject(failing) });
    registry.register({ name: 'last', run: () => Promise.resolve(void runs.push('last')) });
    const context = { database: testDb.database, clock: new FixedClock(new Date()) };
    const error = await registry.runAll(context).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(JobsFailedError);
    expect((error as JobsFailedError).failures).toEqual([{ job: 'broken', error: failing }]);
    expect(runs).toEqual(['first', 'last']);
    expect(outcomes.map((outcome) => outcome.split(':')[1])).toEqual(['ok', 'failed', 'ok']);
  });

  test('lock keys are stable, positive 31-bit numbers that differ by job', () => {
    expect(jobLockKey('accrual')).toBe(jobLockKey('accrual'));
    expect(jobLockKey('accrual')).not.toBe(jobLockKey('deposit-expiry'));
    expect(jobLockKey('accrual')).toBeGreaterThanOrEqual(0);
    expect(jobLockKey('accrual')).toBeLessThan(2 ** 31);
  });
});
