// `npm run backup` and `npm run restore -- <file>` for the embedded database (decision 103). PostgreSQL
// is backed up with pg_dump / pg_restore (docs/operations.md).
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrateDatabase } from '@app/db';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './runtime';
import { checkLedger } from './ledger/check';
import { backupsDir, listBackups, runningServer, writeBackup } from './backup';

const out = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string): never => {
  process.stderr.write(`${line}\n`);
  process.exit(1);
};

async function backup(dataDir: string) {
  const pid = runningServer(dataDir);
  if (pid === null) {
    const database = await openConfiguredDatabase(loadConfig());
    try {
      out(`Backup written: ${await writeBackup(database, dataDir, new Date())}`);
    } finally {
      await database.close();
    }
    return;
  }
  // The server holds the data directory: it makes the copy itself (SIGUSR2) and goes on serving.
  const before = new Set(listBackups(dataDir));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const made = listBackups(dataDir).find((name) => !before.has(name));
    if (made)
      return out(`Backup written by the running server (pid ${pid}): ${join(backupsDir(dataDir), made)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  fail(`The running server (pid ${pid}) wrote no backup within 120 s; see its log.`);
}

async function restore(dataDir: string, file: string | undefined) {
  if (!file || !existsSync(file)) fail('Give the backup to restore: npm run restore -- <file.tar.gz>');
  const pid = runningServer(dataDir);
  if (pid !== null) fail(`A server (pid ${pid}) is running on ${dataDir}: stop it first.`);
  const target = join(dataDir, 'pglite');
  if (existsSync(target)) {
    const aside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, aside);
    out(`The current database was moved to ${aside}.`);
  }
  const loaded = new PGlite(target, { loadDataDir: new Blob([readFileSync(resolve(file as string))]) });
  await loaded.waitReady;
  await loaded.close();
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await migrateDatabase(database);
    const check = await checkLedger(database.db);
    out(
      `Restored ${file} into ${target}: ${check.entriesChecked} ledger entries, ${check.accountsChecked} accounts.`,
    );
    if (!check.ok) fail(`The ledger check FAILED on the restored database: ${JSON.stringify(check)}`);
    out('Ledger check: ok.');
  } finally {
    await database.close();
  }
}

const config = loadConfig();
if (config.databaseUrl) {
  fail(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc and restore with pg_restore (docs/operations.md).',
  );
}
const dataDir = resolve(config.dataDir);
const [command, file] = process.argv.slice(2);
if (command === 'backup') await backup(dataDir);
else if (command === 'restore') await restore(dataDir, file);
else fail('Usage: backup-cli.ts backup | restore <file>');
