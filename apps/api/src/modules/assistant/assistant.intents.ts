import * as chrono from 'chrono-node';
import Fuse from 'fuse.js';
import type { AssistantIntent, AssistantLanguage } from '@app/shared';

/**
 * Intent matching of the built-in assistant (decision 115): the question's words are matched, with
 * typo tolerance (fuse.js), against a small vocabulary per intent, and date phrases ("last month",
 * "since February 1", "in 2025") become a period (chrono-node). The question is only ever read as
 * words to match: nothing in it can choose the member, a query or a rule. Spanish and Arabic
 * questions are read with their own vocabularies and phrases (after normalisation: accents, and in
 * Arabic diacritics, tatweel and letter variants, are dropped), Spanish dates also by chrono.es.
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
  | { kind: 'catalogue' }
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

/** Spanish words, written without accents (questions are compared without them). */
const VOCABULARY_ES: Record<DataIntent, string[]> = {
  balance: ['saldo', 'saldos', 'efectivo', 'disponible', 'fondos', 'dinero', 'cuenta'],
  earnings: [
    'ganancia',
    'ganancias',
    'gane',
    'ganado',
    'ganar',
    'gano',
    'ganamos',
    'beneficio',
    'beneficios',
    'rendimiento',
    'rendimientos',
    'intereses',
    'interes',
    'ingresos',
  ],
  deposits: ['deposito', 'depositos', 'deposite', 'depositado', 'depositar', 'ingrese', 'recarga'],
  withdrawals: [
    'retiro',
    'retiros',
    'retirar',
    'retire',
    'retirado',
    'retirada',
    'retiradas',
    'pago',
    'pagos',
  ],
  plans: [
    'plan',
    'planes',
    'inversion',
    'inversiones',
    'invertido',
    'invertidos',
    'tasa',
    'tasas',
    'vence',
    'vencen',
    'termina',
    'terminan',
    'plazo',
  ],
  goals: ['meta', 'metas', 'objetivo', 'objetivos', 'ahorro', 'ahorros', 'progreso'],
  loans: ['prestamo', 'prestamos', 'cuota', 'cuotas', 'deuda', 'debo', 'devolver', 'pedi'],
  loyalty_points: ['puntos', 'punto', 'fidelidad', 'recompensa', 'recompensas', 'canjear'],
};

