import { ASSISTANT_MESSAGES, type AskResponse, type AssistantSource } from '@app/shared';
import * as data from './assistant.data';
import { matchQuestion, type Period } from './assistant.intents';

/**
 * The built-in assistant (decision 115): the intent the question's words call for, answered from a
 * template whose every figure comes from the data functions; else the help center's full-text
 * search; else an honest "I don't know" that points to the contact form. It never moves money and
 * never recommends buying or selling an asset.
 */

const NOT_ADVICE = ASSISTANT_MESSAGES.notFinancialAdvice;

export const SOURCES = {
  dashboard: { title: 'Dashboard', url: '/dashboard' },
  portfolio: { title: 'My Portfolio', url: '/my-portfolio' },
  activity: { title: 'Activity', url: '/activity' },
  withdrawals: { title: 'Account settings: Withdrawals', url: '/account-management' },
  plans: { title: 'My Active & Completed Plans', url: '/plans' },
  goals: { title: 'My Goals', url: '/my-goals' },
  loans: { title: 'Explore: loans', url: '/explore' },
  rewards: { title: 'Rewards Hub', url: '/rewards' },
  contact: { title: 'Help center: contact form', url: '/help-center#contact' },
} satisfies Record<string, AssistantSource>;

export const UNKNOWN_ANSWER =
  "I don't know the answer to that. Please ask our team through the contact form in the help center.";
export const GREETING_ANSWER =
  'Hello! I can tell you your balance, what you earned in a period, your deposits, withdrawals, plans, goals, loans and loyalty points, or find an answer in the help center.';
export const ADVICE_ANSWER = `I can't recommend buying or selling any asset. I can tell you about your own balance, plans and goals, or find an answer in the help center. ${NOT_ADVICE}`;
export const ACTION_ANSWER =
  "I can't move money or change anything in your account. You can do it yourself in the member area; here is how.";

// Built once: constructing an Intl.DateTimeFormat per date was 7 % of the assistant's CPU.
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const dateText = (isoDay: string) => DATE_FORMAT.format(new Date(`${isoDay}T00:00:00Z`));

function periodText(period: Period): string {
  return period.from === period.to
    ? `on ${dateText(period.from)}`
    : `from ${dateText(period.from)} to ${dateText(period.to)}`;
}

/** Words of the question that name one of the member's plans, e.g. "my Growth plan". */
function plansNamed<T extends { name: string }>(question: string, plans: T[]): T[] {
  const asked = question.toLowerCase();
  return plans.filter((plan) => {
    const name = plan.name.toLowerCase();
    return (
      asked.includes(name) ||
      name
        .split(/\s+/)
        .some((word) => word.length >= 4 && new RegExp(`\\b${word.replace(/[^a-z0-9]/g, '')}\\b`).test(asked))
    );
  });
}

async function helpAnswer(ctx: data.DataContext, query: string, lead?: string): Promise<AskResponse | null> {
  const { results } = await data.searchHelpCenter(ctx, query);
  const best = results[0];
  if (!best) return null;
  const sources = results.map((hit) => ({
    title: hit.title,
    url: hit.kind === 'faq' ? '/help-center#faq-title' : '/help-center#articles-title',
  }));
  const text = `From the help center, "${best.title}": ${best.text}`;
  return { answer: lead ? `${lead} ${text}` : text, sources, intent: 'help' };
}

export type GoalsReader = (ctx: data.DataContext) => Promise<{
  goals: Array<{
    name: string;
    status: string;
    target_text: string;
    invested_text: string;
    earned_text: string;
    progress_percent: number;
    target_date: string | null;
  }>;
}>;

