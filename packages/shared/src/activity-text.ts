import type { ActivityType } from './schemas/activity';
import type { ActivityDetail } from './schemas/activity';
import { EXIT_FEE_ENTRY_KIND, FORFEIT_ENTRY_KIND } from './constants';

/**
 * An Activity row's description in the member's language, from its type and detail (decision 158):
 * the API's CSV, the monthly statement and the web page all say the same words. Plan and goal names
 * are the member's or the catalogue's own names, shown as they are.
 */
export type ActivityLanguage = 'en' | 'es' | 'ar';

export interface DescribableActivity {
  type: ActivityType;
  detail: ActivityDetail;
}

interface Texts {
  deposit: (method: string, reference: string) => string;
  methods: Record<string, string>;
  withdrawal: (method: string | null) => string;
  withdrawalReleased: string;
  investment: (plan: string) => string;
  renewal: (plan: string) => string;
  maturity: (plan: string) => string;
  planWithdrawal: (plan: string) => string;
  planExit: (plan: string) => string;
  planExitRestated: (plan: string) => string;
  exitFee: (plan: string) => string;
  earning: (plan: string) => string;
  forfeit: (plan: string) => string;
  reinvestment: (plan: string) => string;
  goalContribution: (goal: string) => string;
  loanDisbursed: (plan: string) => string;
  instalment: (n: number) => string;
  instalmentPart: (n: number) => string;
  earlyRepayment: string;
  points: string;
  refund: (reference: string) => string;
  adjustment: string;
}

const TEXTS: Record<ActivityLanguage, Texts> = {
  en: {
    deposit: (method, reference) => `Deposit via ${method} (${reference})`,
    methods: { bank_transfer: 'Bank Transfer', coinpayment: 'CoinPayments', nowpayment: 'NOWPayments' },
    withdrawal: (method) =>
      method === 'bank_transfer' ? 'Withdrawal by bank transfer' : 'Withdrawal to crypto wallet',
    withdrawalReleased: 'Withdrawal returned to your balance',
    investment: (plan) => `Invested in ${plan}`,
    renewal: (plan) => `Earnings renewed into ${plan}`,
    maturity: (plan) => `Principal returned: ${plan} matured`,
    planWithdrawal: (plan) => `Principal returned: withdrawn from ${plan}`,
    planExit: (plan) => `Principal returned: left ${plan} early`,
    planExitRestated: (plan) => `Rest of principal returned: early exit from ${plan} restated`,
    exitFee: (plan) => `Early exit penalty: ${plan}`,
    earning: (plan) => `Earning: ${plan}`,
    forfeit: (plan) => `Earnings given up: left ${plan} early`,
    reinvestment: (plan) => `Earning reinvested: ${plan}`,
    goalContribution: (goal) => `Goal contribution: ${goal}`,
    loanDisbursed: (plan) => `Loan disbursed: ${plan}`,
    instalment: (n) => `Loan instalment ${n} paid`,
    instalmentPart: (n) => `Part of loan instalment ${n} paid`,
    earlyRepayment: 'Loan repaid early',
    points: 'Loyalty points redeemed',
    refund: (reference) => `Taken back for reversed deposit ${reference}`,
    adjustment: 'Balance adjustment',
  },
  es: {
    deposit: (method, reference) => `Depósito por ${method} (${reference})`,
    methods: {
      bank_transfer: 'transferencia bancaria',
      coinpayment: 'CoinPayments',
      nowpayment: 'NOWPayments',
    },
    withdrawal: (method) =>
      method === 'bank_transfer' ? 'Retiro por transferencia bancaria' : 'Retiro a billetera cripto',
    withdrawalReleased: 'Retiro devuelto a tu saldo',
    investment: (plan) => `Inversión en ${plan}`,
    renewal: (plan) => `Ganancias renovadas en ${plan}`,
    maturity: (plan) => `Capital devuelto: ${plan} venció`,
    planWithdrawal: (plan) => `Capital devuelto: retirado de ${plan}`,
    planExit: (plan) => `Capital devuelto: salida anticipada de ${plan}`,
    planExitRestated: (plan) => `Resto del capital devuelto: salida anticipada de ${plan} reexpresada`,
    exitFee: (plan) => `Penalización por salida anticipada: ${plan}`,
    earning: (plan) => `Ganancia: ${plan}`,
    forfeit: (plan) => `Ganancias a las que se renunció: salida anticipada de ${plan}`,
    reinvestment: (plan) => `Ganancia reinvertida: ${plan}`,
    goalContribution: (goal) => `Aporte a la meta: ${goal}`,
    loanDisbursed: (plan) => `Préstamo desembolsado: ${plan}`,
    instalment: (n) => `Cuota ${n} del préstamo pagada`,
    instalmentPart: (n) => `Pago parcial de la cuota ${n} del préstamo`,
    earlyRepayment: 'Préstamo pagado por adelantado',
    points: 'Puntos de fidelidad canjeados',
    refund: (reference) => `Retenido por el depósito revertido ${reference}`,
    adjustment: 'Ajuste de saldo',
  },
  ar: {
    deposit: (method, reference) => `إيداع عبر ${method} (${reference})`,
    methods: { bank_transfer: 'تحويل بنكي', coinpayment: 'CoinPayments', nowpayment: 'NOWPayments' },
    withdrawal: (method) => (method === 'bank_transfer' ? 'سحب عبر تحويل بنكي' : 'سحب إلى محفظة عملات مشفرة'),
    withdrawalReleased: 'أُعيد مبلغ السحب إلى رصيدك',
    investment: (plan) => `استثمار في ${plan}`,
    renewal: (plan) => `أرباح جُدِّدت في ${plan}`,
    maturity: (plan) => `إعادة رأس المال: استحقت خطة ${plan}`,
    planWithdrawal: (plan) => `إعادة رأس المال: سحب من ${plan}`,
    planExit: (plan) => `إعادة رأس المال: خروج مبكر من ${plan}`,
    planExitRestated: (plan) => `إعادة باقي رأس المال: إعادة عرض الخروج المبكر من ${plan}`,
    exitFee: (plan) => `غرامة الخروج المبكر: ${plan}`,
    earning: (plan) => `أرباح: ${plan}`,
    forfeit: (plan) => `أرباح متنازل عنها: خروج مبكر من ${plan}`,
    reinvestment: (plan) => `أرباح أعيد استثمارها: ${plan}`,
    goalContribution: (goal) => `مساهمة في الهدف: ${goal}`,
    loanDisbursed: (plan) => `صرف القرض: ${plan}`,
    instalment: (n) => `دُفع القسط ${n} من القرض`,
    instalmentPart: (n) => `دُفع جزء من القسط ${n} من القرض`,
    earlyRepayment: 'سُدد القرض مبكرًا',
    points: 'استُبدلت نقاط الولاء',
    refund: (reference) => `اقتُطع للإيداع الملغى ${reference}`,
    adjustment: 'تسوية الرصيد',
  },
};

