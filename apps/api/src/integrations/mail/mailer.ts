import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { mailOutbox, type Db, type DbOrTx } from '@app/db';
import { describeError } from '../../lib/error-line';
import type { Clock } from '../../clock';
import { plainContent, renderMail, type MailContent, type MailSite, type RenderedMail } from './mail-content';
import { dispatchMail, MAIL_POLL_MS, type DispatchContext, type DispatchResult } from './mail-dispatch';

/**
 * A mail to send: its content in the reader's language (rendered from the templates as HTML and
 * text, decision 179), or a subject and text (framed the same way).
 */
export type MailMessage =
  { to: string; content: MailContent } | { to: string; subject: string; text: string };

/** A mail rendered (HTML and text) and addressed, ready for `deliver`. */
export type PreparedMail = RenderedMail & { to: string };

export interface DeliverOptions {
  /** An announcement's mail: sent after every other due mail, so that a code never waits behind it. */
  bulk?: boolean;
}

/**
 * nodemailer's time limits for one attempt, unless SMTP_URL's query sets them (its own are 2 minutes
 * to connect and 10 minutes of silence): one attempt stays well inside the dispatcher's lease.
 */
const SMTP_TIME_LIMITS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

function withTimeLimits(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, ms] of Object.entries(SMTP_TIME_LIMITS)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  }
  return url.href;
}

export interface Mailer {
  /** Renders and delivers: `deliver(db, await prepare(db, message), options)`. */
  send(db: DbOrTx, message: MailMessage, options?: DeliverOptions): Promise<void>;
  /**
   * Renders a mail without storing it, so a caller may render outside the transaction that stores it
   * (an announcement's batch renders before it locks, decision 183).
   */
  prepare(db: DbOrTx, message: MailMessage): Promise<PreparedMail>;
  /**
   * Writes a rendered mail to the outbox, in the caller's transaction: it is sent only if that
   * transaction commits, and only after it did (decision 209).
   */
  deliver(db: DbOrTx, mail: PreparedMail, options?: DeliverOptions): Promise<void>;
  /** Mails this process has written so far (a request that wrote one wakes the dispatcher). */
  written(): number;
  /** Sends the pending mails that are due, now, in the background (a no-op without SMTP). */
  kick(): void;
  /** Sends the pending mails that are due and answers what became of them (none without SMTP). */
  dispatch(): Promise<DispatchResult>;
  /** Stops dispatching (the mail being sent is finished) and closes the SMTP connections. */
  close(): Promise<void>;
}

/** Frozen: every caller that sent nothing gets this one object. */
const NOTHING_SENT: Readonly<DispatchResult> = Object.freeze({ sent: 0, retrying: 0, failed: 0 });

/**
 * Runs the dispatcher one dispatch at a time in this process; a kick during one runs another after
 * it. Without SMTP (no context) there is nothing to send.
 */
function dispatchOneAtATime(context: DispatchContext | null) {
  let running: Promise<DispatchResult> | null = null;
  let again = false;
  let closing = false;
  const dispatch = (): Promise<DispatchResult> => {
    if (!context || closing) return Promise.resolve(NOTHING_SENT);
    // A dispatch already running may have claimed its batch before the mail the caller waits for.
    if (running) return running.then(dispatch, dispatch);
    running = dispatchMail(context, () => closing).finally(() => {
      running = null;
      if (again) {
        again = false;
        kick();
      }
    });
    return running;
  };
  const kick = () => {
    if (!context || closing) return;
    if (running) {
      again = true;
      return;
    }
    dispatch().catch((error: unknown) => {
      // A failed query's parameters (addresses) stay out of the log (decision 153).
      context.log.error({ error: describeError(error) }, 'mail dispatch failed');
    });
  };
  const close = async () => {
    closing = true;
    await running?.catch(() => undefined);
  };
  return { dispatch, kick, close };
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  clock: Clock;
  log: FastifyBaseLogger;
  logMessages: boolean;
  /** The database the dispatcher sends from (needed with `smtpUrl`). */
  database?: Db;
  /** The site's name and logo (settings) that frame every mail; the default name without. */
  site?: (db: DbOrTx) => Promise<MailSite>;
  /** The site's address: a button's relative link (/activity) is made absolute with it. */
  appUrl?: string;
}

/** Renders a message as HTML and text, framed by the site's name and logo. */
async function render(options: MailerOptions, db: DbOrTx, message: MailMessage): Promise<RenderedMail> {
  const content = 'content' in message ? message.content : plainContent(message);
  const action = content.action && {
    ...content.action,
    url: new URL(content.action.url, options.appUrl ?? 'http://localhost').href,
  };
  const site = options.site
    ? await options.site(db)
    : { name: 'Our Platform', logoUrl: null, brandColor: '#4f46e5' };
  const rendered = await renderMail({ ...content, ...(action ? { action } : {}) }, site);
  // A mail given as text keeps its own text part word for word.
  return 'content' in message ? rendered : { ...rendered, text: message.text };
}

/**
 * Every message is written to the outbox table, in the transaction of the change it tells of. With
 * SMTP_URL it is `pending` there until the dispatcher sends it after the commit (nodemailer over
 * SMTP, decision 209); without, the outbox is the delivery (read at /api/dev/mail) and, outside
 * production, the log shows it so a newcomer can read their sign-up code.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl && !options.database)
    throw new Error('createMailer: SMTP needs the database to send from');
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(withTimeLimits(options.smtpUrl))
    : null;
  const dispatcher = dispatchOneAtATime(
    transport && options.database
      ? { db: options.database, transport, from: options.from, clock: options.clock, log: options.log }
      : null,
  );
  let written = 0;
  const deliver = async (db: DbOrTx, message: PreparedMail, how: DeliverOptions = {}): Promise<void> => {
    const now = options.clock.now();
    const bulk = how.bulk === true;
    await db
      .insert(mailOutbox)
      .values(
        transport
          ? { ...message, bulk, status: 'pending', nextAttemptAt: now, createdAt: now }
          : { ...message, bulk, status: 'stored', createdAt: now },
      );
    written += 1;
    if (options.logMessages) {
      options.log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'outbox mail (development only)',
      );
    }
  };
  const prepare = async (db: DbOrTx, input: MailMessage): Promise<PreparedMail> => ({
    to: input.to,
    ...(await render(options, db, input)),
  });
  return {
    prepare,
    deliver,
    async send(db, input, how) {
      await deliver(db, await prepare(db, input), how);
    },
    written: () => written,
    kick: dispatcher.kick,
    dispatch: dispatcher.dispatch,
    async close() {
      await dispatcher.close();
      transport?.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** `mailer.written()` when the request began: a request that wrote a mail wakes the dispatcher. */
    mailMark: number;
  }
}

/**
 * When pending mails are sent (decision 209): after a response whose request wrote one (its
 * transaction has committed by then), after the scheduler's jobs, and every 15 s for retries, mails
 * written by another node and attempts cut short. Closing the app waits for a running dispatch.
 */
export function registerMailDispatch(app: FastifyInstance, mailer: Mailer, pollMs = MAIL_POLL_MS): void {
  app.decorateRequest('mailMark', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.mailMark = mailer.written();
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (mailer.written() !== request.mailMark) mailer.kick();
    done();
  });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', (done) => {
    timer = setInterval(() => mailer.kick(), pollMs);
    timer.unref();
    mailer.kick();
    done();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await mailer.close();
  });
}
