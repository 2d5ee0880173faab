import { ASSISTANT_MESSAGES, formatMoney, type AssistantLanguage } from '@app/shared';

/**
 * Every text of the built-in assistant's answers, per language (decision 115, "Answers in the
 * member's language"). English is the reference: its texts must not change (the tests assert them).
 * Spanish and Arabic must say everything English says. Figures are passed in as numbers and
 * formatted here with the language's locale (money with `formatMoney`, dates with one
 * Intl.DateTimeFormat per language, built once: constructing one per call was 7 % of the CPU).
 */

export type SourceKey =
  | 'dashboard'
  | 'portfolio'
  | 'activity'
  | 'withdrawals'
  | 'plans'
  | 'goals'
  | 'loans'
  | 'rewards'
  | 'contact';

/** The locale of numbers and dates per language (as the web app's lib/money.ts: Latin digits in Arabic). */
export const LOCALES: Record<AssistantLanguage, string> = {
  en: 'en-US',
  es: 'es-ES',
  ar: 'ar-u-nu-latn',
};

const DATE_FORMATS: Record<AssistantLanguage, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(LOCALES.en, { dateStyle: 'long', timeZone: 'UTC' }),
  es: new Intl.DateTimeFormat(LOCALES.es, { dateStyle: 'long', timeZone: 'UTC' }),
  ar: new Intl.DateTimeFormat(LOCALES.ar, { dateStyle: 'long', timeZone: 'UTC' }),
};

