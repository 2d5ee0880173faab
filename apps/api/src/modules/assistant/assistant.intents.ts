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

/** Per data intent, how strongly the question's words call for it (fuzzy for words of 5+ letters). */
function scores(question: string): Map<DataIntent, number> {
  const result = new Map<DataIntent, number>();
  for (const word of words(question)) {
    const hits =
      word.length >= 5
        ? fuse.search(word, { limit: 3 })
        : Object.entries(VOCABULARY).flatMap(([intent, list]) =>
            list.includes(word) ? [{ item: { intent: intent as DataIntent, word }, score: 0 }] : [],
          );
    const seen = new Set<DataIntent>();
    for (const hit of hits) {
      if (seen.has(hit.item.intent)) continue;
      seen.add(hit.item.intent);
      result.set(hit.item.intent, (result.get(hit.item.intent) ?? 0) + 1 - (hit.score ?? 0));
    }
  }
  return result;
}

/** The data intent the question's words call for most, if any. */
export function dataIntentOf(question: string): DataIntent | null {
  let best: DataIntent | null = null;
  let bestScore = 0;
  for (const intent of PRIORITY) {
    const score = scores(question).get(intent) ?? 0;
    if (score > bestScore + 1e-9) {
      best = intent;
      bestScore = score;
    }
  }
  return best;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utcDay = (year: number, month: number, dayOfMonth: number) =>
  new Date(Date.UTC(year, month, dayOfMonth));

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
  const period = periodOf(question, now);
  // A period on a question about money that came in is a question about earnings in that period.
  return { kind: 'data', intent: period && intent === 'balance' ? 'earnings' : intent, period };
}
