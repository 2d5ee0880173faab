import type { Mailer } from '../integrations/mail/mailer';
import { runLoanCollection } from '../modules/loans/loan-collection.service';
import type { Job } from './registry';

/**
 * Loan instalments (DESIGN §6): runs every tick, collects whatever is due on or before today from cash
 * (caught up after downtime; short cash collected in part and retried). Idempotent by
 * loan:<id>:instalment:<n>:paid:<cents>.
 */
export function loanCollectionJob(mailer: Mailer): Job {
  return {
    name: 'loan-collection',
    async run({ database, clock }) {
      await runLoanCollection({ database, mailer }, clock.now());
    },
  };
}
