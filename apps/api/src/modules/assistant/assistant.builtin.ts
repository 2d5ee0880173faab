import { planYieldLabel, type AskResponse, type AssistantLanguage, type AssistantSource } from '@app/shared';
import * as data from './assistant.data';
import { matchQuestion, type Period } from './assistant.intents';
import { recordingFormats, withMoneyParts, type Figure } from './assistant.parts';
import { TEXTS, type Formats, type SourceKey } from './assistant.texts';

/**
 * The built-in assistant (decision 115): the intent the question's words call for, answered from a
 * template whose every figure comes from the data functions; else the help center's full-text
 * search; else an honest "I don't know" that points to the contact form. It never moves money and
 * never recommends buying or selling an asset. It answers in the member's language (assistant.texts.ts).
 */

const URLS = {
  dashboard: '/dashboard',
  portfolio: '/my-portfolio',
  activity: '/activity',
  withdrawals: '/account-management',
  plans: '/plans',
  goals: '/my-goals',
  loans: '/explore',
  rewards: '/rewards',
  contact: '/help-center#contact',
} satisfies Record<SourceKey, string>;

/** The answer's sources (a page of the member area) with their titles in one language. */
function sourcesIn(language: AssistantLanguage): Record<SourceKey, AssistantSource> {
  const titles = TEXTS[language].sources;
  return Object.fromEntries(
    (Object.keys(URLS) as SourceKey[]).map((key) => [key, { title: titles[key], url: URLS[key] }]),
  ) as Record<SourceKey, AssistantSource>;
}

/** Built once per language. */
const SOURCES_BY_LANGUAGE: Record<AssistantLanguage, Record<SourceKey, AssistantSource>> = {
  en: sourcesIn('en'),
  es: sourcesIn('es'),
  ar: sourcesIn('ar'),
};

/** The sources in English (the external model's tools use these). */
export const SOURCES = SOURCES_BY_LANGUAGE.en;

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

async function helpAnswer(
  ctx: data.DataContext,
  query: string,
  language: AssistantLanguage,
  lead?: string,
): Promise<AskResponse | null> {
  const { results, language: answeredIn } = await data.searchHelpCenter(ctx, query, language);
  const best = results[0];
  if (!best) return null;
  const sources = results.map((hit) => ({
    title: hit.title,
    url: hit.kind === 'faq' ? '/help-center#faq-title' : '/help-center#articles-title',
  }));
  const found = TEXTS[language].fromHelpCenter(best.title, best.text);
  // Nothing in the member's language answered: the English text is given, and said to be English.
  const text = answeredIn === language ? found : `${TEXTS[language].helpInEnglish} ${found}`;
  return { answer: lead ? `${lead} ${text}` : text, sources, intent: 'help' };
}

export type GoalsReader = (ctx: data.DataContext) => Promise<{
  goals: Array<{
    name: string;
    status: string;
    target: number;
    target_text: string;
    invested: number;
    invested_text: string;
    earned: number;
    earned_text: string;
    progress_percent: number;
    target_date: string | null;
  }>;
}>;

/**
 * The built-in answer to one question of the signed-in member (`ctx.userId`), in `language`, with
 * the member's money figures marked (assistant.parts.ts).
 */
export async function builtInAnswer(
  ctx: data.DataContext,
  question: string,
  readGoals: GoalsReader,
  language: AssistantLanguage = 'en',
): Promise<AskResponse> {
  const f = recordingFormats(language);
  const answer = await answerWith(ctx, question, readGoals, language, f);
  // A help-center text's amounts are not the member's: only figures from the data functions are marked.
  const notTheMembers = ['help', 'action', 'catalogue'].includes(answer.intent);
  const figures: Figure[] = notTheMembers ? [] : f.figures;
  return withMoneyParts(answer, figures);
}

