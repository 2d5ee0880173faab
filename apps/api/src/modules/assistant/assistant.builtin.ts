import { planYieldLabel, type AskResponse, type AssistantLanguage, type AssistantSource } from '@app/shared';
import * as data from './assistant.data';
import { matchQuestion, type Match } from './assistant.intents';
import { holdingsAnswer, moneyAnswer, type Answering } from './assistant.member-answers';
import { recordingFormats, withMoneyParts, type Figure } from './assistant.parts';
import { TEXTS, type Formats, type SourceKey } from './assistant.texts';
import { withoutAddresses } from './assistant.words';

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
  // An address in the question is nobody's words: it neither names a plan nor goes to the help search.
  const answer = await answerWith(ctx, withoutAddresses(question), readGoals, language, f);
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
  const a: Answering = {
    ctx,
    question,
    language,
    t: TEXTS[language],
    f,
    sources: SOURCES_BY_LANGUAGE[language],
  };
  const match = matchQuestion(question, ctx.now, language);
  if (match.kind !== 'data') return answerWithoutData(a, match);
  const { intent, period } = match;
  if (intent === 'balance' || intent === 'earnings' || intent === 'deposits' || intent === 'withdrawals')
    return moneyAnswer(a, intent, period);
  return holdingsAnswer(a, intent, readGoals);
}

/**
 * A greeting, a refusal to advise, a how-to from the help center, or the plan catalogue: answers that
 * read none of the member's own data.
 */
async function answerWithoutData(
  a: Answering,
  match: Exclude<Match, { kind: 'data' }>,
): Promise<AskResponse> {
  const { ctx, question, language, t, f } = a;
  const SOURCES = a.sources;
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
  }
}
