import { planYieldLabel, type AskResponse, type AssistantLanguage, type AssistantSource } from '@app/shared';
import type { GoalsReader } from './assistant.builtin';
import * as data from './assistant.data';
import type { DataIntent, Period } from './assistant.intents';
import type { AssistantTexts, Formats, SourceKey } from './assistant.texts';

/**
 * The built-in assistant's answers from the member's own data (assistant.builtin.ts picks the intent):
 * every figure comes from the data functions and goes through the formats, which record it.
 */

/** What one answer is built from: the question, the member's data, and the language's texts and formats. */
export interface Answering {
  ctx: data.DataContext;
  question: string;
  language: AssistantLanguage;
  t: AssistantTexts;
  f: Formats;
  sources: Record<SourceKey, AssistantSource>;
}

/** A status word in the answer's language (the word itself when it has no translation). */
const statusIn = (t: AssistantTexts, word: string) => t.statuses[word] ?? word;

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

/** The period as the answer names it: "on March 4, 2026" or "from March 1, 2026 to March 31, 2026". */
const periodText = ({ t, f }: Answering, period: Period) =>
  period.from === period.to ? t.onDay(f.date(period.from)) : t.fromTo(f.date(period.from), f.date(period.to));

/**
 * Today's balance. No balance history is read, so a question about a past day or period ("my balance
 * on March 4", "last month") is told that this is today's balance, never answered with another figure.
 */
async function balanceAnswer(a: Answering, period: Period | null): Promise<AskResponse> {
  const { ctx, t, f } = a;
  const b = await data.getBalance(ctx);
  const today = ctx.now.toISOString().slice(0, 10);
  const past = period && period.to < today ? `${t.balanceToday(f.date(today), periodText(a, period))} ` : '';
  const held = b.held_for_withdrawals > 0 ? ` ${t.heldForWithdrawals(f.money(b.held_for_withdrawals))}` : '';
  return {
    answer: `${past}${t.balance(f.money(b.balance), f.money(b.invested))}${held}`,
    sources: [a.sources.dashboard],
    intent: 'balance',
  };
}

/**
 * The confirmed deposits' total (a running total since joining, decision 038) and the latest deposit.
 * Deposits are not summed per period (that would read every deposit of it), so a question naming one
 * is told the total is since joining.
 */
async function depositsAnswer(a: Answering, period: Period | null): Promise<AskResponse> {
  const { ctx, t, f } = a;
  const d = await data.getDeposits(ctx);
  const latest = d.latest
    ? ` ${t.latestDeposit(f.money(d.latest.amount), f.date(d.latest.date), statusIn(t, d.latest.status))}`
    : '';
  const total = period
    ? t.depositsSinceJoining(periodText(a, period), f.money(d.confirmed_total))
    : t.depositsTotal(f.money(d.confirmed_total));
  return {
    answer: d.confirmed_count === 0 && !d.latest ? t.noDeposits : `${total}${latest}`,
    sources: [a.sources.activity],
    intent: 'deposits',
  };
}

/** What withdrawals paid since joining (as deposits), what is held, and the latest request. */
async function withdrawalsAnswer(a: Answering, period: Period | null): Promise<AskResponse> {
  const { ctx, t, f } = a;
  const w = await data.getWithdrawals(ctx);
  if (!w.latest) return { answer: t.noWithdrawals, sources: [a.sources.withdrawals], intent: 'withdrawals' };
  const paid = period
    ? t.withdrawalsSinceJoining(periodText(a, period), f.money(w.paid_total))
    : t.withdrawalsPaid(f.money(w.paid_total));
  const held = w.held_for_review > 0 ? ` ${t.heldForRequests(f.money(w.held_for_review))}` : '';
  return {
    answer: `${paid}${held} ${t.latestWithdrawal(f.money(w.latest.amount), f.date(w.latest.date), statusIn(t, w.latest.status))}`,
    sources: [a.sources.withdrawals],
    intent: 'withdrawals',
  };
}

