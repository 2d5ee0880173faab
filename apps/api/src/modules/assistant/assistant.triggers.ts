import type { AssistantLanguage } from '@app/shared';

/** What marks a question as advice, an action, a how-to, a greeting or the catalogue, per language. */

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
export const AR_START = '(?:^|\\s)';
export const AR_END = '(?=\\s|$|[؟?!.،,])';

export const TRIGGERS: Record<AssistantLanguage, Triggers> = {
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
