import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { deploymentKey, type Database } from '@app/db';
import { decryptSecret, encryptSecret, opensWith } from '../lib/crypto';
import type { DocumentStore } from '../modules/kyc/document-store';
import { DocumentResealError, resealDocuments } from '../modules/kyc/document-reseal';
import { SEALED_COLUMNS, type SealedColumn } from './sealed-columns';

const FINGERPRINT_LABEL = 'deployment-key-fingerprint/v1';
/** The advisory lock of a key rotation: one node re-seals, the others wait for it. */
const ROTATION_LOCK = 0x6b6579; // 'key'
const PAGE = 500;

/** What the database stores of a key: an HMAC of a fixed label under it, never the key itself. */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update(FINGERPRINT_LABEL).digest('hex');
}

const short = (fingerprint: string) => fingerprint.slice(0, 12);

/** The start-up refusal: this node's key is not the deployment's. Its message says what to do. */
export class DeploymentKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeploymentKeyError';
  }
}

export type KeyOutcome = { kind: 'recorded' } | { kind: 'matched' } | { kind: 'rotated'; resealed: number };

export interface KeyInput {
  key: Buffer;
  /** APP_KEY_PREVIOUS: the key a rotation re-seals from. */
  previous?: Buffer;
  now: Date;
  /** Where this node's key came from, for the refusal's message (e.g. "APP_KEY" or a file path). */
  source: string;
  /** The identity documents' store: a rotation re-seals its files too (decision 190). */
  documents?: DocumentStore;
}

/**
 * Makes sure this node seals with the deployment's key (decision 152): records the key's fingerprint
 * on a database that has none (after checking any sealed value opens with it), accepts a matching
 * key, rotates from APP_KEY_PREVIOUS to APP_KEY when the database holds the previous key's
 * fingerprint (resuming an interrupted rotation), and refuses anything else.
 */
export async function settleDeploymentKey(database: Database, input: KeyInput): Promise<KeyOutcome> {
  const fingerprint = keyFingerprint(input.key);
  const previous = input.previous ? keyFingerprint(input.previous) : undefined;
  let row = await readRow(database);
  let recorded = false;
  if (!row) {
    const sealedUnder = await firstSealedKey(database, input);
    await database.db
      .insert(deploymentKey)
      .values({
        id: 1,
        fingerprint: sealedUnder === 'previous' ? previous! : fingerprint,
        createdAt: input.now,
      })
      .onConflictDoNothing();
    row = (await readRow(database))!;
    recorded = row.fingerprint === fingerprint;
  }
  if (row.fingerprint === fingerprint && row.rotatingFrom === null) {
    // Started again with APP_KEY_PREVIOUS after a finished rotation: a node left running on the old
    // key may have sealed values under it since. A repair pass re-seals them (the others are skipped).
    if (input.previous && previous !== fingerprint) {
      const resealed = await repair(database, input);
      if (resealed > 0) return { kind: 'rotated', resealed };
    }
    return { kind: recorded ? 'recorded' : 'matched' };
  }
  const rotationFrom = row.fingerprint === fingerprint ? row.rotatingFrom : row.fingerprint;
  if (!input.previous || previous !== rotationFrom) {
    throw new DeploymentKeyError(
      row.fingerprint === fingerprint
        ? unfinishedRotation(row.rotatingFrom!)
        : mismatch(row.fingerprint, fingerprint, input.source),
    );
  }
  return { kind: 'rotated', resealed: await rotate(database, input, fingerprint, previous) };
}

async function readRow(database: Database) {
  const [row] = await database.db.select().from(deploymentKey).where(eq(deploymentKey.id, 1)).limit(1);
  return row ?? null;
}

/**
 * A database from before the fingerprint (or one whose fingerprint row was lost): the first sealed
 * value it holds tells which key its data is under. 'none' when it holds no sealed value yet.
 */
async function firstSealedKey(database: Database, input: KeyInput): Promise<'key' | 'previous' | 'none'> {
  for (const column of SEALED_COLUMNS) {
    const [first] = await column.page(database.db, 0, 1);
    if (!first) continue;
    const context = column.context(first.id);
    if (opensWith(input.key, first.sealed, context)) return 'key';
    if (input.previous && opensWith(input.previous, first.sealed, context)) return 'previous';
    throw new DeploymentKeyError(
      `The sealed data in this database (${column.name}) does not open with this node's key (${input.source}). ` +
        'Start it with the APP_KEY the data was written under.',
    );
  }
  return 'none';
}

