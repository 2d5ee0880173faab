import { describe, expect, it, onTestFinished } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '@app/db';
import { createTestApp } from '../../../test/helpers';
import { mailsTo } from '../../../test/accounts';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fake-smtp';
import { balanceOf, depositThroughSandbox, signedInMember } from '../../../test/money';
import type { Clock } from '../../clock';
import { createMailer, type Mailer } from './mailer';
import { MAIL_ATTEMPTS, MAIL_LEASE_MINUTES } from './mail-dispatch';

// With SMTP_URL, mails are written in the transaction of the change they tell of and sent after it
// committed (decision 209), against a real SMTP server on 127.0.0.1 (test/fake-smtp.ts).

/** The app with SMTP_URL; its 15-second poll pushed out of the test, so only the kicks send. */
async function appWithSmtp(smtp: FakeSmtp) {
  return createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Platform <no-reply@example.com>' },
    { mailPollMs: 3_600_000 },
  );
}

/** A mailer sending to `smtpUrl` from the app's database, closed after the test; no poll, no kicks. */
function smtpMailer(app: FastifyInstance, clock: Clock, smtpUrl: string): Mailer {
  const mailer = createMailer({
    smtpUrl,
    from: 'no-reply@example.com',
    clock,
    log: app.log,
    logMessages: false,
    database: app.deps.database.db,
  });
  onTestFinished(() => mailer.close());
  return mailer;
}

/**
 * An app without SMTP_URL (so no dispatcher of its own wakes in the background) and a mailer with it
 * on the app's database, whose dispatches the test runs itself and counts exactly.
 */
async function appAndMailer(smtp: FakeSmtp, env: Record<string, string> = {}, lines: string[] = []) {
  const test = await createTestApp(
    { LOG_LEVEL: 'info', ...env },
    { logStream: { write: (chunk) => void lines.push(...chunk.split('\n').filter(Boolean)) } },
  );
  const mailer = smtpMailer(test.app, test.clock, smtp.url);
  return { ...test, mailer, db: test.app.deps.database.db };
}

/** Polls until `check` holds (the dispatcher runs after the response, in the background). */
async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const until = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const subjects = (smtp: FakeSmtp, to: string) =>
  smtp.received.filter((mail) => mail.to.includes(to)).map((mail) => /^Subject: (.*)$/mu.exec(mail.raw)?.[1]);