/** The member's language if it is one of ours, else English. */
export function activityLanguage(language: string | null | undefined): ActivityLanguage {
  const code = (language ?? 'en').slice(0, 2);
  return code === 'es' || code === 'ar' ? code : 'en';
}

/** A row's description in `language` (en, es or ar; anything else reads English). */
export function describeActivity(row: DescribableActivity, language: string = 'en'): string {
  const t = TEXTS[activityLanguage(language)];
  const { detail } = row;
  const plan = detail.plan ?? '';
  switch (row.type) {
    case 'deposit':
      return t.deposit(t.methods[detail.method ?? ''] ?? t.methods.nowpayment!, detail.reference ?? '');
    case 'withdrawal':
      return detail.kind === 'withdrawal_released' ? t.withdrawalReleased : t.withdrawal(detail.method);
    case 'investment':
      if (detail.kind === 'plan_renewal') return t.renewal(plan);
      return detail.goal === null ? t.investment(plan).trimEnd() : t.goalContribution(detail.goal);
    case 'principal_returned':
      if (detail.kind === 'plan_maturity') return t.maturity(plan);
      if (detail.kind === EXIT_FEE_ENTRY_KIND) return t.exitFee(plan);
      if (detail.kind !== 'plan_exit') return t.planWithdrawal(plan);
      return detail.restated ? t.planExitRestated(plan) : t.planExit(plan);
    case 'earning':
      return detail.kind === FORFEIT_ENTRY_KIND ? t.forfeit(plan) : t.earning(plan);
    case 'reinvestment':
      return t.reinvestment(plan);
    case 'loan_disbursement':
      return t.loanDisbursed(plan);
    case 'loan_payment':
      if (detail.instalment === null) return t.earlyRepayment;
      return detail.part_payment ? t.instalmentPart(detail.instalment) : t.instalment(detail.instalment);
    case 'points_conversion':
      return t.points;
    case 'deposit_refund':
      return t.refund(detail.reference ?? '').trimEnd();
    default:
      // A balance correction (decision 182) carries the reason its member may read.
      return detail.reference ? `${t.adjustment}: ${detail.reference}` : t.adjustment;
  }
}
