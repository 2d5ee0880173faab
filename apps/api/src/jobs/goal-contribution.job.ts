import type { Mailer } from '../integrations/mail/mailer';
import { runGoalContributions } from '../modules/goals/goal-contributions.service';
import type { Job } from './registry';

/**
 * Savings goals (DESIGN §6): runs every tick, after the accrual (so earnings count towards a target),
 * and invests one unit per due period of every active goal while the member's cash allows; a period
 * without the cash is recorded as skipped and the member told; a goal whose invested + earned reaches
 * its target is completed. Idempotent by goal:<id>:<period> (docs/decisions/112).
 */
export function goalContributionJob(mailer: Mailer): Job {
  return {
    name: 'goal-contribution',
    async run({ database, clock }) {
      await runGoalContributions({ database, mailer }, clock.now());
    },
  };
}