const PERCENT_FORMATS: Record<AssistantLanguage, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(LOCALES.en, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  es: new Intl.NumberFormat(LOCALES.es, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ar: new Intl.NumberFormat(LOCALES.ar, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** Formatting of one language: money (major units, USD), a YYYY-MM-DD day, a yearly rate in percent. */
export interface Formats {
  money: (major: number) => string;
  date: (isoDay: string) => string;
  percent: (percent: number) => string;
}

export function formatsFor(language: AssistantLanguage): Formats {
  const locale = LOCALES[language];
  return {
    money: (major) => formatMoney(major, { locale }),
    date: (isoDay) => DATE_FORMATS[language].format(new Date(`${isoDay}T00:00:00Z`)),
    percent: (percent) =>
      language === 'en' ? `${percent.toFixed(2)}%` : `${PERCENT_FORMATS[language].format(percent)} %`,
  };
}

export interface AssistantTexts {
  sources: Record<SourceKey, string>;
  notAdvice: string;
  unknown: string;
  greeting: string;
  advice: string;
  action: string;
  /** Lead-in of a help-center answer; the article's title and text stay as written. */
  fromHelpCenter: (title: string, text: string) => string;
  /** Said first when no help content in the member's language answered and the English one does. */
  helpInEnglish: string;
  /** Status words of deposits, withdrawals and goals; an unknown status is shown as it is. */
  statuses: Record<string, string>;
  balance: (balance: string, invested: string) => string;
  /** Said before today's balance when the question named a past day or period (no balance history is read). */
  balanceToday: (today: string, period: string) => string;
  heldForWithdrawals: (held: string) => string;
  onDay: (date: string) => string;
  fromTo: (from: string, to: string) => string;
  earnedIn: (earned: string, period: string) => string;
  totalEarnings: (earned: string) => string;
  noDeposits: string;
  depositsTotal: (total: string) => string;
  /** When the question named a period: the total is since joining (deposits are not summed per period). */
  depositsSinceJoining: (period: string, total: string) => string;
  latestDeposit: (amount: string, date: string, status: string) => string;
  noWithdrawals: string;
  withdrawalsPaid: (paid: string) => string;
  withdrawalsSinceJoining: (period: string, paid: string) => string;
  heldForRequests: (held: string) => string;
  latestWithdrawal: (amount: string, date: string, status: string) => string;
  noPlans: string;
  plansLead: (count: number, atLeast: boolean) => string;
  plan: (name: string, amount: string, rate: string, ends: string | null, earned: string) => string;
  noGoals: string;
  goal: (
    name: string,
    status: string,
    invested: string,
    earned: string,
    target: string,
    percent: number,
    by: string | null,
  ) => string;
  noLoans: string;
  loan: (
    plan: string,
    outstanding: string,
    principal: string,
    next: { amount: string; date: string } | null,
  ) => string;
  loyaltyPoints: (points: number, worth: string) => string;
  /** The open plans' minimum and rates, from the catalogue. */
  catalogue: (minimum: string, plan: string, lowest: string, highest: string) => string;
  noCatalogue: string;
}

const en: AssistantTexts = {
  sources: {
    dashboard: 'Dashboard',
    portfolio: 'My Portfolio',
    activity: 'Activity',
    withdrawals: 'Account settings: Withdrawals',
    plans: 'My Active & Completed Plans',
    goals: 'My Goals',
    loans: 'Explore: loans',
    rewards: 'Rewards Hub',
    contact: 'Help center: contact form',
  },
  notAdvice: ASSISTANT_MESSAGES.notFinancialAdvice,
  unknown:
    "I don't know the answer to that. Please ask our team through the contact form in the help center.",
  greeting:
    'Hello! I can tell you your balance, what you earned in a period, your deposits, withdrawals, plans, goals, loans and loyalty points, or find an answer in the help center.',
  advice: `I can't recommend buying or selling any asset. I can tell you about your own balance, plans and goals, or find an answer in the help center. ${ASSISTANT_MESSAGES.notFinancialAdvice}`,
  action:
    "I can't move money or change anything in your account. You can do it yourself in the member area; here is how.",
  fromHelpCenter: (title, text) => `From the help center, "${title}": ${text}`,
  helpInEnglish: 'This answer is only in English for now.',
  statuses: {
    pending: 'pending',
    confirmed: 'confirmed',
    partially_paid: 'partially paid',
    failed: 'failed',
    expired: 'expired',
    rejected: 'rejected',
    refunded: 'refunded',
    cancelled: 'cancelled',
    approved: 'approved',
    active: 'active',
    paused: 'paused',
    completed: 'completed',
  },
  balance: (balance, invested) => `Your balance is ${balance}. You have ${invested} invested in plans.`,
  balanceToday: (today, period) => `I can only give your balance as it is today, ${today}, not ${period}.`,
  heldForWithdrawals: (held) => `${held} is held for withdrawals under review.`,
  onDay: (date) => `on ${date}`,
  fromTo: (from, to) => `from ${from} to ${to}`,
  earnedIn: (earned, period) => `You earned ${earned} ${period}.`,
  totalEarnings: (earned) => `Your total earnings are ${earned}.`,
  noDeposits: 'You have not made any deposits yet.',
  depositsTotal: (total) => `Your confirmed deposits total ${total}.`,
  depositsSinceJoining: (period, total) =>
    `I can't total your deposits ${period}. Since you joined, your confirmed deposits total ${total}.`,
  latestDeposit: (amount, date, status) => `Your latest deposit: ${amount} on ${date} (${status}).`,
  noWithdrawals: 'You have not made any withdrawals yet.',
  withdrawalsPaid: (paid) => `You have been paid ${paid} in withdrawals.`,
  withdrawalsSinceJoining: (period, paid) =>
    `I can't total your withdrawals ${period}. Since you joined, you have been paid ${paid} in withdrawals.`,
  heldForRequests: (held) => `${held} is held for requests under review.`,
  latestWithdrawal: (amount, date, status) => `Your latest request: ${amount} on ${date} (${status}).`,
  noPlans: `You have no active plans. ${ASSISTANT_MESSAGES.notFinancialAdvice}`,
  plansLead: (count, atLeast) =>
    `You have ${atLeast ? `at least ${count}` : count} running plan${count === 1 ? '' : 's'}:`,
  plan: (name, amount, rate, ends, earned) =>
    `${name}: ${amount} at ${rate}, ${ends ? `ends on ${ends}` : 'flexible, no end date'}; earned ${earned} so far.`,
  noGoals: `You have no goals yet. You can create one in My Goals. ${ASSISTANT_MESSAGES.notFinancialAdvice}`,
  goal: (name, status, invested, earned, target, percent, by) =>
    `${name} (${status}): ${invested} invested and ${earned} earned of ${target}, ${percent}%${by ? `, by ${by}` : ''}.`,
  noLoans: 'You have no active loans.',
  loan: (plan, outstanding, principal, next) =>
    `${plan}: ${outstanding} of ${principal} still to repay${next ? `; next instalment ${next.amount} due on ${next.date}` : ''}.`,
  loyaltyPoints: (points, worth) =>
    `You have ${points} loyalty points, worth ${worth}. You can redeem them in the Rewards Hub once you have at least 10.`,
  catalogue: (minimum, plan, lowest, highest) =>
    `Our open investment plans start at ${minimum} (${plan}) and pay ${lowest === highest ? lowest : `from ${lowest} to ${highest}`}. ${ASSISTANT_MESSAGES.notFinancialAdvice}`,
  noCatalogue: 'No investment plan is open at the moment.',
};

const ES_NOT_ADVICE = 'Esto no es asesoramiento financiero.';

const es: AssistantTexts = {
  sources: {
    dashboard: 'Panel',
    portfolio: 'Mi cartera',
    activity: 'Actividad',
    withdrawals: 'Ajustes de la cuenta: retiros',
    plans: 'Mis planes activos y completados',
    goals: 'Mis metas',
    loans: 'Explorar: préstamos',
    rewards: 'Centro de recompensas',
    contact: 'Centro de ayuda: formulario de contacto',
  },
  notAdvice: ES_NOT_ADVICE,
  unknown:
    'No sé la respuesta a eso. Pregunta a nuestro equipo mediante el formulario de contacto del centro de ayuda.',
  greeting:
    '¡Hola! Puedo decirte tu saldo, lo que ganaste en un periodo, tus depósitos, retiros, planes, metas, préstamos y puntos de fidelidad, o buscar una respuesta en el centro de ayuda.',
  advice: `No puedo recomendar comprar ni vender ningún activo. Puedo informarte sobre tu propio saldo, tus planes y tus metas, o buscar una respuesta en el centro de ayuda. ${ES_NOT_ADVICE}`,
  action:
    'No puedo mover dinero ni cambiar nada en tu cuenta. Puedes hacerlo tú mismo en el área de miembros; así es como se hace.',
  fromHelpCenter: (title, text) => `Del centro de ayuda, «${title}»: ${text}`,
  helpInEnglish: 'No encontré la respuesta en español; esta solo está en inglés por ahora.',
  statuses: {
    pending: 'pendiente',
    confirmed: 'confirmado',
    partially_paid: 'pagado en parte',
    failed: 'fallido',
    expired: 'vencido',
    rejected: 'rechazado',
    refunded: 'reembolsado',
    cancelled: 'cancelado',
    approved: 'aprobado',
    active: 'activa',
    paused: 'en pausa',
    completed: 'completada',
  },
  balance: (balance, invested) => `Tu saldo es ${balance}. Tienes ${invested} invertidos en planes.`,
  balanceToday: (today, period) => `Solo puedo darte tu saldo de hoy, ${today}, no ${period}.`,
  heldForWithdrawals: (held) => `${held} está retenido por retiros en revisión.`,
  onDay: (date) => `el ${date}`,
  fromTo: (from, to) => `del ${from} al ${to}`,
  earnedIn: (earned, period) => `Ganaste ${earned} ${period}.`,
  totalEarnings: (earned) => `Tus ganancias totales son ${earned}.`,
  noDeposits: 'Todavía no has hecho ningún depósito.',
  depositsTotal: (total) => `Tus depósitos confirmados suman ${total}.`,
  depositsSinceJoining: (period, total) =>
    `No puedo sumar tus depósitos de un periodo concreto (${period}). Desde que te uniste, tus depósitos confirmados suman ${total}.`,
  latestDeposit: (amount, date, status) => `Tu último depósito: ${amount} el ${date} (${status}).`,
  noWithdrawals: 'Todavía no has hecho ningún retiro.',
  withdrawalsPaid: (paid) => `Se te han pagado ${paid} en retiros.`,
  withdrawalsSinceJoining: (period, paid) =>
    `No puedo sumar tus retiros de un periodo concreto (${period}). Desde que te uniste, se te han pagado ${paid} en retiros.`,
  heldForRequests: (held) => `${held} está retenido por solicitudes en revisión.`,
  latestWithdrawal: (amount, date, status) => `Tu última solicitud: ${amount} el ${date} (${status}).`,
  noPlans: `No tienes planes activos. ${ES_NOT_ADVICE}`,
  plansLead: (count, atLeast) =>
    `Tienes ${atLeast ? `al menos ${count}` : count} plan${count === 1 ? '' : 'es'} en curso:`,
  plan: (name, amount, rate, ends, earned) =>
    `${name}: ${amount} al ${rate}, ${ends ? `termina el ${ends}` : 'flexible, sin fecha de fin'}; has ganado ${earned} hasta ahora.`,
  noGoals: `Todavía no tienes metas. Puedes crear una en Mis metas. ${ES_NOT_ADVICE}`,
  goal: (name, status, invested, earned, target, percent, by) =>
    `${name} (${status}): ${invested} invertidos y ${earned} ganados de ${target}, ${percent} %${by ? `, para el ${by}` : ''}.`,
  noLoans: 'No tienes préstamos activos.',
  loan: (plan, outstanding, principal, next) =>
    `${plan}: quedan ${outstanding} de ${principal} por devolver${next ? `; próxima cuota de ${next.amount} con vencimiento el ${next.date}` : ''}.`,
  loyaltyPoints: (points, worth) =>
    `Tienes ${points} puntos de fidelidad, que valen ${worth}. Puedes canjearlos en el Centro de recompensas cuando tengas al menos 10.`,
  catalogue: (minimum, plan, lowest, highest) =>
    `Nuestros planes de inversión abiertos empiezan en ${minimum} (${plan}) y pagan ${lowest === highest ? `el ${lowest}` : `del ${lowest} al ${highest}`}. ${ES_NOT_ADVICE}`,
  noCatalogue: 'Ahora mismo no hay ningún plan de inversión abierto.',
};

const AR_NOT_ADVICE = 'هذه ليست نصيحة مالية.';

const ar: AssistantTexts = {
  sources: {
    dashboard: 'لوحة التحكم',
    portfolio: 'محفظتي',
    activity: 'النشاط',
    withdrawals: 'إعدادات الحساب: السحوبات',
    plans: 'خططي النشطة والمكتملة',
    goals: 'أهدافي',
    loans: 'استكشاف: القروض',
    rewards: 'مركز المكافآت',
    contact: 'مركز المساعدة: نموذج الاتصال',
  },
  notAdvice: AR_NOT_ADVICE,
  unknown: 'لا أعرف الإجابة عن ذلك. يُرجى سؤال فريقنا عبر نموذج الاتصال في مركز المساعدة.',
  greeting:
    'مرحبًا! يمكنني أن أخبرك برصيدك، وبما ربحته في فترة ما، وبإيداعاتك وسحوباتك وخططك وأهدافك وقروضك ونقاط الولاء، أو أن أبحث عن إجابة في مركز المساعدة.',
  advice: `لا يمكنني التوصية بشراء أي أصل أو بيعه. يمكنني أن أخبرك برصيدك وخططك وأهدافك، أو أن أبحث عن إجابة في مركز المساعدة. ${AR_NOT_ADVICE}`,
  action:
    'لا يمكنني تحويل الأموال أو تغيير أي شيء في حسابك. يمكنك القيام بذلك بنفسك في منطقة الأعضاء؛ وإليك الطريقة.',
  fromHelpCenter: (title, text) => `من مركز المساعدة، «${title}»: ${text}`,
  helpInEnglish: 'لم أجد الإجابة بالعربية؛ هذه الإجابة متوفرة بالإنجليزية فقط حاليًا.',
  statuses: {
    pending: 'قيد الانتظار',
    confirmed: 'مؤكد',
    partially_paid: 'مدفوع جزئيًا',
    failed: 'فاشل',
    expired: 'منتهي الصلاحية',
    rejected: 'مرفوض',
    refunded: 'مسترد',
    cancelled: 'ملغى',
    approved: 'موافق عليه',
    active: 'نشط',
    paused: 'متوقف مؤقتًا',
    completed: 'مكتمل',
  },
  balance: (balance, invested) => `رصيدك ${balance}. لديك ${invested} مستثمرة في الخطط.`,
  balanceToday: (today, period) => `لا يمكنني أن أعطيك إلا رصيدك اليوم، ${today}، وليس ${period}.`,
  heldForWithdrawals: (held) => `${held} محجوزة لسحوبات قيد المراجعة.`,
  onDay: (date) => `في ${date}`,
  fromTo: (from, to) => `من ${from} إلى ${to}`,
  earnedIn: (earned, period) => `ربحت ${earned} ${period}.`,
  totalEarnings: (earned) => `إجمالي أرباحك ${earned}.`,
  noDeposits: 'لم تقم بأي إيداع بعد.',
  depositsTotal: (total) => `مجموع إيداعاتك المؤكدة ${total}.`,
  depositsSinceJoining: (period, total) =>
    `لا يمكنني جمع إيداعاتك لفترة محددة (${period}). منذ انضمامك، مجموع إيداعاتك المؤكدة ${total}.`,
  latestDeposit: (amount, date, status) => `آخر إيداع لك: ${amount} في ${date} (${status}).`,
  noWithdrawals: 'لم تقم بأي سحب بعد.',
  withdrawalsPaid: (paid) => `دُفع لك ${paid} من السحوبات.`,
  withdrawalsSinceJoining: (period, paid) =>
    `لا يمكنني جمع سحوباتك لفترة محددة (${period}). منذ انضمامك، دُفع لك ${paid} من السحوبات.`,
  heldForRequests: (held) => `${held} محجوزة لطلبات قيد المراجعة.`,
  latestWithdrawal: (amount, date, status) => `آخر طلب لك: ${amount} في ${date} (${status}).`,
  noPlans: `ليست لديك خطط نشطة. ${AR_NOT_ADVICE}`,
  plansLead: (count, atLeast) =>
    `لديك ${atLeast ? `${count} خطط جارية على الأقل` : `${count} من الخطط الجارية`}:`,
  plan: (name, amount, rate, ends, earned) =>
    `${name}: ${amount} بمعدل ${rate}، ${ends ? `تنتهي في ${ends}` : 'مرنة، بلا تاريخ انتهاء'}؛ ربحت ${earned} حتى الآن.`,
  noGoals: `ليست لديك أهداف بعد. يمكنك إنشاء هدف في أهدافي. ${AR_NOT_ADVICE}`,
  goal: (name, status, invested, earned, target, percent, by) =>
    `${name} (${status}): ${invested} مستثمرة و${earned} أرباح من ${target}، ${percent}%${by ? `، بحلول ${by}` : ''}.`,
  noLoans: 'ليست لديك قروض نشطة.',
  loan: (plan, outstanding, principal, next) =>
    `${plan}: يتبقى ${outstanding} من ${principal} للسداد${next ? `؛ القسط التالي ${next.amount} مستحق في ${next.date}` : ''}.`,
  loyaltyPoints: (points, worth) =>
    `لديك ${points} من نقاط الولاء، قيمتها ${worth}. يمكنك استبدالها في مركز المكافآت عندما يكون لديك 10 نقاط على الأقل.`,
  catalogue: (minimum, plan, lowest, highest) =>
    `تبدأ خطط الاستثمار المفتوحة لدينا من ${minimum} (${plan}) وتدفع ${lowest === highest ? lowest : `من ${lowest} إلى ${highest}`}. ${AR_NOT_ADVICE}`,
  noCatalogue: 'لا توجد خطة استثمار مفتوحة حاليًا.',
};

export const TEXTS: Record<AssistantLanguage, AssistantTexts> = { en, es, ar };
