/**
 * Coalesces concurrent reads by key into one query, the way a database groups commits. Reads made in
 * one turn of the event loop (the requests that arrived together) leave together at its end, as one
 * batch; while `maxInFlight` batches are running, later reads wait and leave together when one ends.
 * Batches grow with load and stay at one read when the server is quiet, which waits only for the
 * end of the current turn.
 *
 * Each read still starts after its request arrived, so nothing is served from a cache: the answer is
 * as fresh as a query of its own would be (decision 144).
 */
export interface BatchLoaderOptions<V> {
  /** Batches running at once; more reads wait for the next batch. */
  maxInFlight: number;
  /** Keys in one batch at most. */
  maxBatch: number;
  /**
   * A copy of a value for each further reader of the same key in one batch, so that no two requests
   * ever hold the same object.
   */
  copy: (value: V) => V;
}

interface Waiting<K, V> {
  key: K;
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/** `loadMany(keys)` answers a map from key to value; a key it leaves out reads as `undefined`. */
export function createBatchLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  options: BatchLoaderOptions<V>,
): (key: K) => Promise<V | undefined> {
  let inFlight = 0;
  let queue: Array<Waiting<K, V>> = [];

  function settle(batch: Array<Waiting<K, V>>, values: Map<K, V>) {
    const handedOut = new Set<K>();
    for (const waiting of batch) {
      const value = values.get(waiting.key);
      if (value === undefined) {
        waiting.resolve(undefined);
      } else if (handedOut.has(waiting.key)) {
        waiting.resolve(options.copy(value));
      } else {
        handedOut.add(waiting.key);
        waiting.resolve(value);
      }
    }
  }

  const load = (keys: K[]) => new Promise<Map<K, V>>((resolve) => resolve(loadMany(keys)));

  function rejectAll(batch: Array<Waiting<K, V>>, error: unknown) {
    for (const waiting of batch) waiting.reject(error);
  }

  /** The readers of one key of a failed batch, answered by a read of that key alone. */
  async function alone(batch: Array<Waiting<K, V>>, key: K) {
    const readers = batch.filter((waiting) => waiting.key === key);
    try {
      settle(readers, await load([key]));
    } catch (error) {
      rejectAll(readers, error);
    }
  }

  function dispatch() {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      // The whole queue when it fits in one batch (the usual case): a new array for the next reads
      // costs less than taking a front slice off this one.
      let batch = queue;
      if (queue.length <= options.maxBatch) queue = [];
      else batch = queue.splice(0, options.maxBatch);
      inFlight += 1;
      const keys = [...new Set(batch.map((waiting) => waiting.key))];
      // A source that throws before answering fails its batch like one that rejects.
      // So does a copy that throws while the batch is handed out: the readers not yet answered get
      // the error (the others keep their answers), and nothing is left pending or unhandled.
      // A batch of several keys that fails is read again key by key, so a value that fails its
      // statement (one request's) fails only the readers of that key, not the rest of the batch.
      load(keys)
        .then((values) => settle(batch, values))
        .catch(async (error: unknown) => {
          if (keys.length === 1) rejectAll(batch, error);
          else await Promise.all(keys.map((key) => alone(batch, key)));
        })
        .finally(() => {
          inFlight -= 1;
          dispatch();
        });
    }
  }

  let scheduled = false;
  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        dispatch();
      });
    });
}
