import type { AssistantLanguage } from '@app/shared';
import {
  PRIORITY,
  VOCABULARY,
  VOCABULARY_AR,
  VOCABULARY_ES,
  fuseOf,
  type DataIntent,
} from './assistant.vocabulary';

/** A question's words, normalised per language, scored against each data intent's vocabulary. */

/** Spanish as it is compared: lower case, without accents ("depósitos" is "depositos", "año" is "ano"). */
export function normaliseSpanish(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Arabic as it is compared: without diacritics (harakat, tanween, shadda, sukun, dagger alef) and
 * tatweel; alef variants (أ إ آ ٱ) are ا, ى is ي, ة is ه; Arabic-Indic digits are 0-9.
 */
export function normaliseArabic(text: string): string {
  return text
    .replace(/[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x660))
    .toLowerCase();
}

/** The question as the language's patterns read it (English: as it is; the patterns ignore case). */
export function normalise(question: string, language: AssistantLanguage): string {
  return language === 'es'
    ? normaliseSpanish(question)
    : language === 'ar'
      ? normaliseArabic(question)
      : question;
}

/**
 * Email addresses and web links (`http(s)://…`, `www.…`): a member may paste one into a question, and
 * the letters of `hi.loans@example.com` are not words of it (they chose the loans intent over the
 * balance the member asked for).
 */
const ADDRESSES = /[\w.+%-]+@[\w-]+(?:\.[\w-]+)+|(?:https?:\/\/|www\.)\S+/gi;

export function withoutAddresses(question: string): string {
  return question.replace(ADDRESSES, ' ');
}

/** Runs of letters and digits with a digit in them (an id, a reference such as `mx4f8end`) give no words. */
function wordTokens(text: string): string {
  return text.replace(/[\p{L}\p{N}]*\d[\p{L}\p{N}]*/gu, ' ');
}

function words(question: string, language: AssistantLanguage = 'en'): string[] {
  if (language === 'ar') return wordTokens(normaliseArabic(question)).match(/[\u0621-\u064A]+/g) ?? [];
  if (language === 'es') return wordTokens(normaliseSpanish(question)).match(/[a-z][a-z'-]*/g) ?? [];
  return wordTokens(question.toLowerCase()).match(/[a-z][a-z'-]*/g) ?? [];
}

type Hit = { intent: DataIntent; score: number };

/** Exact words of a vocabulary. */
function exactOf(vocabulary: Record<DataIntent, string[]>): Map<string, Hit[]> {
  const exact = new Map<string, Hit[]>();
  for (const [intent, list] of Object.entries(vocabulary) as Array<[DataIntent, string[]]>) {
    for (const word of list) exact.set(word, [...(exact.get(word) ?? []), { intent, score: 0 }]);
  }
  return exact;
}

/** Per language: its exact words, its fuzzy index (none for Arabic: stems are matched instead). */
const INDEX = {
  en: { exact: exactOf(VOCABULARY), fuse: fuseOf(VOCABULARY) },
  es: { exact: exactOf(VOCABULARY_ES), fuse: fuseOf(VOCABULARY_ES) },
  ar: { exact: exactOf(VOCABULARY_AR), fuse: null },
};

/** The Arabic stems, longest first. */
const AR_STEMS = Object.entries(VOCABULARY_AR)
  .flatMap(([intent, list]) => list.map((stem) => ({ intent: intent as DataIntent, stem })))
  .sort((a, b) => b.stem.length - a.stem.length);

/** What each word of a question matched before, per language (bounded cache). */
const FUZZY_CACHE = new Map<string, Hit[]>();
const FUZZY_CACHE_MAX = 10_000;

/** Words too common to mean anything here: never searched fuzzily. */
const STOP_WORDS = new Set(
  'about after again being could doing every from have having into just much many other should their there these they this those through under until what when where which while with would your yours'.split(
    ' ',
  ),
);

/** Spanish words too common to mean anything here. */
const STOP_WORDS_ES = new Set(
  'cuanto cuanta cuantos cuantas cuando donde desde hasta entre sobre tengo tienes tiene mucho esta estan este estos'.split(
    ' ',
  ),
);

/** The intents an Arabic word calls for: the longest stem it contains (prefixes and suffixes around it). */
function arabicHitsOf(word: string): Hit[] {
  const found = AR_STEMS.find(({ stem }) => stem.length >= 3 && word.includes(stem));
  return found ? (INDEX.ar.exact.get(found.stem) ?? []) : (INDEX.ar.exact.get(word) ?? []);
}

/** The intents a word calls for: exact first; fuzzy (fuse.js) for words of 5+ letters, cached. */
function hitsOf(word: string, language: AssistantLanguage = 'en'): Hit[] {
  if (language === 'ar') return arabicHitsOf(word);
  const { exact: exactWords, fuse } = INDEX[language];
  const exact = exactWords.get(word);
  if (exact) return exact;
  if (word.length < 5 || (language === 'en' ? STOP_WORDS : STOP_WORDS_ES).has(word)) return [];
  const key = `${language}:${word}`;
  const cached = FUZZY_CACHE.get(key);
  if (cached) return cached;
  const seen = new Set<DataIntent>();
  const hits: Hit[] = [];
  for (const result of fuse.search(word, { limit: 3 })) {
    if (seen.has(result.item.intent)) continue;
    seen.add(result.item.intent);
    hits.push({ intent: result.item.intent, score: result.score ?? 0 });
  }
  if (FUZZY_CACHE.size >= FUZZY_CACHE_MAX) FUZZY_CACHE.clear();
  FUZZY_CACHE.set(key, hits);
  return hits;
}

/** Per data intent, how strongly the question's words call for it. */
function scores(question: string, language: AssistantLanguage): Map<DataIntent, number> {
  const result = new Map<DataIntent, number>();
  for (const word of words(question, language)) {
    for (const hit of hitsOf(word, language))
      result.set(hit.intent, (result.get(hit.intent) ?? 0) + 1 - hit.score);
  }
  return result;
}

/** The data intent the question's words call for most, if any. */
export function dataIntentOf(question: string, language: AssistantLanguage = 'en'): DataIntent | null {
  const scored = scores(question, language);
  let best: DataIntent | null = null;
  let bestScore = 0;
  for (const intent of PRIORITY) {
    const score = scored.get(intent) ?? 0;
    if (score > bestScore + 1e-9) {
      best = intent;
      bestScore = score;
    }
  }
  return best;
}

/** Whether a word of the question calls for `intent` at all (exactly, by stem or fuzzily). */
export function asksFor(question: string, intent: DataIntent, language: AssistantLanguage = 'en'): boolean {
  return (scores(question, language).get(intent) ?? 0) > 0;
}
