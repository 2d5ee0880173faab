import { Readable } from 'node:stream';

/**
 * A stream of `chunks` whose first `count` chunks have been read before it is handed back. A streamed
 * export (a CSV's header line, then its rows in batches from the database) is read this far before its
 * answer starts, so that what fails on the first read is an error answer with its status, never a 200
 * cut off mid-file (decision 153). Its input was checked by the route's schema before that.
 */
export async function readAhead<T extends string | Uint8Array>(
  chunks: AsyncGenerator<T>,
  count = 2,
): Promise<Readable> {
  const first: T[] = [];
  let ended = false;
  while (first.length < count && !ended) {
    const next = await chunks.next();
    if (next.done) ended = true;
    else first.push(next.value);
  }
  async function* all(): AsyncGenerator<T> {
    yield* first;
    if (!ended) yield* chunks;
  }
  const stream = Readable.from(all());
  // The client went away (or the stream ended): stop reading batches, even before the first was sent.
  stream.once('close', () => void chunks.return(undefined));
  return stream;
}
