import type { AssistantLanguage } from '@app/shared';
import { periodOf, type Period } from './assistant.periods';
import { TRIGGERS } from './assistant.triggers';
import type { DataIntent } from './assistant.vocabulary';
import { asksFor, dataIntentOf, normalise, withoutAddresses } from './assistant.words';

/**
 * Intent matching of the built-in assistant (decision 115): the question's words are matched, with
 * typo tolerance (fuse.js), against a small vocabulary per intent, and date phrases ("last month",
 * "since February 1", "in 2025") become a period (chrono-node). The question is only ever read as
 * words to match: nothing in it can choose the member, a query or a rule. Spanish and Arabic
 * questions are read with their own vocabularies and phrases (after normalisation: accents, and in
 * Arabic diacritics, tatweel and letter variants, are dropped), Spanish dates also by chrono.es.
 */

export type { DataIntent } from './assistant.vocabulary';
export type { Period } from './assistant.periods';
export { normaliseArabic, normaliseSpanish } from './assistant.words';

export type Match =
  | { kind: 'data'; intent: DataIntent; period: Period | null }
  | { kind: 'advice' }
  | { kind: 'action'; topic: string }
  | { kind: 'greeting' }
  | { kind: 'catalogue' }
  | { kind: 'help' };

/** The intents a date phrase of the question is read for. */
const PERIOD_INTENTS = new Set<DataIntent>(['balance', 'earnings', 'deposits', 'withdrawals']);

/** What the question asks for; `help` when no intent of ours fits (the help center is searched). */
export function matchQuestion(asked: string, now: Date, language: AssistantLanguage = 'en'): Match {
  const triggers = TRIGGERS[language];
  const question = withoutAddresses(asked);
  const text = normalise(question, language);
  if (triggers.greeting.test(text)) return { kind: 'greeting' };
  if (triggers.catalogue.test(text)) return { kind: 'catalogue' };
  const intent = dataIntentOf(question, language);
  if (triggers.action.test(text) || triggers.actionForMe.test(text)) {
    const topic = triggers.topic(text);
    if (topic && /^(buy|sell)$/i.test(topic)) return { kind: 'advice' };
    return { kind: 'action', topic: (topic ?? 'help').toLowerCase() };
  }
  if (triggers.advice.test(text)) return { kind: 'advice' };
  if (!intent || (triggers.howTo.test(text) && !triggers.figureCue.test(text))) return { kind: 'help' };
  // Money questions have a period: earnings are answered for it, the others say what they answer instead.
  const period = PERIOD_INTENTS.has(intent) ? periodOf(question, now, language) : null;
  // "How much money did I make last month?": the balance's words, but an earnings word and a period.
  // Without an earnings word ("my balance today", "¿mi saldo hoy?") it stays a balance question.
  const earnings = period !== null && intent === 'balance' && asksFor(question, 'earnings', language);
  return { kind: 'data', intent: earnings ? 'earnings' : intent, period };
}