/** The member's cash, earnings, deposits and withdrawals. */
export async function moneyAnswer(
  a: Answering,
  intent: Extract<DataIntent, 'balance' | 'earnings' | 'deposits' | 'withdrawals'>,
  period: Period | null,
): Promise<AskResponse> {
  const { ctx, t, f } = a;
  switch (intent) {
    case 'balance':
      return balanceAnswer(a, period);
    case 'earnings': {
      const e = await data.getEarnings(ctx, period);
      return {
        answer: period
          ? t.earnedIn(f.money(e.earned), periodText(a, period))
          : t.totalEarnings(f.money(e.earned)),
        sources: [a.sources.portfolio],
        intent: 'earnings',
      };
    }
    case 'deposits':
      return depositsAnswer(a, period);
    case 'withdrawals':
      return withdrawalsAnswer(a, period);
  }
}

/** The member's plans, or only those the question names. */
async function plansAnswer(a: Answering): Promise<AskResponse> {
  const { ctx, question, language, t, f } = a;
  const SOURCES = a.sources;
  const { plans } = await data.getPlans(ctx);
  if (plans.length === 0) return { answer: t.noPlans, sources: [SOURCES.plans], intent: 'plans' };
  const named = plansNamed(question, plans);
  const shown = named.length > 0 ? named : plans;
  const lines = shown.map((plan) =>
    t.plan(
      plan.name,
      f.money(plan.amount),
      planYieldLabel(Math.round(plan.yearly_rate_percent * 100), language),
      plan.ends_on ? f.date(plan.ends_on) : null,
      f.money(plan.earned),
    ),
  );
  const lead = named.length > 0 ? '' : `${t.plansLead(plans.length, plans.length === data.LIST_LIMIT)}\n`;
  return {
    answer: `${lead}${lines.join('\n')}\n${t.notAdvice}`,
    sources: [SOURCES.plans],
    intent: 'plans',
  };
}

/** What the member holds: plans, goals, loans and loyalty points. */
export async function holdingsAnswer(
  a: Answering,
  intent: Extract<DataIntent, 'plans' | 'goals' | 'loans' | 'loyalty_points'>,
  readGoals: GoalsReader,
): Promise<AskResponse> {
  const { ctx, t, f } = a;
  const SOURCES = a.sources;
  switch (intent) {
    case 'plans':
      return plansAnswer(a);
    case 'goals': {
      const { goals } = await readGoals(ctx);
      if (goals.length === 0) return { answer: t.noGoals, sources: [SOURCES.goals], intent: 'goals' };
      const lines = goals.map((goal) =>
        t.goal(
          goal.name,
          statusIn(t, goal.status),
          f.money(goal.invested),
          f.money(goal.earned),
          f.money(goal.target),
          goal.progress_percent,
          goal.target_date ? f.date(goal.target_date) : null,
        ),
      );
      return { answer: `${lines.join('\n')}\n${t.notAdvice}`, sources: [SOURCES.goals], intent: 'goals' };
    }
    case 'loans': {
      const { loans } = await data.getLoans(ctx);
      if (loans.length === 0) return { answer: t.noLoans, sources: [SOURCES.loans], intent: 'loans' };
      const lines = loans.map((loan) =>
        t.loan(
          loan.plan,
          f.money(loan.outstanding_principal),
          f.money(loan.principal),
          loan.next_due_date
            ? { amount: f.money(loan.next_due_amount ?? 0), date: f.date(loan.next_due_date) }
            : null,
        ),
      );
      return { answer: lines.join('\n'), sources: [SOURCES.loans], intent: 'loans' };
    }
    case 'loyalty_points': {
      const p = await data.getLoyaltyPoints(ctx);
      return {
        answer: t.loyaltyPoints(p.loyalty_points, f.money(p.worth)),
        sources: [SOURCES.rewards],
        intent: 'loyalty_points',
      };
    }
  }
}
