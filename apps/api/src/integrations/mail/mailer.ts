import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox, type DbOrTx } from '@app/db';
import type { Clock } from '../../clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(db: DbOrTx, message: MailMessage): Promise<void>;
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
}): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(db, message) {
      let status: 'stored' | 'sent' | 'failed' = 'stored';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({
            from: options.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
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
    },
  };
}