/** Arabic stems, normalised like questions; a word of a question matches a stem it contains ("رصيدي"). */
const VOCABULARY_AR: Record<DataIntent, string[]> = {
  balance: ['رصيد', 'ارصده', 'اموال', 'نقود', 'حساب'],
  earnings: ['ارباح', 'ربح', 'ربحت', 'عائد', 'عوائد', 'فائده', 'فوائد', 'دخل', 'كسبت'],
  deposits: ['ايداع', 'ايداعات', 'اودعت', 'اودع'],
  withdrawals: ['سحب', 'سحوبات', 'سحبت', 'مسحوبات'],
  plans: ['خطه', 'خطت', 'خطط', 'استثمار', 'استثمارات', 'مستثمر', 'معدل', 'تنتهي', 'ينتهي'],
  goals: ['هدف', 'اهداف', 'ادخار', 'مدخرات', 'تقدم'],
  loans: ['قرض', 'قروض', 'قسط', 'اقساط', 'دين', 'ديون', 'سداد'],
  loyalty_points: ['نقاط', 'نقطه', 'ولاء', 'مكافات', 'مكافاه', 'استبدال'],
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

const fuseOf = (vocabulary: Record<DataIntent, string[]>) =>
  new Fuse(
    Object.entries(vocabulary).flatMap(([intent, words]) =>
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

/** How a question asks for something other than a figure, per language (read on the normalised question). */
interface Triggers {
  greeting: RegExp;
  advice: RegExp;
  action: RegExp;
  actionForMe: RegExp;
  /** The action's verb, as the English word the help center is searched with. */
  topic: (question: string) => string | undefined;
  howTo: RegExp;
  figureCue: RegExp;
  /** A question about what the plans ask or pay (answered from the catalogue, never from a help text). */
  catalogue: RegExp;
}

const ES_VERBS: Array<[string, string]> = [
  ['invierte|invertir', 'invest'],
  ['retira|retirar', 'withdraw'],
  ['deposita|depositar', 'deposit'],
  ['transfiere|transferir', 'transfer'],
  ['envia|enviar', 'send'],
  ['mueve|mover', 'move'],
  ['canjea|canjear', 'redeem'],
  ['bloquea|bloquear', 'lock'],
  ['paga|pagar', 'pay'],
  ['compra|comprar', 'buy'],
  ['vende|vender', 'sell'],
];
const AR_VERBS: Array<[string, string]> = [
  ['استثمر', 'invest'],
  ['اسحب', 'withdraw'],
  ['اودع', 'deposit'],
  ['حول', 'transfer'],
  ['ارسل', 'send'],
  ['انقل', 'move'],
  ['استبدل', 'redeem'],
  ['اقفل', 'lock'],
  ['ادفع', 'pay'],
  ['اشتر|اشتري', 'buy'],
  ['بع', 'sell'],
];
const verbsOf = (verbs: Array<[string, string]>) => verbs.map(([words]) => words).join('|');
const topicOf = (verbs: Array<[string, string]>, found: string | undefined) =>
  found === undefined ? undefined : verbs.find(([words]) => words.split('|').includes(found))?.[1];
/** Arabic has no \b: a word starts after a space (or the start) and ends before a space or a mark. */
const AR_START = '(?:^|\\s)';
const AR_END = '(?=\\s|$|[؟?!.،,])';

const TRIGGERS: Record<AssistantLanguage, Triggers> = {
  en: {
    greeting: GREETING,
    advice: ADVICE,
    action: ACTION,
    actionForMe: ACTION_FOR_ME,
    topic: (question) =>
      question.match(/\b(invest|withdraw|deposit|transfer|send|move|redeem|lock|pay|buy|sell)\b/i)?.[1],
    howTo: HOW_TO,
    figureCue: FIGURE_CUE,
    catalogue:
      /\b(minimum|minimums)\b|\bhow (little|much) (do i need|is needed) to (start|invest)\b|\b(what|which) (rates?|returns?|yields?|interest rates?) (do|does|can)\b(?!.*\bmy\b)|\b(rates?|returns?|yields?) (do you|you) (offer|pay)\b|\bhow much can i (earn|make)\b/i,
  },
  es: {
    greeting: /^\s*¡?\s*(hola|buenas|buenos dias|buenas (tardes|noches)|gracias|muchas gracias)\b[\s!.]*$/,
    advice:
      /\b(deberia|me recomiendas|recomiendas|recomiendame|recomendarias|(que|cual) (moneda|cripto|criptomoneda|activo|token|accion) (compro|comprar|me conviene)|(la|el) mejor (moneda|cripto|criptomoneda|activo|token|accion)|vale la pena comprar|buen momento para (comprar|vender|invertir))\b|\b(comprar|compro|compra|vender|vendo|vende)\b/,
    action: new RegExp(
      `\\b(por favor |puedes |podrias )?(${verbsOf(ES_VERBS)})\\b[^?]*(\\bpor mi\\b|\\bahora\\b|\\d)`,
    ),
    actionForMe: new RegExp(`\\b(${verbsOf(ES_VERBS.slice(0, 9))})\\b.*\\bpor mi\\b`),
    topic: (question) => topicOf(ES_VERBS, new RegExp(`\\b(${verbsOf(ES_VERBS)})\\b`).exec(question)?.[1]),
    howTo:
      /^\s*¿?\s*(como (puedo|hago|se|funciona|funcionan)\b|que (es|son|significa|pasa)\b(?!\s+mis?\b)|por que\b|donde (puedo|se)\b|puedo\b|se puede\b)/,
    figureCue: /\b(cuanto|cuanta|cuantos|cuantas|cuando (termina|terminan|vence|vencen) mis?)\b/,
    catalogue:
      /\b(minimo|minima|minimos|minimas)\b|\b(que|cuales) (tasas|rendimientos|intereses) (ofrecen|pagan|dan|hay)\b|\bcuanto puedo ganar\b/,
  },
  ar: {
    greeting: /^\s*(مرحبا|اهلا|اهلا وسهلا|السلام عليكم|صباح الخير|مساء الخير|شكرا|شكرا لك)[\s!.؟]*$/,
    advice: new RegExp(
      `(هل (يجب|ينبغي|علي) ان|هل تنصح|تنصحني|انصحني|توصي|توصيني|ما (افضل|احسن) (عمله|سهم|اصل)|اي (عمله|سهم|اصل)|وقت (جيد|مناسب) (للشراء|للبيع|للاستثمار))|${AR_START}(اشتر|اشتري|بع|ابيع|شراء|بيع)${AR_END}`,
    ),
    action: new RegExp(
      `${AR_START}(?:من فضلك\\s+|هل يمكنك\\s+)?(${verbsOf(AR_VERBS)})${AR_END}[^؟?]*(?:${AR_START}(?:لي|الان)${AR_END}|\\d)`,
    ),
    actionForMe: new RegExp(
      `${AR_START}(${verbsOf(AR_VERBS.slice(0, 9))})${AR_END}.*${AR_START}(?:لي|من اجلي|عني)${AR_END}`,
    ),
    topic: (question) =>
      topicOf(AR_VERBS, new RegExp(`${AR_START}(${verbsOf(AR_VERBS)})${AR_END}`).exec(question)?.[1]),
    howTo: /^\s*(كيف(?!\s+(حال|تسير|يسير|وضع))|لماذا|اين|ماذا يعني|ما معني|هل يمكنني|هل استطيع)/,
    figureCue: new RegExp(`${AR_START}(كم|متي)${AR_END}`),
    catalogue:
      /(الحد الادني|ادني مبلغ|اقل مبلغ)|(ما|ماهي|ما هي) (المعدلات|العوائد|الفوائد) (التي|المتاحه)|كم يمكنني ان اربح/,
  },
};

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

function words(question: string, language: AssistantLanguage = 'en'): string[] {
  if (language === 'ar') return normaliseArabic(question).match(/[\u0621-\u064A]+/g) ?? [];
  if (language === 'es') return normaliseSpanish(question).match(/[a-z][a-z'-]*/g) ?? [];
  return question.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
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
    return relativePeriod(
      now,
      relative[1]!.toLowerCase() === 'this' ? 0 : 1,
      relative[2]!.toLowerCase() as 'week' | 'month' | 'year',
    );
  }
  const span = /\b(?:past|last|previous)\s+(\d{1,4})\s+(day|week|month)s?\b/i.exec(question);
  if (span) return spanPeriod(now, Number(span[1]), span[2]!.toLowerCase() as 'day' | 'week' | 'month');
  return undefined;
}

/** This (back 0) or the last (back 1) calendar week (Monday to Sunday), month or year. */
function relativePeriod(now: Date, back: 0 | 1, unit: 'week' | 'month' | 'year'): { from: Date; to: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (unit) {
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

/** The past `count` days, weeks or months, to today. */
function spanPeriod(now: Date, count: number, unit: 'day' | 'week' | 'month'): { from: Date; to: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const from =
    unit === 'day'
      ? utcDay(y, m, d - count)
      : unit === 'week'
        ? utcDay(y, m, d - 7 * count)
        : utcDay(y, m - count, d);
  return { from, to: now };
}

const today = (now: Date) => {
  const day = utcDay(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: day, to: day };
};
const yesterday = (now: Date) => {
  const day = utcDay(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1);
  return { from: day, to: day };
};

const ES_UNITS = { semana: 'week', mes: 'month', ano: 'year' } as const;
const ES_SPAN_UNITS = { dia: 'day', semana: 'week', mes: 'month' } as const;
const ES_DATE_WORDS =
  /\b(hoy|ayer|pasad|anterior|est[ea]|ultim|desde|entre|semana|mes|ano|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|lunes|martes|miercoles|jueves|viernes|sabado|domingo|\d)/;

/** The Spanish phrases chrono.es does not read ("el mes pasado", "este año", "últimos 30 días"). */
function commonPeriodEs(question: string, now: Date): { from: Date; to: Date } | null | undefined {
  if (/\b(desde|entre)\b/.test(question)) return undefined;
  if (/\bhoy\b/.test(question)) return today(now);
  if (/\bayer\b/.test(question)) return yesterday(now);
  const last = /\b(semana|mes|ano)\s+(pasad[oa]|anterior)\b/.exec(question);
  if (last) return relativePeriod(now, 1, ES_UNITS[last[1] as keyof typeof ES_UNITS]);
  const current = /\b(?:este|esta)\s+(semana|mes|ano)\b/.exec(question);
  if (current) return relativePeriod(now, 0, ES_UNITS[current[1] as keyof typeof ES_UNITS]);
  const span = /\b(?:ultim[oa]s|pasad[oa]s)\s+(\d{1,4})\s+(dia|semana|mes)(?:s|es)?\b/.exec(question);
  if (span) return spanPeriod(now, Number(span[1]), ES_SPAN_UNITS[span[2] as keyof typeof ES_SPAN_UNITS]);
  return undefined;
}

/** The Arabic phrases read (on the normalised question; no Arabic parser in chrono-node). */
const AR_PERIODS: Array<[RegExp, (now: Date) => { from: Date; to: Date }]> = [
  [new RegExp(`${AR_START}اليوم${AR_END}`), today],
  [new RegExp(`${AR_START}(امس|البارحه)${AR_END}`), yesterday],
  [/(الشهر|شهر) (الماضي|السابق)/, (now) => relativePeriod(now, 1, 'month')],
  [/هذا الشهر/, (now) => relativePeriod(now, 0, 'month')],
  [/(الاسبوع|اسبوع) (الماضي|السابق)/, (now) => relativePeriod(now, 1, 'week')],
  [/هذا الاسبوع/, (now) => relativePeriod(now, 0, 'week')],
  [/((السنه|سنه) (الماضيه|السابقه)|(العام|عام) (الماضي|السابق))/, (now) => relativePeriod(now, 1, 'year')],
  [/(هذه السنه|هذا العام)/, (now) => relativePeriod(now, 0, 'year')],
];

function clampPeriod(from: Date, to: Date, now: Date): Period | null {
  const today = iso(now);
  const start = iso(from);
  const end = iso(to) > today ? today : iso(to);
  return start > end ? null : { from: start, to: end };
}

/** The period of a Spanish or Arabic question (see `periodOf`). */
function periodIn(question: string, now: Date, language: 'es' | 'ar'): Period | null {
  const text = normalise(question, language);
  const year =
    language === 'es'
      ? /\b(?:en|durante|para)\s+(?:el\s+)?((?:19|20)\d{2})\b/.exec(text)
      : /(?:في|خلال)\s+(?:عام\s+|سنه\s+)?((?:19|20)\d{2})/.exec(text);
  if (year) {
    const y = Number(year[1]);
    return clampPeriod(utcDay(y, 0, 1), utcDay(y, 11, 31), now);
  }
  if (language === 'ar') {
    if (/(اجمالي|منذ البدايه|حتي الان)/.test(text)) return null;
    const found = AR_PERIODS.find(([pattern]) => pattern.test(text));
    return found ? clampPeriod(found[1](now).from, found[1](now).to, now) : null;
  }
  if (/\b(en total|desde siempre|hasta ahora|hasta la fecha|de siempre)\b/.test(text)) return null;
  if (!ES_DATE_WORDS.test(text)) return null;
  const quick = commonPeriodEs(text, now);
  if (quick !== undefined) return quick && clampPeriod(quick.from, quick.to, now);
  return chronoPeriod(
    chrono.es.parse(question, { instant: now, timezone: 'UTC' }, { forwardDate: false }),
    now,
    /\bdesde\b/.test(text),
  );
}

/**
 * The period a question names, in UTC days, never past `now`: "last month" is that calendar month,
 * "this year" January 1 to today, "last week" the last Monday-to-Sunday week, "past 30 days" and
 * "since February 1" run to today, "between A and B" from A to B, "in 2025" that year.
 */
export function periodOf(question: string, now: Date, language: AssistantLanguage = 'en'): Period | null {
  if (language !== 'en') return periodIn(question, now, language);
  const clamp = (from: Date, to: Date) => clampPeriod(from, to, now);
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
  return chronoPeriod(results, now, /\bsince\b/i.test(question));
}

/** The period chrono-node found: a range, a date "since" which runs to today, a week, a day, a month or a year. */
function chronoPeriod(results: chrono.ParsedResult[], now: Date, since: boolean): Period | null {
  const clamp = (from: Date, to: Date) => clampPeriod(from, to, now);
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
  if (/\b(past|last|previous)\s+\d+\s+(days?|weeks?|months?)\b/i.test(first.text) || since) {
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
export function matchQuestion(question: string, now: Date, language: AssistantLanguage = 'en'): Match {
  const triggers = TRIGGERS[language];
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
  // Only earnings (and money that came in) have a period.
  const period = intent === 'earnings' || intent === 'balance' ? periodOf(question, now, language) : null;
  // A period on a question about money that came in is a question about earnings in that period.
  return { kind: 'data', intent: period && intent === 'balance' ? 'earnings' : intent, period };
}
