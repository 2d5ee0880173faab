import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from './client';

const MB = 1024 * 1024;

async function rowsOf<T>(database: Database, text: string): Promise<T[]> {
  const result: unknown = await database.db.execute(text);
  return (result as { rows: T[] }).rows;
}

describe('the embedded database in a data directory', () => {
  const opened: Database[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  test('is created on first open without keeping initdb in the process, and keeps its data', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pglite-dir-')), 'pglite');
    dirs.push(dir);
    const first = await openDatabase({ driver: 'pglite', dataDir: dir, sharedBuffersMb: 32 });
    opened.push(first);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    // Created in this process, initdb's WASM instance and its unpacked files stayed referenced by the
    // database: external memory about 630 MB, against about 140 MB (the database's own WASM heap).
    expect(process.memoryUsage().external).toBeLessThan(300 * MB);
    await first.exec('create table kept (value text); insert into kept values ($$still here$$)');
    await first.close();
    opened.pop();

    const again = await openDatabase({ driver: 'pglite', dataDir: dir, sharedBuffersMb: 16 });
    opened.push(again);
    expect(await rowsOf(again, 'select value from kept')).toEqual([{ value: 'still here' }]);
    expect(await rowsOf(again, 'show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
  }, 120_000);

  test('in memory, starts from a dump of another database and takes its settings (the test template)', async () => {
    const source = await openDatabase({ driver: 'pglite', dataDir: null });
    opened.push(source);
    await source.exec('create table kept (value text); insert into kept values ($$from the dump$$)');
    const dump = await source.dumpDataDir!('none');
    const copy = await openDatabase({
      driver: 'pglite',
      dataDir: null,
      loadDataDir: dump,
      sharedBuffersMb: 24,
    });
    opened.push(copy);
    expect(await rowsOf(copy, 'select value from kept')).toEqual([{ value: 'from the dump' }]);
    expect(await rowsOf(copy, 'show shared_buffers')).toEqual([{ shared_buffers: '24MB' }]);
    // A copy, not the same database: a change to it leaves the source as it was.
    await copy.exec('delete from kept');
    expect(await rowsOf(source, 'select value from kept')).toEqual([{ value: 'from the dump' }]);
  }, 120_000);
});
