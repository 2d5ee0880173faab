import { and, asc, count, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { mailOutbox, type Db, type DbOrTx } from '@app/db';
import type { Clock } from '../../clock';
import { inLiterals, queryRows } from '../../ledger/sql';

/** Attempts before a mail is marked `failed`: the first, then after 1 min, 5 min, 30 min and 2 h. */
export const MAIL_ATTEMPTS = 5;
const RETRY_AFTER_MINUTES = [1, 5, 30, 120];
/**
 * How long a claimed mail is left to its sender before another dispatcher may try it again: well
 * over the longest one SMTP attempt can take with the transport's time limits (mailer.ts).
 */
export const MAIL_LEASE_MINUTES = 10;
/** How often a node looks for mails that are due again (retries, another node's, a stopped sender's). */
export const MAIL_POLL_MS = 15_000;

export interface DispatchResult {
  sent: number;
  /** Refused this time and kept for a later attempt. */
  retrying: number;
  /** Refused on the last attempt. */
  failed: number;
}

const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000);

export interface DispatchContext {
  db: Db;
  transport: Transporter;
  from: string;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * The claim's statement: the next due mail through mail_outbox_due_idx (the status written into the
 * statement, so a generic plan can use the partial index), leased and its attempt counted, updated by
 * key (`= any(array(…))`: an `in (select …)` was planned as a scan of the whole outbox).
 */
export function mailClaim(db: DbOrTx, now: Date) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(inLiterals(mailOutbox.status, ['pending']), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.bulk), asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: minutes(now, MAIL_LEASE_MINUTES) })
    .where(sql`${mailOutbox.id} = any(array(${due}))`)
    .returning();
}

/** Claims the next due mail for one attempt: leased, its attempt counted (none: nothing is due). */
async function claim({ db, clock }: DispatchContext) {
  const [mail] = await mailClaim(db, clock.now());
  return mail;
}

type Claimed = NonNullable<Awaited<ReturnType<typeof claim>>>;

/**
 * A mail's body once its delivery has ended, sent or failed: not kept. Its codes, reset and undo links
 * were live secrets, and its text personal data, that nothing reads again; the row keeps the address,
 * the subject and the dates as the delivery's record (decision 229).
 */
const NO_CONTENT = { text: '', html: null };

/**
 * Writes an attempt's outcome, unless another dispatcher claimed the mail after this one's lease;
 * answers whether it was written.
 */
async function settle(db: Db, mail: Claimed, outcome: Partial<typeof mailOutbox.$inferInsert>) {
  const written = await db
    .update(mailOutbox)
    .set(outcome)
    .where(
      and(
        eq(mailOutbox.id, mail.id),
        eq(mailOutbox.attempts, mail.attempts),
        eq(mailOutbox.status, 'pending'),
      ),
    )
    .returning({ id: mailOutbox.id });
  return written.length === 1;
}

/** Hands one mail to the SMTP server: null when it took it, else its refusal. */
async function send(context: DispatchContext, mail: Claimed): Promise<Error | null> {
  try {
    await context.transport.sendMail({
      from: context.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html === null ? {} : { html: mail.html }),
    });
    return null;
  } catch (cause) {
    return cause instanceof Error ? cause : new Error(String(cause));
  }
}

/** Keeps a refused mail for its next attempt, or marks it failed after the last. */
async function refused(context: DispatchContext, mail: Claimed, refusal: Error) {
  const last = mail.attempts >= MAIL_ATTEMPTS;
  // The row keeps the server's answer; the log gets its codes only (an SMTP answer often quotes the
  // recipient's address).
  const smtp = refusal as { code?: unknown; responseCode?: unknown };
  context.log.error(
    {
      mail_id: mail.id,
      attempt: mail.attempts,
      smtp_code: smtp.code ?? null,
      smtp_response_code: smtp.responseCode ?? null,
    },
    last ? 'mail delivery failed; no attempt left' : 'mail delivery failed; will try again',
  );
  const error = refusal.message;
  const retryAfter = RETRY_AFTER_MINUTES[mail.attempts - 1] ?? RETRY_AFTER_MINUTES.at(-1)!;
  const written = await settle(
    context.db,
    mail,
    last
      ? { status: 'failed', error, nextAttemptAt: null, ...NO_CONTENT }
      : { error, nextAttemptAt: minutes(context.clock.now(), retryAfter) },
  );
  if (!written) return null;
  return last ? 'failed' : 'retrying';
}