async function answerWith(
  ctx: data.DataContext,
  question: string,
  readGoals: GoalsReader,
  language: AssistantLanguage,
  f: Formats,
): Promise<AskResponse> {
  const t = TEXTS[language];
  const SOURCES = SOURCES_BY_LANGUAGE[language];
  const status = (word: string) => t.statuses[word] ?? word;
  const periodText = (period: Period) =>
    period.from === period.to
      ? t.onDay(f.date(period.from))
      : t.fromTo(f.date(period.from), f.date(period.to));
  const match = matchQuestion(question, ctx.now, language);
  switch (match.kind) {
    case 'greeting':
      return { answer: t.greeting, sources: [], intent: 'greeting' };
    case 'advice':
      return { answer: t.advice, sources: [SOURCES.plans], intent: 'advice' };
    case 'action': {
      const help = await helpAnswer(ctx, match.topic, language, t.action);
      return help
        ? { ...help, intent: 'action' }
        : { answer: `${t.action} ${t.unknown}`, sources: [SOURCES.contact], intent: 'action' };
    }
    case 'help':
      return (
        (await helpAnswer(ctx, question, language)) ?? {
          answer: t.unknown,
          sources: [SOURCES.contact],
          intent: 'unknown',
        }
      );
    case 'catalogue': {
      const c = await data.getPlanCatalogue(ctx);
      return {
        answer:
          'lowest_minimum' in c
            ? t.catalogue(
                f.money(c.lowest_minimum),
                c.lowest_minimum_plan,
                planYieldLabel(Math.round(c.lowest_yearly_rate_percent * 100), language),
                planYieldLabel(Math.round(c.highest_yearly_rate_percent * 100), language),
              )
            : t.noCatalogue,
        sources: [SOURCES.dashboard],
        intent: 'catalogue',
      };
    }
    case 'data':
      break;
  }
  switch (match.intent) {
    case 'balance': {
      const b = await data.getBalance(ctx);
      const held =
        b.held_for_withdrawals > 0 ? ` ${t.heldForWithdrawals(f.money(b.held_for_withdrawals))}` : '';
      return {
        answer: `${t.balance(f.money(b.balance), f.money(b.invested))}${held}`,
        sources: [SOURCES.dashboard],
        intent: 'balance',
      };
    }
    case 'earnings': {
      const e = await data.getEarnings(ctx, match.period);
      return {
        answer: match.period
          ? t.earnedIn(f.money(e.earned), periodText(match.period))
          : t.totalEarnings(f.money(e.earned)),
        sources: [SOURCES.portfolio],
        intent: 'earnings',
      };
    }
    case 'deposits': {
      const d = await data.getDeposits(ctx);
      const latest = d.latest
        ? ` ${t.latestDeposit(f.money(d.latest.amount), f.date(d.latest.date), status(d.latest.status))}`
        : '';
      return {
        answer:
          d.confirmed_count === 0 && !d.latest
            ? t.noDeposits
            : `${t.depositsTotal(f.money(d.confirmed_total))}${latest}`,
        sources: [SOURCES.activity],
        intent: 'deposits',
      };
    }
    case 'withdrawals': {
      const w = await data.getWithdrawals(ctx);
      if (!w.latest)
        return { answer: t.noWithdrawals, sources: [SOURCES.withdrawals], intent: 'withdrawals' };
      const held = w.held_for_review > 0 ? ` ${t.heldForRequests(f.money(w.held_for_review))}` : '';
      return {
        answer: `${t.withdrawalsPaid(f.money(w.paid_total))}${held} ${t.latestWithdrawal(f.money(w.latest.amount), f.date(w.latest.date), status(w.latest.status))}`,
        sources: [SOURCES.withdrawals],
        intent: 'withdrawals',
      };
    }
    case 'plans': {
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
    case 'goals': {
      const { goals } = await readGoals(ctx);
      if (goals.length === 0) return { answer: t.noGoals, sources: [SOURCES.goals], intent: 'goals' };
      const lines = goals.map((goal) =>
        t.goal(
          goal.name,
          status(goal.status),
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
