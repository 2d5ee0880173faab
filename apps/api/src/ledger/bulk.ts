import { sql } from 'drizzle-orm';
import type { PlatformAccountKind, Tx, UserAccountKind } from '@app/db';
import { num, queryRows } from './sql';

/**
 * Set-based posting for jobs that move money for many members at once (the daily accrual): the same
 * rules as postEntry, in a handful of statements for a whole batch instead of several per entry
 * (docs/decisions/073-set-based-accrual.md). Every item is one entry of two postings, platform
 * account → the member's account, idempotent by its reference.
 */

export interface BulkItem {
  reference: string;
  userId: number;
  /** Cents, > 0. */
  amount: number;
  metadata: Record<string, unknown>;
}

export interface BulkTransfer {
  kind: string;
  from: PlatformAccountKind;
  to: UserAccountKind;
  createdAt: Date;
  items: BulkItem[];
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Writes the entries whose reference is new, with their postings and the cached balances, in the
 * caller's transaction. Accounts are locked in id order first (as postEntry does), so a batch and a
 * member's own request never deadlock. Answers the entry id of each reference written now.
 */
export async function postPlatformTransfers(tx: Tx, batch: BulkTransfer): Promise<Map<string, number>> {
  const created = new Map<string, number>();
  const items = batch.items;
  if (items.length === 0) return created;
  for (const item of items) {
    if (!Number.isSafeInteger(item.amount) || item.amount <= 0)
      throw new Error(`bulk entry ${item.reference} has a bad amount`);
  }
  const at = batch.createdAt.toISOString();
  const userIds = [...new Set(items.map((item) => item.userId))];

  await tx.execute(
    sql`insert into ledger_accounts (user_id, kind, balance, created_at)
        select u.value::int, ${batch.to}, 0, ${at} from jsonb_array_elements_text(${json(userIds)}) as u(value)
        on conflict (user_id, kind) where user_id is not null do nothing`,
  );
  const accounts = await queryRows<{ id: unknown; user_id: unknown }>(
    tx,
    sql`select id, user_id from ledger_accounts
        where (user_id is null and kind = ${batch.from})
           or (kind = ${batch.to} and user_id in (select (jsonb_array_elements_text(${json(userIds)}))::int))
        order by id
        for no key update`,
  );
  let platformId = 0;
  const accountOf = new Map<number, number>();
  for (const row of accounts) {
    if (row.user_id === null) platformId = num(row.id);
    else accountOf.set(num(row.user_id), num(row.id));
  }
  if (!platformId) throw new Error(`platform account ${batch.from} is missing`);

  const entries = await queryRows<{ id: unknown; reference: string }>(
    tx,
    sql`insert into ledger_entries (kind, reference, user_id, metadata, created_at)
        select ${batch.kind}, x.reference, x.user_id, x.metadata, ${at}
        from jsonb_to_recordset(${json(
          items.map((item) => ({ reference: item.reference, user_id: item.userId, metadata: item.metadata })),
        )}) as x(reference text, user_id int, metadata jsonb)
        on conflict (reference) do nothing
        returning id, reference`,
  );
  if (entries.length === 0) return created;
  for (const entry of entries) created.set(entry.reference, num(entry.id));

  const postings: { entry_id: number; account_id: number; amount: number }[] = [];
  const deltas = new Map<number, number>();
  /** Entries per member account, for the running totals. */
  const counts = new Map<number, number>();
  let platformDelta = 0;
  for (const item of items) {
    const entryId = created.get(item.reference);
    if (entryId === undefined) continue;
    const accountId = accountOf.get(item.userId);
    if (accountId === undefined) throw new Error(`account ${batch.to} of user ${item.userId} is missing`);
    postings.push({ entry_id: entryId, account_id: platformId, amount: -item.amount });
    postings.push({ entry_id: entryId, account_id: accountId, amount: item.amount });
    deltas.set(accountId, (deltas.get(accountId) ?? 0) + item.amount);
    counts.set(accountId, (counts.get(accountId) ?? 0) + 1);
    platformDelta -= item.amount;
  }
  deltas.set(platformId, platformDelta);

  await tx.execute(
    sql`insert into ledger_postings (entry_id, account_id, amount)
        select x.entry_id, x.account_id, x.amount
        from jsonb_to_recordset(${json(postings)}) as x(entry_id int, account_id int, amount bigint)`,
  );
  // A credit never takes a member's account below zero; the CHECK on ledger_accounts still holds it.
  await tx.execute(
    sql`update ledger_accounts a set balance = a.balance + x.delta
        from jsonb_to_recordset(${json(
          [...deltas].map(([id, delta]) => ({ id, delta })),
        )}) as x(id int, delta bigint)
        where a.id = x.id`,
  );
  // The members' running totals for this entry kind, as ledger_post moves them (decision 038).
  await tx.execute(
    sql`insert into ledger_account_totals as t (account_id, entry_kind, total, entries)
        select x.id, ${batch.kind}, x.total, x.entries
        from jsonb_to_recordset(${json(
          [...counts].map(([id, entries]) => ({ id, total: deltas.get(id) ?? 0, entries })),
        )}) as x(id int, total bigint, entries bigint)
        order by x.id
        on conflict (account_id, entry_kind)
        do update set total = t.total + excluded.total, entries = t.entries + excluded.entries`,
  );
  return created;
}