/** One mail's attempt and its outcome, written back to its row (null: a later claim's outcome stands). */
async function attempt(context: DispatchContext, mail: Claimed): Promise<keyof DispatchResult | null> {
  const refusal = await send(context, mail);
  // A failure to write the outcome is the database's, not the SMTP server's: it ends this dispatch
  // (logged by the caller) and the lease brings the mail back (at least once).
  if (refusal) return refused(context, mail, refusal);
  const sent = {
    status: 'sent' as const,
    error: null,
    nextAttemptAt: null,
    sentAt: context.clock.now(),
    ...NO_CONTENT,
  };
  return (await settle(context.db, mail, sent)) ? 'sent' : null;
}

/**
 * Sends the outbox's pending mails over SMTP, after the transactions that wrote them committed
 * (decision 209). Each mail is claimed by one statement that leases it (`FOR UPDATE SKIP LOCKED`, the
 * attempt counted, the next attempt moved past the lease), so two dispatchers never send the same
 * mail at once and no transaction stays open while an SMTP server answers; its outcome is written
 * back only if no other dispatcher claimed it since (same attempt). Announcements' mails (`bulk`) go
 * after every other due mail. A mail whose sender stopped mid-attempt is tried again when its lease
 * ends: delivery is at least once. Sends every mail due now, one claim at a time, until none is left
 * or the app closes.
 */
export async function dispatchMail(
  context: DispatchContext,
  /** True once the app is closing: the dispatch stops after its current mail. */
  stopped: () => boolean,
): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, retrying: 0, failed: 0 };
  while (!stopped()) {
    const mail = await claim(context);
    if (!mail) break;
    const outcome = await attempt(context, mail);
    if (outcome) result[outcome] += 1;
  }
  return result;
}

/** Mails waiting to be sent (`pending`: due, leased or waiting for a retry), for GET /metrics. */
export async function pendingMailCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
  return row?.n ?? 0;
}

/** Decision 232: a delivered mail (sent or failed) is deleted this long after it was written. */
export const DELIVERED_MAIL_RETENTION_DAYS = 90;
/** Mails deleted per run of the clean-up (once a minute): a backlog drains, a run stays short. */
export const DELIVERED_MAIL_PRUNE_BATCH = 1000;

/**
 * Deletes one batch of mails delivered (sent or failed) more than DELIVERED_MAIL_RETENTION_DAYS ago,
 * oldest first, through `mail_outbox_delivered_idx`; answers how many. Their bodies were emptied at
 * delivery (decision 229); what is left (address, subject, outcome) is support's for three months. A
 * pending mail and the embedded outbox's `stored` ones are never touched.
 */
export async function pruneDeliveredMails(db: DbOrTx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DELIVERED_MAIL_RETENTION_DAYS * 86_400_000);
  return (await queryRows<{ id: number }>(db, deliveredMailsPrune(before))).length;
}

/**
 * The clean-up's statement. The partial index's own predicate, written as it is, so the planner
 * matches it; the batch's ids as an array, so the delete finds each row by its key (an `in` over the
 * sub-select's `limit`, planned generically, read the whole outbox once it had statistics).
 */
export function deliveredMailsPrune(before: Date): SQL {
  return sql`delete from ${mailOutbox} where ${mailOutbox.id} = any(array(
      select ${mailOutbox.id} from ${mailOutbox}
      where ${mailOutbox.status} in ('sent', 'failed') and ${mailOutbox.createdAt} < ${before}
      order by ${mailOutbox.createdAt}
      limit ${DELIVERED_MAIL_PRUNE_BATCH}))
    returning ${mailOutbox.id}`;
}