describe('mail over SMTP (decision 209)', () => {
  it('credits a deposit without waiting for the mail server, then delivers its mail', async () => {
    const smtp = await startFakeSmtp();
    const { app } = await appWithSmtp(smtp);
    const member = await signedInMember(app);
    // The mails of signing up and in, delivered before the server starts holding.
    await app.deps.mailer.dispatch();
    const earlier = new Set((await mailsTo(app, member.email)).map((row) => row.id));
    const receivedBefore = subjects(smtp, member.email).length;
    const depositMails = async () => (await mailsTo(app, member.email)).filter((row) => !earlier.has(row.id));
    const release = smtp.hold();

    await depositThroughSandbox(member, 250);
    expect((await balanceOf(member)).balance).toBe(250);
    // The credit answered while the SMTP server still holds the deposit's mail.
    await eventually(() => smtp.waiting() === 1, 'the mail reaches the server');
    expect(await depositMails()).toMatchObject([{ status: 'pending', attempts: 1, sentAt: null }]);
    expect(subjects(smtp, member.email)).toHaveLength(receivedBefore);

    release();
    await eventually(async () => (await depositMails())[0]?.status === 'sent', 'the row is sent');
    const [sent] = await depositMails();
    // Sent: the body (a code, a link, a name) is not kept, only the delivery's record (decision 229).
    expect(sent).toMatchObject({ attempts: 1, error: null, nextAttemptAt: null, text: '', html: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(subjects(smtp, member.email).slice(receivedBefore)).toEqual([sent!.subject]);
    expect(smtp.received.at(-1)!.raw).toContain('From: Platform <no-reply@example.com>');
  });

  it('sends a code before the announcement mails that were due first', async () => {
    const smtp = await startFakeSmtp();
    const { mailer, db } = await appAndMailer(smtp);
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await mailer.send(db, { to, subject: 'News', text: 'x' }, { bulk: true });
    }
    await mailer.send(db, { to: 'new-member@example.com', subject: 'Your code', text: '123456' });
    expect(await mailer.dispatch()).toEqual({ sent: 4, retrying: 0, failed: 0 });
    expect(smtp.received.map((mail) => mail.to[0])).toEqual([
      'new-member@example.com',
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });

  it('keeps the outcome of a second claim when the first sender answers after its lease', async () => {
    const slow = await startFakeSmtp();
    const quick = await startFakeSmtp();
    const { app, clock, mailer, db } = await appAndMailer(slow);
    const other = smtpMailer(app, clock, quick.url);
    const to = 'lease@example.com';
    await mailer.send(db, { to, subject: 'Your code', text: '123456' });
    const release = slow.hold();
    const first = mailer.dispatch();
    await eventually(() => slow.waiting() === 1, 'the first attempt reaches its server');

    clock.advance((MAIL_LEASE_MINUTES + 1) * 60_000);
    expect(await other.dispatch()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    slow.refuseWith = 451;
    release();
    // The first sender's refusal comes after the second claim: it is not written over the delivery.
    expect(await first).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await mailsTo(app, to)).toMatchObject([
      { status: 'sent', attempts: 2, error: null, nextAttemptAt: null },
    ]);
    expect(quick.received).toHaveLength(1);
  });

  it('never sends the mail of a change that rolled back', async () => {
    const smtp = await startFakeSmtp();
    const { app, mailer, db } = await appAndMailer(smtp);
    const to = 'rollback@example.com';
    await expect(
      db.transaction(async (tx) => {
        await mailer.send(tx, { to, subject: 'Your withdrawal was paid', text: 'x' });
        throw new Error('the payout failed');
      }),
    ).rejects.toThrow('the payout failed');
    await mailer.send(db, { to, subject: 'Your withdrawal failed', text: 'y' });

    expect(await mailer.dispatch()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(subjects(smtp, to)).toEqual(['Your withdrawal failed']);
    expect((await mailsTo(app, to)).map((row) => row.subject)).toEqual(['Your withdrawal failed']);
  });

  it('tries a refused mail again after 1, 5, 30 and 120 minutes, then marks it failed', async () => {
    const smtp = await startFakeSmtp();
    const lines: string[] = [];
    const { app, clock, mailer, db } = await appAndMailer(smtp, {}, lines);
    const to = 'busy-mailbox@example.com';
    smtp.refuseWith = 451;
    await mailer.send(db, { to, subject: 'Your code', text: '123456' });

    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAIL_ATTEMPTS; attempt += 1) {
      const outcome = await mailer.dispatch();
      const [row] = await mailsTo(app, to);
      expect(row!.attempts).toBe(attempt);
      expect(row!.error).toContain('451');
      if (attempt < MAIL_ATTEMPTS) {
        expect(outcome).toEqual({ sent: 0, retrying: 1, failed: 0 });
        expect(row!.status).toBe('pending');
        expect(row!.text).toContain('123456'); // kept for the next attempt
        const wait = row!.nextAttemptAt!.getTime() - clock.now().getTime();
        waits.push(wait / 60_000);
        // Not due before its time.
        clock.advance(wait - 1000);
        expect(await mailer.dispatch()).toEqual({ sent: 0, retrying: 0, failed: 0 });
        clock.advance(1000);
      } else {
        expect(outcome).toEqual({ sent: 0, retrying: 0, failed: 1 });
        expect(row).toMatchObject({ status: 'failed', nextAttemptAt: null, text: '', html: null });
      }
    }
    expect(waits).toEqual([1, 5, 30, 120]);
    // A failed mail is not sent later, even to a server that accepts again.
    smtp.refuseWith = null;
    clock.advance(86_400_000);
    expect(await mailer.dispatch()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
    // The log says what failed, with the server's status, and never the address.
    const failures = lines.filter((line) => line.includes('mail delivery failed'));
    expect(failures).toHaveLength(MAIL_ATTEMPTS);
    expect(failures.at(-1)).toContain('no attempt left');
    expect(failures.join('\n')).toContain('"smtp_response_code":451');
    expect(lines.join('\n')).not.toContain(to);
  });

  it('sends each mail once when two dispatchers share the database', async () => {
    const smtp = await startFakeSmtp();
    const { clock, mailer, db, app } = await appAndMailer(smtp);
    const other = smtpMailer(app, clock, smtp.url);
    // Enough mails for the two to claim in turn.
    const count = 22;
    for (let index = 0; index < count; index += 1) {
      await mailer.send(db, { to: 'many@example.com', subject: `Mail ${index}`, text: 'x' });
    }
    const [one, two] = await Promise.all([mailer.dispatch(), other.dispatch()]);
    expect(one.sent + two.sent).toBe(count);
    const received = subjects(smtp, 'many@example.com');
    expect(received).toHaveLength(count);
    expect(new Set(received).size).toBe(count);
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'many@example.com'));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('counts the mails waiting for a retry in GET /metrics', async () => {
    const smtp = await startFakeSmtp();
    const token = 'metrics-token-1234567890';
    const { app, clock, mailer, db } = await appAndMailer(smtp, { METRICS_TOKEN: token });
    const pending = async () => {
      const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      return Number(/^mail_pending (\d+)$/mu.exec(response.body)?.[1]);
    };
    smtp.refuseWith = 421;
    for (const to of ['one@example.com', 'two@example.com']) {
      await mailer.send(db, { to, subject: 'Hello', text: 'x' });
    }
    expect(await mailer.dispatch()).toEqual({ sent: 0, retrying: 2, failed: 0 });
    expect(await pending()).toBe(2);
    smtp.refuseWith = null;
    clock.advance(60_000);
    expect(await mailer.dispatch()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(await pending()).toBe(0);
    expect(smtp.received).toHaveLength(2);
  });

  it('keeps the outbox as the delivery without SMTP', async () => {
    const { app } = await createTestApp();
    await app.deps.mailer.send(app.deps.database.db, { to: 'kept@example.com', subject: 'Kept', text: 'x' });
    expect(await app.deps.mailer.dispatch()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await mailsTo(app, 'kept@example.com')).toMatchObject([
      { status: 'stored', attempts: 0, nextAttemptAt: null },
    ]);
  });
});
