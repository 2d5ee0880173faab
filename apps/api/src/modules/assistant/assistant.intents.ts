import * as chrono from 'chrono-node';
import Fuse from 'fuse.js';
import type { AssistantIntent } from '@app/shared';

/**
 * Intent matching of the built-in assistant (decision 115): the question's words are matched, with
 * typo tolerance (fuse.js), against a small vocabulary per intent, and date phrases ("last month",
 * "since February 1", "in 2025") become a period (chrono-node). The question is only ever read as
 * words to match: nothing in it can choose the member, a query or a rule.
 */

export type DataIntent = Extract<
  AssistantIntent,
  'balance' | 'earnings' | 'deposits' | 'withdrawals' | 'plans' | 'goals' | 'loans' | 'loyalty_points'
>;

export interface Period {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

export type Match =
  | { kind: 'data'; intent: DataIntent; period: Period | null }
  | { kind: 'advice' }
  | { kind: 'action'; topic: string }
  | { kind: 'greeting' }
  | { kind: 'help' };

const VOCABULARY: Record<DataIntent, string[]> = {
  balance: ['balance', 'cash', 'available', 'funds', 'money', 'account'],
  earnings: [
    'earn',
    'earned',
    'earning',
    'earnings',
    'profit',
    'profits',
    'income',
    'yield',
    'made',
    'make',
    'return',
    'returns',
    'interest',
  ],
  deposits: ['deposit', 'deposits', 'deposited', 'funded', 'topped', 'top-up'],
  withdrawals: ['withdraw', 'withdrawal', 'withdrawals', 'withdrew', 'withdrawn', 'payout', 'payouts'],
  plans: [
    'plan',
    'plans',
    'investment',
    'investments',
    'invested',
    'apy',
    'rate',
    'rates',
    'mature',
    'matures',
    'end',
    'ends',
    'ending',
    'term',
    'staking',
  ],
  goals: ['goal', 'goals', 'saving', 'savings', 'target', 'progress'],
  loans: [
    'loan',
    'loans',
    'borrow',
    'borrowed',
    'instalment',
    'instalments',
    'installment',
    'installments',
    'repay',
    'repayment',
    'owe',
    'debt',
  ],
  loyalty_points: ['points', 'point', 'loyalty', 'reward', 'rewards', 'redeem'],
};

/** When two intents score the same, the more specific one wins. */
const PRIORITY: DataIntent[] = [
  'goals',
  'loans',
  'loyalty_points',
  'plans',
  'withdrawals',
  'deposits',
  'earnings',
  'balance',
];

const fuse = new Fuse(
  Object.entries(VOCABULARY).flatMap(([intent, words]) =>
    words.map((word) => ({ intent: intent as DataIntent, word })),
  ),
  {
    keys: ['word'],
    threshold: 0.34,
    includeScore: true,
    isCaseSensitive: false,
    ignoreLocation: false,
    distance: 2,
  },
);

const ADVICE =
  /\b(should i|do you recommend|recommend|which (coin|crypto|asset|token|stock)|best (coin|crypto|asset|token|stock)|worth buying|good (time|idea) to (buy|sell|invest))\b|\b(buy|sell)\b/i;
const ACTION =
  /\b(please |can you |could you |would you )?(invest|withdraw|deposit|transfer|send|move|redeem|lock|pay|buy|sell)\b[^?]*\b(for me|now|\$?\d)/i;
const ACTION_FOR_ME = /\b(invest|withdraw|deposit|transfer|send|move|redeem|lock|pay)\b.*\bfor me\b/i;
const HOW_TO =
  /^\s*(how (do|does|can|should|would|is|are)\b(?!\s+my\b)|how to\b|what (is|are|does)\b(?!\s+my\b)|what's\b(?!\s+my\b)|why\b|where (do|can)\b|can i\b|is it\b|what happens\b)/i;
/** A how-to question that still asks for the member's own figure. */
const FIGURE_CUE = /\b(how much|how many|when (does|do|will) my)\b/i;
const GREETING = /^\s*(hi|hello|hey|good (morning|afternoon|evening)|thanks|thank you)\b[\s!.]*$/i;

function words(question: string): string[] {
  return question.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
}

type Hit = { intent: DataIntent; score: number };

/** Exact words of the vocabulary, and what each word of a question matched before (bounded cache). */
const EXACT = new Map<string, Hit[]>();
for (const [intent, list] of Object.entries(VOCABULARY) as Array<[DataIntent, string[]]>) {
  for (const word of list) EXACT.set(word, [...(EXACT.get(word) ?? []), { intent, score: 0 }]);
}
const FUZZY_CACHE = new Map<string, Hit[]>();
const FUZZY_CACHE_MAX = 10_000;

/** Words too common to mean anything here: never searched fuzzily. */
const STOP_WORDS = new Set(
  'about after again being could doing every from have having into just much many other should their there these they this those through under until what when where which while with would your yours'.split(
    ' ',
  ),
);

/** The intents a word calls for: exact first; fuzzy (fuse.js) for words of 5+ letters, cached. */
function hitsOf(word: string): Hit[] {
  const exact = EXACT.get(word);
  if (exact) return exact;
  if (word.length < 5 || STOP_WORDS.has(word)) return [];
  const cached = FUZZY_CACHE.get(word);
  if (cached) return cached;
  const seen = new Set<DataIntent>();
  const hits: Hit[] = [];
  for (const result of fuse.search(word, { limit: 3 })) {
    if (seen.has(result.item.intent)) continue;
    seen.add(result.item.intent);
    hits.push({ intent: result.item.intent, score: result.score ?? 0 });
  }
  if (FUZZY_CACHE.size >= FUZZY_CACHE_MAX) FUZZY_CACHE.clear();
  FUZZY_CACHE.set(word, hits);
  return hits;
}

/** Per data intent, how strongly the question's words call for it. */
function scores(question: string): Map<DataIntent, number> {
  const result = new Map<DataIntent, number>();
  for (const word of words(question)) {
    for (const hit of hitsOf(word)) result.set(hit.intent, (result.get(hit.intent) ?? 0) + 1 - hit.score);
  }
  return result;
}

/** The data intent the question's words call for most, if any. */
export function dataIntentOf(question: string): DataIntent | null {
  const scored = scores(question);
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

/** Words that can start a date phrase: chrono-node (the costly part) runs only when one is there. */
const DATE_WORDS =
  /\b(today|yesterday|tomorrow|last|this|past|previous|since|between|from|ago|week|month|year|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d)/i;

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utcDay = (year: number, month: number, dayOfMonth: number) =>
  new Date(Date.UTC(year, month, dayOfMonth));

/**
 * The phrases members use most ("today", "last month", "this year", "past 30 days"), read without
 * chrono-node, which costs milliseconds a question; `undefined` when the question has none of them.
 */
function commonPeriod(question: string, now: Date): { from: Date; to: Date } | null | undefined {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  if (/\b(since|between|from)\b/i.test(question)) return undefined;
  if (/\btoday\b/i.test(question)) return { from: utcDay(y, m, d), to: utcDay(y, m, d) };
  if (/\byesterday\b/i.test(question)) return { from: utcDay(y, m, d - 1), to: utcDay(y, m, d - 1) };
  const relative = /\b(this|last|past|previous)\s+(week|month|year)\b/i.exec(question);
  if (relative) {
    const back = relative[1]!.toLowerCase() === 'this' ? 0 : 1;
    switch (relative[2]!.toLowerCase()) {
      case 'week': {
        const monday = d - ((now.getUTCDay() + 6) % 7) - 7 * back;
        return { from: utcDay(y, m, monday), to: utcDay(y, m, monday + 6) };
      }
      case 'month':
        return { from: utcDay(y, m - back, 1), to: utcDay(y, m - back + 1, 0) };
      default:
        return { from: utcDay(y - back, 0, 1), to: utcDay(y - back, 11, 31) };
    }
  }
  const span = /\b(?:past|last|previous)\s+(\d{1,4})\s+(day|week|month)s?\b/i.exec(question);
  if (span) {
    const count = Number(span[1]);
    const unit = span[2]!.toLowerCase();
    const from =
      unit === 'day'
        ? utcDay(y, m, d - count)
        : unit === 'week'
          ? utcDay(y, m, d - 7 * count)
          : utcDay(y, m - count, d);
    return { from, to: now };
  }
  return undefined;
}

/**
 * The period a question names, in UTC days, never past `now`: "last month" is that calendar month,
 * "this year" January 1 to today, "last week" the last Monday-to-Sunday week, "past 30 days" and
 * "since February 1" run to today, "between A and B" from A to B, "in 2025" that year.
 */
export function periodOf(question: string, now: Date): Period | null {
  const today = iso(now);
  const clamp = (from: Date, to: Date): Period | null => {
    const start = iso(from);
    const end = iso(to) > today ? today : iso(to);
    return start > end ? null : { from: start, to: end };
  };
  const year = question.match(/\b(?:in|during|for)\s+((?:19|20)\d{2})\b/i);
  if (year) {
    const y = Number(year[1]);
    return clamp(utcDay(y, 0, 1), utcDay(y, 11, 31));
  }
  if (/\b(all time|ever|in total|so far|to date|altogether)\b/i.test(question)) return null;
  if (!DATE_WORDS.test(question)) return null;
  const quick = commonPeriod(question, now);
  if (quick !== undefined) return quick && clamp(quick.from, quick.to);
  const results = chrono.en.parse(question, { instant: now, timezone: 'UTC' }, { forwardDate: false });
  const first = results[0];
  if (!first) return null;
  const start = first.start.date();
  const known = (component: 'day' | 'month' | 'year' | 'weekday') => first.start.isCertain(component);
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const second = results[1];
  if (first.end || second) {
    const end = (first.end ?? second!.start).date();
    return clamp(utcDay(y, m, start.getUTCDate()), end);
  }
  if (
    /\b(past|last|previous)\s+\d+\s+(days?|weeks?|months?)\b/i.test(first.text) ||
    /\bsince\b/i.test(question)
  ) {
    return clamp(utcDay(y, m, start.getUTCDate()), now);
  }
  if (/\bweek\b/i.test(first.text)) {
    const monday = utcDay(y, m, start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
    return clamp(monday, utcDay(monday.getUTCFullYear(), monday.getUTCMonth(), monday.getUTCDate() + 6));
  }
  if (known('day')) return clamp(utcDay(y, m, start.getUTCDate()), utcDay(y, m, start.getUTCDate()));
  if (known('month')) return clamp(utcDay(y, m, 1), utcDay(y, m + 1, 0));
  if (known('year')) return clamp(utcDay(y, 0, 1), utcDay(y, 11, 31));
  return null;
}

/** What the question asks for; `help` when no intent of ours fits (the help center is searched). */
export function matchQuestion(question: string, now: Date): Match {
  if (GREETING.test(question)) return { kind: 'greeting' };
  const intent = dataIntentOf(question);
  if (ACTION.test(question) || ACTION_FOR_ME.test(question)) {
    const topic = question.match(
      /\b(invest|withdraw|deposit|transfer|send|move|redeem|lock|pay|buy|sell)\b/i,
    )?.[1];
    if (topic && /^(buy|sell)$/i.test(topic)) return { kind: 'advice' };
    return { kind: 'action', topic: (topic ?? 'help').toLowerCase() };
  }
  if (ADVICE.test(question)) return { kind: 'advice' };
  if (!intent || (HOW_TO.test(question) && !FIGURE_CUE.test(question))) return { kind: 'help' };
  // Only earnings (and money that came in) have a period.
  const period = intent === 'earnings' || intent === 'balance' ? periodOf(question, now) : null;
  // A period on a question about money that came in is a question about earnings in that period.
  return { kind: 'data', intent: period && intent === 'balance' ? 'earnings' : intent, period };
}
