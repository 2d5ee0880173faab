/** The statement's own words in each language a member can choose (users.language). */
export type StatementLanguage = 'en' | 'es' | 'ar';

export interface StatementTexts {
  title: string;
  period: string;
  member: string;
  address: string;
  openingBalance: string;
  closingBalance: string;
  totals: string;
  movements: string;
  date: string;
  description: string;
  amount: string;
  balance: string;
  none: string;
  page: string;
  /** Activity types (the row's kind of movement), by type key. */
  types: Record<string, string>;
}

const en: StatementTexts = {
  title: 'Monthly statement',
  period: 'Period',
  member: 'Member',
  address: 'Address',
  openingBalance: 'Opening balance',
  closingBalance: 'Closing balance',
  totals: 'Totals by type',
  movements: 'Movements',
  date: 'Date',
  description: 'Description',
  amount: 'Amount',
  balance: 'Balance',
  none: 'No movements this month.',
  page: 'Page',
  types: {
    deposit: 'Deposit',
    withdrawal: 'Withdrawal',
    earning: 'Earning',
    points_conversion: 'Loyalty Points',
    loan_disbursement: 'Loan disbursement',
    loan_payment: 'Loan payment',
    deposit_refund: 'Deposit refund',
    investment: 'Investment',
    principal_return: 'Principal returned',
    goal_contribution: 'Goal contribution',
    adjustment: 'Adjustment',
  },
};

const es: StatementTexts = {
  title: 'Extracto mensual',
  period: 'Periodo',
  member: 'Titular',
  address: 'Dirección',
  openingBalance: 'Saldo inicial',
  closingBalance: 'Saldo final',
  totals: 'Totales por tipo',
  movements: 'Movimientos',
  date: 'Fecha',
  description: 'Descripción',
  amount: 'Importe',
  balance: 'Saldo',
  none: 'No hay movimientos este mes.',
  page: 'Página',
  types: {
    deposit: 'Depósito',
    withdrawal: 'Retiro',
    earning: 'Ganancia',
    points_conversion: 'Puntos de fidelidad',
    loan_disbursement: 'Desembolso de préstamo',
    loan_payment: 'Pago de préstamo',
    deposit_refund: 'Reembolso de depósito',
    investment: 'Inversión',
    principal_return: 'Capital devuelto',
    goal_contribution: 'Aporte a meta',
    adjustment: 'Ajuste',
  },
};

const ar: StatementTexts = {
  title: 'كشف الحساب الشهري',
  period: 'الفترة',
  member: 'العضو',
  address: 'العنوان',
  openingBalance: 'الرصيد الافتتاحي',
  closingBalance: 'الرصيد الختامي',
  totals: 'الإجماليات حسب النوع',
  movements: 'الحركات',
  date: 'التاريخ',
  description: 'الوصف',
  amount: 'المبلغ',
  balance: 'الرصيد',
  none: 'لا توجد حركات هذا الشهر.',
  page: 'صفحة',
  types: {
    deposit: 'إيداع',
    withdrawal: 'سحب',
    earning: 'أرباح',
    points_conversion: 'نقاط الولاء',
    loan_disbursement: 'صرف قرض',
    loan_payment: 'سداد قرض',
    deposit_refund: 'استرداد إيداع',
    investment: 'استثمار',
    principal_return: 'إعادة رأس المال',
    goal_contribution: 'مساهمة في هدف',
    adjustment: 'تسوية',
  },
};

const TEXTS: Record<StatementLanguage, StatementTexts> = { en, es, ar };

/** The member's language, English for any other value. */
export function statementLanguage(language: string | null | undefined): StatementLanguage {
  return language === 'es' || language === 'ar' ? language : 'en';
}

export const statementTexts = (language: StatementLanguage): StatementTexts => TEXTS[language];

/** A type's label in the language, its key when the statement has no word for it. */
export const typeLabel = (texts: StatementTexts, type: string): string => texts.types[type] ?? type;
