import { customType, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A member's identity verification (issue 37, decision 180): one row per member, none = not started.
 * `expired` is read, never stored: an approved verification whose document's expiry date has passed.
 */
export const kycVerifications = pgTable(
  'kyc_verifications',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['submitted', 'approved', 'rejected'] }).notNull(),
    documentType: text('document_type', { enum: ['passport', 'id_card', 'driving_licence'] }).notNull(),
    documentExpiresOn: date('document_expires_on', { mode: 'string' }),
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  /**
   * The back office's queue reads one status oldest first (decision 180), a page at a time from the
   * keyset (submitted_at, user_id) (decision 189): no sort of every member's row, no offset to skip.
   */
  (table) => [index('kyc_verifications_queue_idx').on(table.status, table.submittedAt, table.userId)],
);

/**
 * The files: `draft` until the member submits, then `submitted`; a new submission archives the
 * previous one's files (kept for the audit). The bytes are in the document store (sealed).
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['identity_front', 'identity_back', 'proof_of_address'] }).notNull(),
    state: text('state', { enum: ['draft', 'submitted', 'archived'] }).notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('kyc_documents_user_idx').on(table.userId, table.state)],
);

/** The database document store: sealed files as bytea, so every node reads them (decision 180). */
export const kycBlobs = pgTable('kyc_blobs', {
  key: text('key').primaryKey(),
  sealed: bytea('sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type KycVerificationRow = typeof kycVerifications.$inferSelect;
export type KycDocumentRow = typeof kycDocuments.$inferSelect;
