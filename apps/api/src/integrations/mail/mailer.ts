import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox, type DbOrTx } from '@app/db';
import type { Clock } from '../../clock';
import { plainContent, renderMail, type MailContent, type MailSite, type RenderedMail } from './mail-content';

/**
 * A mail to send: its content in the reader's language (rendered from the templates as HTML and
 * text, decision 179), or a subject and text (framed the same way).
 */
export type MailMessage =
  { to: string; content: MailContent } | { to: string; subject: string; text: string };

/** A mail rendered (HTML and text) and addressed, ready for `deliver`. */
export type PreparedMail = RenderedMail & { to: string };

export interface Mailer {
  /** Renders and delivers: `deliver(db, await prepare(db, message))`. */
  send(db: DbOrTx, message: MailMessage): Promise<void>;
  /**
   * Renders a mail without storing it, so a caller may render outside the transaction that stores it
   * (an announcement's batch renders before it locks, decision 183).
   */
  prepare(db: DbOrTx, message: MailMessage): Promise<PreparedMail>;
  /** Writes a rendered mail to the outbox (and sends it over SMTP when configured). */
  deliver(db: DbOrTx, mail: PreparedMail): Promise<void>;
}

/**
 * Every message is written to the outbox table. With SMTP_URL it is also delivered by nodemailer over
 * SMTP; without, the outbox is the delivery (read at /api/dev/mail) and, outside production, the log
 * shows it so a newcomer can read their sign-up code.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  clock: Clock;
  log: FastifyBaseLogger;
  logMessages: boolean;
  /** The site's name and logo (settings) that frame every mail; the default name without. */
  site?: (db: DbOrTx) => Promise<MailSite>;
  /** The site's address: a button's relative link (/activity) is made absolute with it. */
  appUrl?: string;
}): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const render = async (db: DbOrTx, message: MailMessage): Promise<RenderedMail> => {
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
  };
  const deliver = async (db: DbOrTx, message: PreparedMail): Promise<void> => {
    let status: 'stored' | 'sent' | 'failed' = 'stored';
    let error: string | null = null;
    if (transport) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        status = 'sent';
      } catch (cause) {
        status = 'failed';
        error = cause instanceof Error ? cause.message : String(cause);
        // The outbox row keeps the server's answer; the log gets its codes only (an SMTP answer often
        // quotes the recipient's address).
        const smtp = cause as { code?: unknown; responseCode?: unknown };
        options.log.error(
          { smtp_code: smtp.code ?? null, smtp_response_code: smtp.responseCode ?? null },
          'mail delivery failed',
        );
      }
    }
    await db.insert(mailOutbox).values({ ...message, status, error, createdAt: options.clock.now() });
    if (options.logMessages) {
      options.log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'outbox mail (development only)',
      );
    }
  };
  const prepare = async (db: DbOrTx, input: MailMessage): Promise<PreparedMail> => ({
    to: input.to,
    ...(await render(db, input)),
  });
  return {
    prepare,
    deliver,
    async send(db, input) {
      await deliver(db, await prepare(db, input));
    },
  };
}
