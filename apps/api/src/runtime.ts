import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
        namedStatements: config.databaseNamedStatements,
      })
    : openDatabase({
        driver: 'pglite',
        dataDir: join(resolve(config.dataDir), 'pglite'),
        sharedBuffersMb: config.pgliteSharedBuffersMb,
      });
}

/**
 * APP_KEY from the environment, or (outside production) a key generated once into DATA_DIR/app.key
 * with owner-only permissions, so an embedded start needs no setup and keeps its secrets readable.
 */
export function resolveAppKey(config: Config): Buffer {
  if (config.appKey) return config.appKey;
  if (config.isProduction) throw new Error('APP_KEY is required in production.');
  const dir = resolve(config.dataDir);
  const file = join(dir, 'app.key');
  if (existsSync(file)) {
    const key = decodeKey(readFileSync(file, 'utf8').trim());
    if (!key) throw new Error(`${file} does not hold a 32-byte key.`);
    return key;
  }
  mkdirSync(dir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600 });
  return key;
}
