import type { Mailer } from '../integrations/mail/mailer';
import { runAccruals } from '../modules/investing/accrual.service';
import type { Job } from './registry';

/**
 * Daily earnings at 00:00 UTC (DESIGN §6): runs every tick, credits whatever accrual days are due
 * (caught up after downtime) and returns matured principals. Idempotent by accrual:<plan>:<date>.
 */
export function accrualJob(mailer: Mailer): Job {
  return {
    name: 'accrual',
    async run({ database, clock }) {
      await runAccruals({ database, mailer }, clock.now());
    },
  };
}
