import { sql } from 'drizzle-orm';
import type { PlatformAccountKind, Tx, UserAccountKind } from '@app/db';
import { insertPostings, json, onConflict, unwritten, type PostingColumns } from './bulk';
import { assertChainOrder, cashStarts, chainCash } from './cash-chain';
import { num, queryRows } from './sql';

/**
 * Set-based posting of entries of any shape, for jobs that move money between a member's own accounts
 * for many members at once (the loan collection, goal contributions, compounding): the same rules as
 * postEntry, in a handful of statements for a whole batch. The platform-to-member transfers of the
 * daily accrual: bulk.ts.
 */

export interface BulkEntry {
  kind: string;
  reference: string;
  userId: number;
  metadata: Record<string, unknown>;
  /** Postings of this member's accounts and platform accounts, summing to zero. */
  postings: {
    account: { userId: number; kind: UserAccountKind } | { platform: PlatformAccountKind };
    amount: number;
  }[];
}

/**
 * An entry's postings to its own member's cash account, summed; null when it has none. Written on the
 * entry as ledger_post writes it (decision 140).
 */
export function cashAmountOf(entry: BulkEntry): number | null {
  let cash: number | null = null;
  for (const posting of entry.postings) {
    const account = posting.account;
    if ('platform' in account || account.userId !== entry.userId || account.kind !== 'cash') continue;
    cash = (cash ?? 0) + posting.amount;
  }
  return cash;
}

/**
 * Locks the members' accounts of one kind (creating missing ones) in id order and answers their
 * balances in cents, keyed by user id. A job that spends from these accounts reads them here first,
 * in its transaction, so what it computes cannot be spent by anyone else before it posts.
 */
export async function lockUserBalances(
  tx: Tx,
  userIds: number[],
  kind: UserAccountKind,
  at: Date,
): Promise<Map<number, number>> {
  const balances = new Map<number, number>();
  if (userIds.length === 0) return balances;
  await tx.execute(
    sql`insert into ledger_accounts (user_id, kind, balance, created_at)
        select u.value::int, ${kind}, 0, ${at.toISOString()} from jsonb_array_elements_text(${json(userIds)}) as u(value)
        on conflict (user_id, kind) where user_id is not null do nothing`,
  );
  const rows = await queryRows<{ user_id: unknown; balance: unknown }>(
    tx,
    sql`select user_id, balance from ledger_accounts
        where kind = ${kind} and user_id in (select (jsonb_array_elements_text(${json(userIds)}))::int)
        order by id
        for no key update`,
  );
  for (const row of rows) balances.set(num(row.user_id), num(row.balance));
  return balances;
}

/** Every entry's postings checked (whole, non-zero, at least two, summing to zero); the accounts they move. */
function balancedAccounts(entries: BulkEntry[]): {
  pairs: { user_id: number; kind: string }[];
  platformKinds: Set<string>;
} {
  const userPairs = new Map<string, { user_id: number; kind: string }>();
  const platformKinds = new Set<string>();
  for (const entry of entries) {
    let sum = 0;
    for (const posting of entry.postings) {
      if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
        throw new Error(`bulk entry ${entry.reference} has a bad posting amount`);
      sum += posting.amount;
      if ('platform' in posting.account) platformKinds.add(posting.account.platform);
      else
        userPairs.set(`${posting.account.userId}:${posting.account.kind}`, {
          user_id: posting.account.userId,
          kind: posting.account.kind,
        });
    }
    if (entry.postings.length < 2 || sum !== 0)
      throw new Error(`bulk entry ${entry.reference} does not balance`);
  }
  return { pairs: [...userPairs.values()], platformKinds };
}

/**
 * Creates the members' missing accounts and locks them and the platform accounts in ledger_post's
 * order (cash, the members' other accounts, the platform's, each in id order: decision 222); answers their ids keyed `userId:kind` (members) or `platform:kind`.
 */
async function lockEntryAccounts(
  tx: Tx,
  { pairs, platformKinds }: ReturnType<typeof balancedAccounts>,
  at: string,
): Promise<Map<string, number>> {
  await tx.execute(
    sql`insert into ledger_accounts (user_id, kind, balance, created_at)
        select x.user_id, x.kind, 0, ${at} from jsonb_to_recordset(${json(pairs)}) as x(user_id int, kind text)
        on conflict (user_id, kind) where user_id is not null do nothing`,
  );
  const accounts = await queryRows<{ id: unknown; user_id: unknown; kind: string }>(
    tx,
    // The ids first, each account by its own unique index (an OR of both lists read every account),
    // as one array: the locking scan then has no join, so a row a concurrent post has just moved is
    // re-checked against its id alone (a join there could drop it).
    sql`select a.id, a.user_id, a.kind from ledger_accounts a
        where a.id = any(array(
          select p.id from ledger_accounts p
          where p.user_id is null and p.kind in (select jsonb_array_elements_text(${json([...platformKinds])}))
          union all
          select u.id from jsonb_to_recordset(${json(pairs)}) as x(user_id int, kind text)
          join ledger_accounts u on u.user_id = x.user_id and u.kind = x.kind))
        order by a.user_id is null, a.kind <> 'cash', a.id
        for no key update`,
  );
  const accountId = new Map<string, number>();
  for (const row of accounts)
    accountId.set(
      row.user_id === null ? `platform:${row.kind}` : `${num(row.user_id)}:${row.kind}`,
      num(row.id),
    );
  return accountId;
}

