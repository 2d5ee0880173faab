import { describe, expect, test, vi } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { startScheduler } from './scheduler';

const { app } = await createTestApp();

describe('the scheduler', () => {
  test('stop() answers after the job running now has finished, and no further job starts', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    const finished: string[] = [];
    app.deps.jobs.register({
      name: 'test-slow',
      run: async () => {
        started.push('test-slow');
        await gate;
        finished.push('test-slow');
      },
    });
    app.deps.jobs.register({
      name: 'test-after',
      run: () => {
        started.push('test-after');
        return Promise.resolve();
      },
    });

    const scheduler = startScheduler(app, 60_000);
    await vi.waitFor(() => expect(started).toEqual(['test-slow']), { timeout: 20_000 });
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A shutdown waiting on stop() would still be waiting: the database stays open under the job.
    expect(stopped).toBe(false);

    release();
    await stopping;
    expect(finished).toEqual(['test-slow']);
    expect(started).toEqual(['test-slow']);
  });
});
