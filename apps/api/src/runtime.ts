import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '@app/db';
import type { Config } from './config';
import { decodeKey } from './config';

/** Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({
        driver: 'postgres',
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        waitMs: config.databaseWaitMs,
        namedStatements: config.databaseNamedStatements,
      })
    : openDatabase({
        driver: 'pglite',
        dataDir: join(resolve(config.dataDir), 'pglite'),
        sharedBuffersMb: config.pgliteSharedBuffersMb,
      });
}

/** This node's sealing key and where it came from (decision 152). */
export interface ResolvedAppKey {
  key: Buffer;
  /** 'APP_KEY', or the key file's path. */
  source: string;
  /** Set when the key was generated now: writes it to DATA_DIR/app.key, before the database records it. */
  persist?: () => void;
  /** Removes the file `persist` wrote, when the database refused the key. */
  discard?: () => void;
}

/**
 * APP_KEY from the environment, or (outside production) the key in DATA_DIR/app.key, or a new one
 * to be written there with owner-only permissions, so an embedded start needs no setup. A generated
 * key is written before the database records its fingerprint (`persist`), so no recorded key can be
 * missing from disk, and removed again when the database refuses it (`discard`).
 */
export function resolveAppKey(config: Config): ResolvedAppKey {
  if (config.appKey) return { key: config.appKey, source: 'APP_KEY' };
  if (config.isProduction) throw new Error('APP_KEY is required in production.');
  const dir = resolve(config.dataDir);
  const file = join(dir, 'app.key');
  if (existsSync(file)) {
    const key = decodeKey(readFileSync(file, 'utf8').trim());
    if (!key) throw new Error(`${file} does not hold a 32-byte key.`);
    return { key, source: file };
  }
  const key = randomBytes(32);
  return {
    key,
    source: `${file} (generated now)`,
    persist: () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    },
    discard: () => rmSync(file, { force: true }),
  };
}

/**
 * The start's word on the key when several nodes may share the database (DATABASE_URL without
 * APP_KEY): every node must be given the same key, so say where it is, loudly.
 */
export function sharedKeyWarning(config: Config, resolved: ResolvedAppKey): string[] {
  if (!config.databaseUrl || resolved.source === 'APP_KEY') return [];
  const file = join(resolve(config.dataDir), 'app.key');
  return [
    '!! APP_KEY is not set: this node seals 2FA secrets and profiles with the key in',
    `!!   ${file}${resolved.persist ? ' (generated now)' : ''}.`,
    "!! Every other node on this database must start with APP_KEY set to that file's contents, or it",
    '!! refuses to start. Keep the key with your secrets: data sealed under a lost key is lost.',
  ];
}
