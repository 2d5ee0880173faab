import { sql } from 'drizzle-orm';
import type { PlatformAccountKind, Tx, UserAccountKind } from '@app/db';
import { assertChainOrder, cashStarts, chainCash, writtenReferences, type CashStart } from './cash-chain';
import { num, queryRows, wholeNumbers } from './sql';

/**
 * Set-based posting for jobs that move money for many members at once (the daily accrual): the same
 * rules as postEntry, in a handful of statements for a whole batch instead of several per entry
 * (docs/decisions/073-set-based-accrual.md). Every item is one entry of two postings, platform
 * account → the member's account, idempotent by its reference. The batch helpers exported below
 * (reference look-up, postings from columns) serve bulk-entries.ts too, the twin for entries of any
 * shape.
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
  /**
   * Every reference is new, and the caller holds the locks that make it so (the accrual's due
   * positions, locked FOR UPDATE): no look-up of written references first and no ON CONFLICT, so an
   * entry already there fails the insert (unique violation) and the caller's transaction rolls back.
   */
  fresh?: boolean;
}

export const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** What postPlatformTransfers wrote, and the platform account's balance still to move. */
export interface BulkPosted {
  /** The entry id of each reference written now. */
  entries: Map<string, number>;
  /**
   * Moves the platform account's cached balance by the batch's total: call it last in the
   * transaction. That row is every batch's (one yield_expense account), and its lock is held from
   * this update to the commit, so the batches of concurrent workers wait on each other only there.
   */
  settlePlatform: () => Promise<void>;
}

/** The items whose reference is not written yet (all of them when the caller vouches: `fresh`). */
export async function unwritten<T extends { reference: string }>(
  tx: Tx,
  items: T[],
  fresh = false,
): Promise<T[]> {
  if (fresh) return items;
  const written = await writtenReferences(
    tx,
    items.map((item) => item.reference),
  );
  return items.filter((item) => !written.has(item.reference));
}

/** An entry whose reference exists is skipped, unless every one is vouched new (`fresh`): then it fails. */
export const onConflict = (fresh = false) => (fresh ? sql`` : sql`on conflict (reference) do nothing`);

/** The postings' columns, one array each (decision 142): entry, account, amount. */
export interface PostingColumns {
  entries: number[];
  accounts: number[];
  amounts: number[];
}

/** Inserts a batch's postings from their columns, in one statement. */
export async function insertPostings(tx: Tx, columns: PostingColumns): Promise<void> {
  await tx.execute(
    sql`insert into ledger_postings (entry_id, account_id, amount)
        select x.entry_id, x.account_id, x.amount
        from unnest(${wholeNumbers(columns.entries)}::int[], ${wholeNumbers(columns.accounts)}::int[],
          ${wholeNumbers(columns.amounts)}::bigint[]) as x(entry_id, account_id, amount)`,
  );
}

/**
 * Creates the members' missing accounts of the batch's kind and locks them in id order; answers them
 * by user id, with the platform account the batch pays from.
 */
async function lockTransferAccounts(
  tx: Tx,
  batch: BulkTransfer,
  userIds: number[],
): Promise<{ accountOf: Map<number, number>; platformId: number }> {
  const at = batch.createdAt.toISOString();
  await tx.execute(
    sql`insert into ledger_accounts (user_id, kind, balance, created_at)
        select u.value::int, ${batch.to}, 0, ${at} from jsonb_array_elements_text(${json(userIds)}) as u(value)
        on conflict (user_id, kind) where user_id is not null do nothing`,
  );
  const accounts = await queryRows<{ id: unknown; user_id: unknown }>(
    tx,
    sql`select id, user_id from ledger_accounts
        where kind = ${batch.to} and user_id in (select (jsonb_array_elements_text(${json(userIds)}))::int)
        order by id
        for no key update`,
  );
  const accountOf = new Map<number, number>();
  for (const row of accounts) accountOf.set(num(row.user_id), num(row.id));
  const [platform] = await queryRows<{ id: unknown }>(
    tx,
    sql`select id from ledger_accounts where user_id is null and kind = ${batch.from}`,
  );
  const platformId = num(platform?.id);
  if (!platformId) throw new Error(`platform account ${batch.from} is missing`);
  return { accountOf, platformId };
}

/** Inserts the batch's entries whose reference is new; answers the entry id of each one written. */
async function insertTransferEntries(
  tx: Tx,
  batch: BulkTransfer,
  userIds: number[],
): Promise<Map<string, number>> {
  const created = new Map<string, number>();
  // The members' cash balances chain through the new entries (decision 158), in the order inserted.
  const fresh = await unwritten(tx, batch.items, batch.fresh);
  const chained = chainCash(
    fresh.map((item) => ({ userId: item.userId, cashAmount: batch.to === 'cash' ? item.amount : null })),
    batch.to === 'cash' ? await cashStarts(tx, userIds) : new Map<number, CashStart>(),
    batch.createdAt,
  );
  const entries = await queryRows<{ id: unknown; reference: string }>(
    tx,
    sql`insert into ledger_entries (kind, reference, user_id, metadata, cash_amount, cash_balance_after, created_at)
        select ${batch.kind}, x.reference, x.user_id, x.metadata, x.cash_amount, x.cash_balance_after, x.created_at
        from rows from (jsonb_to_recordset(${json(
          fresh.map((item, i) => ({
            reference: item.reference,
            user_id: item.userId,
            metadata: item.metadata,
            cash_amount: batch.to === 'cash' ? item.amount : null,
            cash_balance_after: chained[i]?.cashBalanceAfter ?? null,
            created_at: (chained[i]?.createdAt ?? batch.createdAt).toISOString(),
          })),
        )}) as (reference text, user_id int, metadata jsonb, cash_amount bigint,
          cash_balance_after bigint, created_at timestamptz))
          with ordinality as x(reference, user_id, metadata, cash_amount, cash_balance_after, created_at, n)
        order by x.n
        ${onConflict(batch.fresh)}
        returning id, reference`,
  );
  for (const entry of entries) created.set(entry.reference, num(entry.id));
  assertChainOrder(fresh, created);
  return created;
}

