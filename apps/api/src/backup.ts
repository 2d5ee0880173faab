import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Database } from '@app/db';

/** Where a running embedded server writes its process id, for `npm run backup` to signal it. */
export const pidFile = (dataDir: string) => join(resolve(dataDir), 'server.pid');
export const backupsDir = (dataDir: string) => join(resolve(dataDir), 'backups');

/** The process id of a server running on this data directory, or null. */
export function runningServer(dataDir: string): number | null {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

export function listBackups(dataDir: string): string[] {
  const dir = backupsDir(dataDir);
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.tar.gz')) : [];
}

/**
 * Writes a consistent copy of the embedded database to DATA_DIR/backups/pglite-<time>.tar.gz (written
 * beside and renamed, so a half-written file never carries the final name). Answers its path.
 */
export async function writeBackup(database: Database, dataDir: string, now: Date): Promise<string> {
  if (!database.dumpDataDir)
    throw new Error('Backups of PostgreSQL are made with pg_dump (docs/operations.md).');
  const dir = backupsDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `pglite-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  const dump = await database.dumpDataDir();
  const partial = `${file}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  renameSync(partial, file);
  return file;
}

/** Notes this process as the server of `dataDir`; the answer removes the note. */
export function notePid(dataDir: string): () => void {
  const file = pidFile(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  return () => rmSync(file, { force: true });
}
