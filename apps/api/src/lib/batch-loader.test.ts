import { describe, expect, it } from 'vitest';
import { createBatchLoader } from './batch-loader';

interface Row {
  id: number;
  name: string;
}

/** A source of rows that records the keys of each batch and answers when told to. */
function source(options: { maxInFlight?: number; maxBatch?: number; missing?: number[] } = {}) {
  const batches: number[][] = [];
  const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const load = createBatchLoader<number, Row>(
    (keys) => {
      batches.push(keys);
      return new Promise((resolve, reject) => {
        pending.push({
          resolve: () =>
            resolve(
              new Map(
                keys
                  .filter((key) => !options.missing?.includes(key))
                  .map((key) => [key, { id: key, name: `row ${key}` }]),
              ),
            ),
          reject,
        });
      });
    },
    { maxInFlight: options.maxInFlight ?? 2, maxBatch: options.maxBatch ?? 64, copy: structuredClone },
  );
  /** Lets the scheduled batch leave (reads are collected until the event loop's next turn). */
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  return { load, batches, pending, turn };
}

describe('createBatchLoader', () => {
  it('sends a lone read at once, as a batch of one', async () => {
    const { load, batches, pending, turn } = source();
    const read = load(7);
    await turn();
    expect(batches).toEqual([[7]]);
    pending[0]?.resolve();
    expect(await read).toEqual({ id: 7, name: 'row 7' });
  });

  it('sends reads that arrive together as one batch, and gives each reader its own row', async () => {
    const { load, batches, pending, turn } = source();
    const reads = [load(1), load(2), load(1), load(3)];
    await turn();
    expect(batches).toEqual([[1, 2, 3]]);
    pending[0]?.resolve();
    const [first, second, again, third] = await Promise.all(reads);
    expect([first?.id, second?.id, again?.id, third?.id]).toEqual([1, 2, 1, 3]);
    // Two readers of one key never share an object: one request cannot change another's row.
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });

  it('answers undefined for a key the source does not have', async () => {
    const { load, pending, turn } = source({ missing: [2] });
    const reads = [load(1), load(2)];
    await turn();
    pending[0]?.resolve();
    expect(await Promise.all(reads)).toEqual([{ id: 1, name: 'row 1' }, undefined]);
  });

  it('runs at most maxInFlight batches; reads arriving meanwhile leave together when one ends', async () => {
    const { load, batches, pending, turn } = source({ maxInFlight: 1 });
    const first = load(1);
    await turn();
    const waiting = [load(2), load(3)];
    await turn();
    const later = load(4);
    await turn();
    expect(batches).toEqual([[1]]);
    pending[0]?.resolve();
    await first;
    await turn();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    pending[1]?.resolve();
    expect((await Promise.all([...waiting, later])).map((row) => row?.id)).toEqual([2, 3, 4]);
  });

  it('cuts batches at maxBatch keys', async () => {
    const { load, batches, pending, turn } = source({ maxInFlight: 3, maxBatch: 2 });
    const reads = [1, 2, 3, 4, 5].map((key) => load(key));
    await turn();
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    for (const batch of pending) batch.resolve();
    expect((await Promise.all(reads)).map((row) => row?.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads a failed batch again key by key, fails only the readers whose read fails, and reads the next batch as usual', async () => {
    const { load, batches, pending, turn } = source();
    const failing = [load(1), load(2)];
    await turn();
    pending[0]?.reject(new Error('connection lost'));
    await turn();
    expect(batches).toEqual([[1, 2], [1], [2]]);
    pending[1]?.reject(new Error('connection lost'));
    pending[2]?.reject(new Error('connection lost'));
    const settled = await Promise.allSettled(failing);
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    const next = load(1);
    await turn();
    expect(batches).toEqual([[1, 2], [1], [2], [1]]);
    pending[3]?.resolve();
    expect(await next).toEqual({ id: 1, name: 'row 1' });
  });

  it('answers the other readers of a batch that one key’s value fails (decision 144)', async () => {
    const batches: number[][] = [];
    const load = createBatchLoader<number, Row>(
      (keys) => {
        batches.push(keys);
        // As a statement fails on one value it cannot take, and with it every other row of the batch.
        if (keys.includes(13)) return Promise.reject(new Error('value out of range'));
        return Promise.resolve(new Map(keys.map((key) => [key, { id: key, name: `row ${key}` }])));
      },
      { maxInFlight: 1, maxBatch: 64, copy: structuredClone },
    );
    const [one, bad, badAgain, two] = await Promise.allSettled([load(1), load(13), load(13), load(2)]);
    expect(one).toEqual({ status: 'fulfilled', value: { id: 1, name: 'row 1' } });
    expect(two).toEqual({ status: 'fulfilled', value: { id: 2, name: 'row 2' } });
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('value out of range') });
    expect(badAgain).toMatchObject({ status: 'rejected', reason: new Error('value out of range') });
    expect(batches).toEqual([[1, 13, 2], [1], [13], [2]]);
  });

  it('fails the batch when the source throws before answering', async () => {
    const load = createBatchLoader<number, Row>(
      () => {
        throw new Error('bad statement');
      },
      { maxInFlight: 1, maxBatch: 10, copy: structuredClone },
    );
    await expect(load(1)).rejects.toThrow('bad statement');
    await expect(load(2)).rejects.toThrow('bad statement');
  });
  it('fails only the readers left when a copy throws, and leaves none pending', async () => {
    const load = createBatchLoader<number, Row>(
      (keys) => Promise.resolve(new Map(keys.map((key) => [key, { id: key, name: `row ${key}` }]))),
      {
        maxInFlight: 1,
        maxBatch: 64,
        copy: () => {
          throw new Error('cannot copy');
        },
      },
    );
    const [first, second, other] = await Promise.allSettled([load(1), load(1), load(2)]);
    expect(first).toEqual({ status: 'fulfilled', value: { id: 1, name: 'row 1' } });
    expect(second).toMatchObject({ status: 'rejected', reason: new Error('cannot copy') });
    // The batch is read again key by key: key 2's one reader needs no copy.
    expect(other).toEqual({ status: 'fulfilled', value: { id: 2, name: 'row 2' } });
    // The loader still serves later reads.
    expect(await load(3)).toEqual({ id: 3, name: 'row 3' });
  });
});
