import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead';

/** An export's chunks: its header line, then batches; `failAt` makes the read of that batch fail. */
async function* exportOf(batches: string[], failAt?: number, closed?: { done: boolean }) {
  try {
    yield 'id,name\r\n';
    for (const [index, batch] of batches.entries()) {
      await Promise.resolve();
      if (index === failAt) throw new Error('the database refused the read');
      yield batch;
    }
  } finally {
    if (closed) closed.done = true;
  }
}

async function text(stream: AsyncIterable<unknown>): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += String(chunk);
  return all;
}

describe('readAhead (decision 153)', () => {
  it('fails before the answer starts when the first batch cannot be read', async () => {
    await expect(readAhead(exportOf(['1,a\r\n'], 0))).rejects.toThrow('the database refused the read');
  });

  it('hands back every chunk in order once the first batch was read', async () => {
    const stream = await readAhead(exportOf(['1,a\r\n', '2,b\r\n', '3,c\r\n']));
    expect(await text(stream)).toBe('id,name\r\n1,a\r\n2,b\r\n3,c\r\n');
    expect(await text(await readAhead(exportOf([])))).toBe('id,name\r\n');
  });

  it('stops reading batches when the stream is destroyed (the client went away)', async () => {
    const closed = { done: false };
    const stream = await readAhead(exportOf(['1,a\r\n', '2,b\r\n', '3,c\r\n'], undefined, closed));
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closed.done).toBe(true);
  });
});
