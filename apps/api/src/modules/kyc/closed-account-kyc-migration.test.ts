import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../../../test/migrations-up-to';
import { num, queryRows } from '../../ledger/sql';

/** Migration 0059 (decision 227) does for accounts closed before it what a closing now does. */
const BEFORE = '0058_referred_list_index';

const { db, migrateBefore, migrateRest } = await migrationTestDatabase(BEFORE);

describe('migration 0059: identity verifications of accounts closed before it', () => {
  it('leave the back office, their files archived; an open account’s are untouched', async () => {
    await migrateBefore();
    await db.execute(sql`insert into users (id, username, email, password_hash, referral_code, status, closed_at, created_at, updated_at)
      values (1, 'closed-1-aa', 'closed-1-aa@closed.invalid', 'x', 'CLO1', 'closed', now(), now(), now()),
             (2, 'ben', 'ben@example.com', 'x', 'BEN1', 'active', null, now(), now())`);
    await db.execute(sql`insert into kyc_verifications (user_id, status, document_type, submitted_at)
      values (1, 'submitted', 'passport', now()), (2, 'submitted', 'passport', now())`);
    await db.execute(sql`insert into kyc_documents (user_id, side, state, mime, size, storage_key, created_at)
      values (1, 'identity_front', 'submitted', 'image/png', 10, 'k1', now()),
             (1, 'proof_of_address', 'draft', 'application/pdf', 10, 'k2', now()),
             (1, 'identity_front', 'archived', 'image/png', 10, 'k3', now()),
             (2, 'identity_front', 'submitted', 'image/png', 10, 'k4', now()),
             (2, 'proof_of_address', 'draft', 'application/pdf', 10, 'k5', now())`);

    await migrateRest();
    const verifications = await queryRows<{ user_id: unknown }>(
      db,
      sql`select user_id from kyc_verifications`,
    );
    expect(verifications.map((row) => num(row.user_id))).toEqual([2]);
    const documents = await queryRows<{ storage_key: string; state: string }>(
      db,
      sql`select storage_key, state from kyc_documents order by storage_key`,
    );
    expect(documents.map((row) => [row.storage_key, row.state])).toEqual([
      ['k1', 'archived'],
      ['k2', 'archived'],
      ['k3', 'archived'],
      ['k4', 'submitted'],
      ['k5', 'draft'],
    ]);
  });
});