/** Re-seals every sealed column under the new key, then clears the rotation mark. Resumable. */
async function rotate(database: Database, input: KeyInput, to: string, from: string): Promise<number> {
  let resealed = 0;
  for (;;) {
    const ran = await database.withAdvisoryLock(ROTATION_LOCK, async () => {
      await database.db
        .update(deploymentKey)
        .set({ fingerprint: to, rotatingFrom: from })
        .where(and(eq(deploymentKey.id, 1), eq(deploymentKey.fingerprint, from)));
      const row = await readRow(database);
      if (row?.fingerprint !== to)
        throw new DeploymentKeyError(mismatch(row?.fingerprint ?? '', to, input.source));
      if (row.rotatingFrom === null) return; // another node finished it meanwhile
      for (const column of SEALED_COLUMNS) resealed += await resealColumn(database, input, column);
      resealed += await resealStoredDocuments(database, input);
      await database.db
        .update(deploymentKey)
        .set({ rotatingFrom: null, rotatedAt: input.now })
        .where(eq(deploymentKey.id, 1));
    });
    if (ran) return resealed;
    await new Promise((resolve) => setTimeout(resolve, 250)); // another node is rotating: wait for it
    const row = await readRow(database);
    if (row?.fingerprint === to && row.rotatingFrom === null) return 0;
  }
}

/** Re-seals under APP_KEY any value still under APP_KEY_PREVIOUS, under the rotation's lock. */
async function repair(database: Database, input: KeyInput): Promise<number> {
  let resealed = 0;
  for (;;) {
    const ran = await database.withAdvisoryLock(ROTATION_LOCK, async () => {
      for (const column of SEALED_COLUMNS) resealed += await resealColumn(database, input, column);
      resealed += await resealStoredDocuments(database, input);
    });
    if (ran) return resealed;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function resealColumn(database: Database, input: KeyInput, column: SealedColumn) {
  let resealed = 0;
  for (let after = 0; ;) {
    const page = await column.page(database.db, after, PAGE);
    if (page.length === 0) return resealed;
    for (const { id, sealed } of page) {
      const context = column.context(id);
      if (opensWith(input.key, sealed, context)) continue; // re-sealed before an interruption
      if (!opensWith(input.previous!, sealed, context)) {
        throw new DeploymentKeyError(
          `${column.name} of row ${id} opens with neither APP_KEY nor APP_KEY_PREVIOUS; the rotation stopped there.`,
        );
      }
      const plain = decryptSecret(input.previous!, sealed, context);
      if (await column.replace(database.db, id, sealed, encryptSecret(input.key, plain, context)))
        resealed += 1;
    }
    after = page[page.length - 1]!.id;
  }
}

/** The identity documents' files, in their store (decision 190); same skip-if-current rule. */
async function resealStoredDocuments(database: Database, input: KeyInput): Promise<number> {
  if (!input.documents) return 0;
  try {
    const keys = { key: input.key, previous: input.previous! };
    return (await resealDocuments(database.db, input.documents, keys)).resealed;
  } catch (error) {
    if (error instanceof DocumentResealError) throw new DeploymentKeyError(error.message);
    throw error;
  }
}

function mismatch(stored: string, mine: string, source: string): string {
  return [
    `This node's key (${source}, fingerprint ${short(mine)}) is not the key this database's data is sealed with (fingerprint ${short(stored)}).`,
    "Start every node with the same APP_KEY: the deployment's key (the first node's DATA_DIR/app.key if it generated one).",
    'To change the key, start one node with APP_KEY set to the new key and APP_KEY_PREVIOUS to the current one (docs/operations.md, "The key").',
  ].join('\n');
}

function unfinishedRotation(from: string): string {
  return [
    `A key rotation from the key with fingerprint ${short(from)} is unfinished.`,
    'Start one node with APP_KEY set to the new key and APP_KEY_PREVIOUS to that previous key: it finishes the re-sealing and then serves.',
  ].join('\n');
}