/** Inserts the entries whose reference is new; answers the entry id of each one written. */
async function insertEntries(
  tx: Tx,
  entries: BulkEntry[],
  createdAt: Date,
  fresh: boolean | undefined,
): Promise<Map<string, number>> {
  const created = new Map<string, number>();
  // The members' cash balances chain through the new entries (decision 158), in the order inserted.
  const unwrittenEntries = (await unwritten(tx, entries, fresh)).map((entry) => ({
    ...entry,
    cashAmount: cashAmountOf(entry),
  }));
  const cashUsers = [
    ...new Set(unwrittenEntries.flatMap((entry) => (entry.cashAmount === null ? [] : [entry.userId]))),
  ];
  const chained = chainCash(unwrittenEntries, await cashStarts(tx, cashUsers), createdAt);
  const inserted = await queryRows<{ id: unknown; reference: string }>(
    tx,
    sql`insert into ledger_entries (kind, reference, user_id, metadata, cash_amount, cash_balance_after, created_at)
        select x.kind, x.reference, x.user_id, x.metadata, x.cash_amount, x.cash_balance_after, x.created_at
        from rows from (jsonb_to_recordset(${json(
          unwrittenEntries.map((entry, i) => ({
            kind: entry.kind,
            reference: entry.reference,
            user_id: entry.userId,
            metadata: entry.metadata,
            cash_amount: entry.cashAmount,
            cash_balance_after: chained[i]?.cashBalanceAfter ?? null,
            created_at: (chained[i]?.createdAt ?? createdAt).toISOString(),
          })),
        )}) as (kind text, reference text, user_id int, metadata jsonb, cash_amount bigint,
          cash_balance_after bigint, created_at timestamptz))
          with ordinality as x(kind, reference, user_id, metadata, cash_amount, cash_balance_after, created_at, n)
        order by x.n
        ${onConflict(fresh)}
        returning id, reference`,
  );
  for (const row of inserted) created.set(row.reference, num(row.id));
  assertChainOrder(unwrittenEntries, created);
  return created;
}

/** The postings of the entries written now, and what they move: every account's balance and totals. */
interface EntryPostings extends PostingColumns {
  deltas: Map<number, number>;
  /** Running totals (decision 038) per member account and entry kind: sum and entries. */
  totals: Map<string, { id: number; kind: string; total: number; entries: number }>;
}

/** Each posting of the entries written now, on its locked account. */
function entryPostings(
  entries: BulkEntry[],
  created: Map<string, number>,
  accountId: Map<string, number>,
): EntryPostings {
  const postings: EntryPostings = {
    entries: [],
    accounts: [],
    amounts: [],
    deltas: new Map(),
    totals: new Map(),
  };
  const { deltas, totals } = postings;
  for (const entry of entries) {
    const entryId = created.get(entry.reference);
    if (entryId === undefined) continue;
    const counted = new Set<number>();
    for (const posting of entry.postings) {
      const key =
        'platform' in posting.account
          ? `platform:${posting.account.platform}`
          : `${posting.account.userId}:${posting.account.kind}`;
      const id = accountId.get(key);
      if (id === undefined) throw new Error(`ledger account ${key} is missing`);
      postings.entries.push(entryId);
      postings.accounts.push(id);
      postings.amounts.push(posting.amount);
      deltas.set(id, (deltas.get(id) ?? 0) + posting.amount);
      if ('platform' in posting.account) continue;
      const totalKey = `${id}:${entry.kind}`;
      const row = totals.get(totalKey) ?? { id, kind: entry.kind, total: 0, entries: 0 };
      row.total += posting.amount;
      if (!counted.has(id)) row.entries += 1;
      counted.add(id);
      totals.set(totalKey, row);
    }
  }
  return postings;
}

/** Inserts the postings, then moves the accounts' cached balances and the members' running totals. */
async function writeEntryPostings(tx: Tx, { deltas, totals, ...columns }: EntryPostings): Promise<void> {
  await insertPostings(tx, columns);
  await tx.execute(
    sql`update ledger_accounts a set balance = a.balance + x.delta
        from jsonb_to_recordset(${json(
          [...deltas].filter(([, delta]) => delta !== 0).map(([id, delta]) => ({ id, delta })),
        )}) as x(id int, delta bigint)
        where a.id = x.id`,
  );
  await tx.execute(
    sql`insert into ledger_account_totals as t (account_id, entry_kind, total, entries)
        select x.id, x.kind, x.total, x.entries
        from jsonb_to_recordset(${json([...totals.values()])}) as x(id int, kind text, total bigint, entries bigint)
        order by x.id, x.kind
        on conflict (account_id, entry_kind)
        do update set total = t.total + excluded.total, entries = t.entries + excluded.entries`,
  );
}

/**
 * The set-based twin of postEntry for entries of any shape (the loan collection): every entry's
 * postings sum to zero, entries whose reference exists already are skipped, accounts are locked
 * (members', then the platform's), postings inserted and cached balances moved in three statements for
 * the whole batch. The sign rules are the CHECK's: the caller computes amounts from balances it has
 * locked (lockUserBalances). Answers the entry id of each reference written now.
 */
export async function postEntriesBulk(
  tx: Tx,
  entries: BulkEntry[],
  createdAt: Date,
  /** Every reference is new (as BulkTransfer.fresh): no look-up first, an existing one fails. */
  options: { fresh?: boolean } = {},
): Promise<Map<string, number>> {
  if (entries.length === 0) return new Map<string, number>();
  const accountId = await lockEntryAccounts(tx, balancedAccounts(entries), createdAt.toISOString());
  const created = await insertEntries(tx, entries, createdAt, options.fresh);
  if (created.size === 0) return created;
  await writeEntryPostings(tx, entryPostings(entries, created, accountId));
  return created;
}
