import { describe, expect, it } from 'vitest';
import { releaseMemoryWhenIdle, youngGenerationBytes } from './idle-memory';

const MB = 1024 * 1024;

/**
 * A process whose CPU time and young generation the test sets: `interval(share)` lets about 20 ms pass
 * in which the process used `share` of a core, then checks; `state.young` is the young generation's size.
 */
function fakeProcess(young: number) {
  const state = { cpu: 0, young, collections: 0 };
  const release = releaseMemoryWhenIdle({
    intervalMs: 60_000,
    collect: async () => {
      state.collections += 1;
      state.young = 1 * MB;
    },
    cpuMicros: () => state.cpu,
    youngBytes: () => state.young,
  });
  return {
    state,
    release,
    /** One interval in which the process used `share` of a core. */
    async interval(share: number) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      state.cpu += share * 20_000 * 1.5; // a little above the share over the ~20 ms that passed
      await release.check();
    },
  };
}

describe('releaseMemoryWhenIdle', () => {
  it('collects once when an idle interval finds a grown young generation, and not again while idle', async () => {
    const server = fakeProcess(128 * MB);
    await server.interval(0);
    expect(server.state.collections).toBe(1);
    expect(server.state.young).toBe(1 * MB);
    await server.interval(0);
    await server.interval(0);
    expect(server.state.collections).toBe(1);
    server.release.stop();
  });

  it('does nothing while the process is busy, and collects once it is idle again', async () => {
    const server = fakeProcess(128 * MB);
    await server.interval(0.9);
    await server.interval(0.5);
    expect(server.state.collections).toBe(0);
    await server.interval(0.01);
    expect(server.state.collections).toBe(1);
    // Load again grows the young generation; the next idle interval gives it back again.
    await server.interval(0.9);
    server.state.young = 128 * MB;
    await server.interval(0);
    expect(server.state.collections).toBe(2);
    server.release.stop();
  });

  it('leaves a young generation already at its resting size alone', async () => {
    const server = fakeProcess(2 * MB);
    await server.interval(0);
    await server.interval(0);
    expect(server.state.collections).toBe(0);
    server.release.stop();
  });

  it("really shrinks this process's young generation with V8's own collection", async () => {
    // Survivors make V8 grow the young generation (its size is only ever a capacity); they are
    // garbage once the function returns, as start-up's are once the server is ready.
    const allocate = () => {
      const survivors: Array<{ n: number; s: string }> = [];
      for (let i = 0; i < 1_500_000; i += 1) survivors.push({ n: i, s: `value ${i}` });
      return survivors.length;
    };
    expect(allocate()).toBe(1_500_000);
    const grown = youngGenerationBytes();
    expect(grown).toBeGreaterThan(8 * MB);

    let collected: [number, number] | undefined;
    const release = releaseMemoryWhenIdle({
      intervalMs: 60_000,
      cpuMicros: () => 0, // an idle interval, whatever the test runner did meanwhile
      onCollect: (before, after) => (collected = [before, after]),
    });
    await release.check();
    release.stop();
    expect(collected?.[0]).toBe(grown);
    expect(youngGenerationBytes()).toBeLessThanOrEqual(8 * MB);
    expect(youngGenerationBytes()).toBeLessThan(grown);
  });
});