/** The built-in answer to one question of the signed-in member (`ctx.userId`). */
export async function builtInAnswer(
  ctx: data.DataContext,
  question: string,
  readGoals: GoalsReader,
): Promise<AskResponse> {
  const match = matchQuestion(question, ctx.now);
  switch (match.kind) {
    case 'greeting':
      return { answer: GREETING_ANSWER, sources: [], intent: 'greeting' };
    case 'advice':
      return { answer: ADVICE_ANSWER, sources: [SOURCES.plans], intent: 'advice' };
    case 'action': {
      const help = await helpAnswer(ctx, match.topic, ACTION_ANSWER);
      return help
        ? { ...help, intent: 'action' }
        : { answer: `${ACTION_ANSWER} ${UNKNOWN_ANSWER}`, sources: [SOURCES.contact], intent: 'action' };
    }
    case 'help':
      return (
        (await helpAnswer(ctx, question)) ?? {
          answer: UNKNOWN_ANSWER,
          sources: [SOURCES.contact],
          intent: 'unknown',
        }
      );
    case 'data':
      break;
  }
  switch (match.intent) {
    case 'balance': {
      const b = await data.getBalance(ctx);
      const held =
        b.held_for_withdrawals > 0
          ? ` ${b.held_for_withdrawals_text} is held for withdrawals under review.`
          : '';
      return {
        answer: `Your balance is ${b.balance_text}. You have ${b.invested_text} invested in plans.${held}`,
        sources: [SOURCES.dashboard],
        intent: 'balance',
      };
    }
    case 'earnings': {
      const e = await data.getEarnings(ctx, match.period);
      return {
        answer: match.period
          ? `You earned ${e.earned_text} ${periodText(match.period)}.`
          : `Your total earnings are ${e.earned_text}.`,
        sources: [SOURCES.portfolio],
        intent: 'earnings',
      };
    }
    case 'deposits': {
      const d = await data.getDeposits(ctx);
      const latest = d.latest
        ? ` Your latest deposit: ${d.latest.amount_text} on ${dateText(d.latest.date)} (${d.latest.status.replace('_', ' ')}).`
        : '';
      return {
        answer:
          d.confirmed_count === 0 && !d.latest
            ? 'You have not made any deposits yet.'
            : `Your confirmed deposits total ${d.confirmed_total_text}.${latest}`,
        sources: [SOURCES.activity],
        intent: 'deposits',
      };
    }
    case 'withdrawals': {
      const w = await data.getWithdrawals(ctx);
      if (!w.latest)
        return {
          answer: 'You have not made any withdrawals yet.',
          sources: [SOURCES.withdrawals],
          intent: 'withdrawals',
        };
      const held =
        w.held_for_review > 0 ? ` ${w.held_for_review_text} is held for requests under review.` : '';
      return {
        answer: `You have been paid ${w.paid_total_text} in withdrawals.${held} Your latest request: ${w.latest.amount_text} on ${dateText(w.latest.date)} (${w.latest.status}).`,
        sources: [SOURCES.withdrawals],
        intent: 'withdrawals',
      };
    }
    case 'plans': {
      const { plans } = await data.getPlans(ctx);
      if (plans.length === 0) {
        return {
          answer: `You have no active plans. ${NOT_ADVICE}`,
          sources: [SOURCES.plans],
          intent: 'plans',
        };
      }
      const named = plansNamed(question, plans);
      const shown = named.length > 0 ? named : plans;
      const lines = shown.map(
        (plan) =>
          `${plan.name}: ${plan.amount_text} at ${plan.yearly_rate_text} a year, ${plan.ends_on ? `ends on ${dateText(plan.ends_on)}` : 'flexible, no end date'}; earned ${plan.earned_text} so far.`,
      );
      const lead =
        named.length > 0
          ? ''
          : `You have ${plans.length === data.LIST_LIMIT ? `at least ${plans.length}` : plans.length} running plan${plans.length === 1 ? '' : 's'}:\n`;
      return {
        answer: `${lead}${lines.join('\n')}\n${NOT_ADVICE}`,
        sources: [SOURCES.plans],
        intent: 'plans',
      };
    }
    case 'goals': {
      const { goals } = await readGoals(ctx);
      if (goals.length === 0) {
        return {
          answer: `You have no goals yet. You can create one in My Goals. ${NOT_ADVICE}`,
          sources: [SOURCES.goals],
          intent: 'goals',
        };
      }
      const lines = goals.map(
        (goal) =>
          `${goal.name} (${goal.status}): ${goal.invested_text} invested and ${goal.earned_text} earned of ${goal.target_text}, ${goal.progress_percent}%${goal.target_date ? `, by ${dateText(goal.target_date)}` : ''}.`,
      );
      return { answer: `${lines.join('\n')}\n${NOT_ADVICE}`, sources: [SOURCES.goals], intent: 'goals' };
    }
    case 'loans': {
      const { loans } = await data.getLoans(ctx);
      if (loans.length === 0)
        return { answer: 'You have no active loans.', sources: [SOURCES.loans], intent: 'loans' };
      const lines = loans.map(
        (loan) =>
          `${loan.plan}: ${loan.outstanding_principal_text} of ${loan.principal_text} still to repay${loan.next_due_date ? `; next instalment ${loan.next_due_amount_text} due on ${dateText(loan.next_due_date)}` : ''}.`,
      );
      return { answer: lines.join('\n'), sources: [SOURCES.loans], intent: 'loans' };
    }
    case 'loyalty_points': {
      const p = await data.getLoyaltyPoints(ctx);
      return {
        answer: `You have ${p.loyalty_points} loyalty points, worth ${p.worth_text}. You can redeem them in the Rewards Hub once you have at least 10.`,
        sources: [SOURCES.rewards],
        intent: 'loyalty_points',
      };
    }
  }
}
