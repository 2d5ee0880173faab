import type { ActivityType } from '@app/shared';

/** The statement's own words in each language a member can choose (users.language). */
export type StatementLanguage = 'en' | 'es' | 'ar';

export interface StatementTexts {
  title: string;
  period: string;
  member: string;
  address: string;
  /** A corporate account's statement (decision 185): "Acme Ltd (account holder: Ana Ruiz)". */
  accountHolder: string;
  businessEmail: string;
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
  /** Activity types (the row's kind of movement), by type key, as the totals name them. */
  types: Record<ActivityType, string>;
}

const en: StatementTexts = {
  title: 'Monthly statement',
  period: 'Period',
  member: 'Member',
  address: 'Address',
  accountHolder: 'account holder',
  businessEmail: 'Business email',
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
    deposit: 'Deposits',
    withdrawal: 'Withdrawals',
    investment: 'Investments',
    principal_returned: 'Principal returned',
    earning: 'Earnings',
    reinvestment: 'Earnings reinvested',
    loan_disbursement: 'Loan disbursements',
    loan_payment: 'Loan payments',
    points_conversion: 'Loyalty Points',
    deposit_refund: 'Deposit refunds',
    adjustment: 'Adjustments',
  },
};

const es: StatementTexts = {
  title: 'Extracto mensual',
  period: 'Periodo',
  member: 'Titular',
  address: 'Dirección',
  accountHolder: 'titular de la cuenta',
  businessEmail: 'Correo de la empresa',
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
    deposit: 'Depósitos',
    withdrawal: 'Retiros',
    investment: 'Inversiones',
    principal_returned: 'Capital devuelto',
    earning: 'Ganancias',
    reinvestment: 'Ganancias reinvertidas',
    loan_disbursement: 'Desembolsos de préstamos',
    loan_payment: 'Pagos de préstamos',
    points_conversion: 'Puntos de fidelidad',
    deposit_refund: 'Reembolsos de depósitos',
    adjustment: 'Ajustes',
  },
};

const ar: StatementTexts = {
  title: 'كشف الحساب الشهري',
  period: 'الفترة',
  member: 'العضو',
  address: 'العنوان',
  accountHolder: 'صاحب الحساب',
  businessEmail: 'البريد الإلكتروني للشركة',
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
    deposit: 'الإيداعات',
    withdrawal: 'السحوبات',
    investment: 'الاستثمارات',
    principal_returned: 'رأس المال المُعاد',
    earning: 'الأرباح',
    reinvestment: 'الأرباح المعاد استثمارها',
    loan_disbursement: 'صرف القروض',
    loan_payment: 'سداد القروض',
    points_conversion: 'نقاط الولاء',
    deposit_refund: 'استردادات الإيداع',
    adjustment: 'التسويات',
  },
};

const TEXTS: Record<StatementLanguage, StatementTexts> = { en, es, ar };

/** The member's language, English for any other value. */
export function statementLanguage(language: string | null | undefined): StatementLanguage {
  return language === 'es' || language === 'ar' ? language : 'en';
}

export const statementTexts = (language: StatementLanguage): StatementTexts => TEXTS[language];

/** A type's label in the language, its key when the statement has no word for it. */
export const typeLabel = (texts: StatementTexts, type: ActivityType): string => texts.types[type];
