import { Zip, ZipDeflate } from 'fflate';
import { csvField } from '../activity/activity.service';

/** One file of an archive: its name and its text, produced a piece at a time. */
export interface ArchiveFile {
  name: string;
  chunks: () => AsyncIterable<string> | Iterable<string>;
}

const encoder = new TextEncoder();

/**
 * A zip archive of `files` as a stream of bytes (fflate's streaming Zip, decision 177): each file is
 * compressed as its pieces arrive and the compressed bytes are handed on at once, so an archive of a
 * long history is never held in memory whole.
 */
export async function* zipStream(files: ArchiveFile[], mtime: Date): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else ready.push(data);
  });
  function* drain(): Generator<Uint8Array> {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift() as Uint8Array;
  }
  for (const file of files) {
    const entry = new ZipDeflate(file.name, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    for await (const piece of file.chunks()) {
      entry.push(encoder.encode(piece));
      yield* drain();
    }
    entry.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

type Cell = string | number | boolean | null | undefined | object;

/** A cell of an export's CSV: text made safe for a spreadsheet, nested values as JSON. */
function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return csvField(value);
  return csvField(JSON.stringify(value));
}

/** A list of records as `<name>.json` and `<name>.csv` (RFC 4180, the columns of the first record). */
export function tableFiles(
  name: string,
  rows: readonly Record<string, Cell>[],
  columns?: string[],
): ArchiveFile[] {
  const header = columns ?? Object.keys(rows[0] ?? {});
  return [
    { name: `${name}.json`, chunks: () => [JSON.stringify(rows, null, 2)] },
    {
      name: `${name}.csv`,
      chunks: () => [
        `${header.join(',')}\r\n`,
        ...rows.map((row) => header.map((column) => csvCell(row[column])).join(',') + '\r\n'),
      ],
    },
  ];
}
