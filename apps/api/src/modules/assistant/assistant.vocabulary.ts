import Fuse from 'fuse.js';
import type { AssistantIntent } from '@app/shared';

/** The words each data intent is asked with, per language (decision 115), and their fuzzy index. */

export type DataIntent = Extract<
  AssistantIntent,
  'balance' | 'earnings' | 'deposits' | 'withdrawals' | 'plans' | 'goals' | 'loans' | 'loyalty_points'
>;

export const VOCABULARY: Record<DataIntent, string[]> = {
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
export const VOCABULARY_ES: Record<DataIntent, string[]> = {
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
export const VOCABULARY_AR: Record<DataIntent, string[]> = {
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
export const PRIORITY: DataIntent[] = [
  'goals',
  'loans',
  'loyalty_points',
  'plans',
  'withdrawals',
  'deposits',
  'earnings',
  'balance',
];

export const fuseOf = (vocabulary: Record<DataIntent, string[]>) =>
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
