import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-text';
import { ACTIVITY_TYPES } from './constants';
import type { ActivityDetail, ActivityType } from './schemas/activity';

const detail = (values: Partial<ActivityDetail>): ActivityDetail => ({
  kind: 'x',
  method: null,
  reference: null,
  plan: null,
  instalment: null,
  goal: null,
  ...values,
});

describe('describeActivity: the words of every kind of row, in each language', () => {
  it.each<[ActivityType, Partial<ActivityDetail>, string, string, string]>([
    [
      'deposit',
      { method: 'bank_transfer', reference: 'DEP-1' },
      'Deposit via Bank Transfer (DEP-1)',
      'Depósito por transferencia bancaria (DEP-1)',
      'إيداع عبر تحويل بنكي (DEP-1)',
    ],
    [
      'deposit',
      { method: 'coinpayment', reference: 'DEP-2' },
      'Deposit via CoinPayments (DEP-2)',
      'Depósito por CoinPayments (DEP-2)',
      'إيداع عبر CoinPayments (DEP-2)',
    ],
    [
      'deposit',
      { method: 'nowpayment', reference: 'DEP-3' },
      'Deposit via NOWPayments (DEP-3)',
      'Depósito por NOWPayments (DEP-3)',
      'إيداع عبر NOWPayments (DEP-3)',
    ],
    [
      'withdrawal',
      { kind: 'withdrawal_hold', method: 'bank_transfer' },
      'Withdrawal by bank transfer',
      'Retiro por transferencia bancaria',
      'سحب عبر تحويل بنكي',
    ],
    [
      'withdrawal',
      { kind: 'withdrawal_hold', method: 'crypto' },
      'Withdrawal to crypto wallet',
      'Retiro a billetera cripto',
      'سحب إلى محفظة عملات مشفرة',
    ],
    [
      'withdrawal',
      { kind: 'withdrawal_released', method: 'crypto' },
      'Withdrawal returned to your balance',
      'Retiro devuelto a tu saldo',
      'أُعيد مبلغ السحب إلى رصيدك',
    ],
    ['investment', { plan: 'Starter' }, 'Invested in Starter', 'Inversión en Starter', 'استثمار في Starter'],
    [
      'principal_returned',
      { kind: 'plan_maturity', plan: 'Starter' },
      'Principal returned: Starter matured',
      'Capital devuelto: Starter venció',
      'إعادة رأس المال: استحقت خطة Starter',
    ],
    [
      'principal_returned',
      { kind: 'plan_withdrawal', plan: 'Starter' },
      'Principal returned: withdrawn from Starter',
      'Capital devuelto: retirado de Starter',
      'إعادة رأس المال: سحب من Starter',
    ],
    [
      'principal_returned',
      { kind: 'plan_exit', plan: 'Fixed 90' },
      'Principal returned: left Fixed 90 early',
      'Capital devuelto: salida anticipada de Fixed 90',
      'إعادة رأس المال: خروج مبكر من Fixed 90',
    ],
    [
      'principal_returned',
      { kind: 'plan_exit', plan: 'Fixed 90', restated: true },
      'Rest of principal returned: early exit from Fixed 90 restated',
      'Resto del capital devuelto: salida anticipada de Fixed 90 reexpresada',
      'إعادة باقي رأس المال: إعادة عرض الخروج المبكر من Fixed 90',
    ],
    [
      'principal_returned',
      { kind: 'plan_exit_fee', plan: 'Fixed 90' },
      'Early exit penalty: Fixed 90',
      'Penalización por salida anticipada: Fixed 90',
      'غرامة الخروج المبكر: Fixed 90',
    ],
    ['earning', { plan: 'Starter' }, 'Earning: Starter', 'Ganancia: Starter', 'أرباح: Starter'],
    [
      'earning',
      { kind: 'earning_forfeit', plan: 'Fixed 90' },
      'Earnings given up: left Fixed 90 early',
      'Ganancias a las que se renunció: salida anticipada de Fixed 90',
      'أرباح متنازل عنها: خروج مبكر من Fixed 90',
    ],
    [
      'investment',
      { plan: 'Starter', goal: 'Car' },
      'Goal contribution: Car',
      'Aporte a la meta: Car',
      'مساهمة في الهدف: Car',
    ],
    [
      'loan_disbursement',
      { plan: 'Quick Loan' },
      'Loan disbursed: Quick Loan',
      'Préstamo desembolsado: Quick Loan',
      'صرف القرض: Quick Loan',
    ],
    [
      'loan_payment',
      { instalment: 3 },
      'Loan instalment 3 paid',
      'Cuota 3 del préstamo pagada',
      'دُفع القسط 3 من القرض',
    ],
    [
      'loan_payment',
      { instalment: 3, part_payment: true },
      'Part of loan instalment 3 paid',
      'Pago parcial de la cuota 3 del préstamo',
      'دُفع جزء من القسط 3 من القرض',
    ],
    ['loan_payment', {}, 'Loan repaid early', 'Préstamo pagado por adelantado', 'سُدد القرض مبكرًا'],
    [
      'points_conversion',
      {},
      'Loyalty points redeemed',
      'Puntos de fidelidad canjeados',
      'استُبدلت نقاط الولاء',
    ],
    [
      'deposit_refund',
      { reference: 'DEP-9' },
      'Taken back for reversed deposit DEP-9',
      'Retenido por el depósito revertido DEP-9',
      'اقتُطع للإيداع الملغى DEP-9',
    ],
    ['adjustment', { kind: 'anything' }, 'Balance adjustment', 'Ajuste de saldo', 'تسوية الرصيد'],
  ])('%s %j', (type, values, en, es, ar) => {
    const row = { type, detail: detail(values) };
    expect(describeActivity(row, 'en')).toBe(en);
    expect(describeActivity(row, 'es')).toBe(es);
    expect(describeActivity(row, 'ar')).toBe(ar);
    // Any other language reads English.
    expect(describeActivity(row, 'fr')).toBe(en);
  });

  it('has words for every type, in every language', () => {
    for (const type of ACTIVITY_TYPES)
      for (const language of ['en', 'es', 'ar'])
        expect(describeActivity({ type, detail: detail({ plan: 'P', reference: 'R' }) }, language)).not.toBe(
          '',
        );
  });
});
