import { collectDueRefundDebts } from '../modules/deposits/refunds.service';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../integrations/mail/mailer';
import type { Job } from './registry';

/**
 * What members owe for deposits a gateway took back (decision 155) is paid from money that reached
 * their balance since (earnings, a maturity, a released hold): every member who owes and has a
 * balance, each in one transaction. Registered after the accrual, so a day's earnings pay it in the
 * same run, and before the loan and goal jobs spend the balance. Idempotent: a collection is
 * referenced by the refund's recovered total, and a settled refund owes nothing.
 */
export function refundDebtCollectionJob(mailer: Mailer, log?: FastifyBaseLogger): Job {
  return {
    name: 'refund-debt-collection',
    async run({ database, clock }) {
      await collectDueRefundDebts({ database, mailer, now: clock.now(), ...(log ? { log } : {}) });
    },
  };
}