/** The postings of the entries written now, and what they move: each member account and the platform's. */
interface TransferPostings extends PostingColumns {
  deltas: Map<number, number>;
  /** Entries per member account, for the running totals. */
  counts: Map<number, number>;
  platformDelta: number;
}

/** Two postings per entry written now: the platform account's debit and the member account's credit. */
function transferPostings(
  batch: BulkTransfer,
  created: Map<string, number>,
  { accountOf, platformId }: { accountOf: Map<number, number>; platformId: number },
): TransferPostings {
  const postings: TransferPostings = {
    entries: [],
    accounts: [],
    amounts: [],
    deltas: new Map<number, number>(),
    counts: new Map<number, number>(),
    platformDelta: 0,
  };
  const { deltas, counts } = postings;
  for (const item of batch.items) {
    const entryId = created.get(item.reference);
    if (entryId === undefined) continue;
    const accountId = accountOf.get(item.userId);
    if (accountId === undefined) throw new Error(`account ${batch.to} of user ${item.userId} is missing`);
    postings.entries.push(entryId, entryId);
    postings.accounts.push(platformId, accountId);
    postings.amounts.push(-item.amount, item.amount);
    deltas.set(accountId, (deltas.get(accountId) ?? 0) + item.amount);
    counts.set(accountId, (counts.get(accountId) ?? 0) + 1);
    postings.platformDelta -= item.amount;
  }
  return postings;
}

/** Inserts the postings, then moves the members' cached balances and running totals. */
async function writeTransferPostings(tx: Tx, kind: string, postings: TransferPostings): Promise<void> {
  const { deltas, counts } = postings;
  await insertPostings(tx, postings);
  // A credit never takes a member's account below zero; the CHECK on ledger_accounts still holds it.
  await tx.execute(
    sql`update ledger_accounts a set balance = a.balance + x.delta
        from unnest(${wholeNumbers([...deltas.keys()])}::int[], ${wholeNumbers([...deltas.values()])}::bigint[])
          as x(id, delta)
        where a.id = x.id`,
  );
  // The members' running totals for this entry kind, as ledger_post moves them (decision 038).
  await tx.execute(
    sql`insert into ledger_account_totals as t (account_id, entry_kind, total, entries)
        select x.id, ${kind}, x.total, x.entries
        from unnest(${wholeNumbers([...counts.keys()])}::int[],
          ${wholeNumbers([...counts.keys()].map((id) => deltas.get(id) ?? 0))}::bigint[],
          ${wholeNumbers([...counts.values()])}::bigint[]) as x(id, total, entries)
        order by x.id
        on conflict (account_id, entry_kind)
        do update set total = t.total + excluded.total, entries = t.entries + excluded.entries`,
  );
}

/**
 * Writes the entries whose reference is new, with their postings and the members' cached balances
 * and running totals, in the caller's transaction. The members' accounts are locked in id order
 * first and the platform account moves last (`settlePlatform`): a member's own request that posts to
 * that platform account locks the member's accounts first too (ledger_post, decision 222), so the two
 * never wait on each other crosswise.
 */
export async function postPlatformTransfers(tx: Tx, batch: BulkTransfer): Promise<BulkPosted> {
  let platformId = 0;
  let platformDelta = 0;
  const settlePlatform = async () => {
    if (platformDelta === 0) return;
    await tx.execute(
      sql`update ledger_accounts set balance = balance + ${platformDelta} where id = ${platformId}`,
    );
    platformDelta = 0;
  };
  const items = batch.items;
  if (items.length === 0) return { entries: new Map<string, number>(), settlePlatform };
  for (const item of items) {
    if (!Number.isSafeInteger(item.amount) || item.amount <= 0)
      throw new Error(`bulk entry ${item.reference} has a bad amount`);
  }
  const userIds = [...new Set(items.map((item) => item.userId))];
  const accounts = await lockTransferAccounts(tx, batch, userIds);
  platformId = accounts.platformId;
  const created = await insertTransferEntries(tx, batch, userIds);
  if (created.size === 0) return { entries: created, settlePlatform };
  const postings = transferPostings(batch, created, accounts);
  platformDelta = postings.platformDelta;
  await writeTransferPostings(tx, batch.kind, postings);
  return { entries: created, settlePlatform };
}
