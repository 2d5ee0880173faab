import { QUEUE_REJECT_REASONS, type AdminQueue } from '@app/shared';

/**
 * The labels of the reasons an operator picks when rejecting (QUEUE_REJECT_REASONS), in the other
 * languages a member reads notices and mails in: the same words the back office shows (the web app's
 * `messages`). A stored reason is the English label, " — ", then the operator's own words, which stay
 * as written (decision 162).
 */
const LABELS: Record<'es' | 'ar', Record<AdminQueue, Record<string, string>>> = {
  es: {
    deposits: {
      funds_not_received: 'Fondos no recibidos',
      amount_mismatch: 'El importe no coincide con la transferencia',
      reference_missing: 'Referencia ausente o incorrecta',
      sender_mismatch: 'El nombre del ordenante no coincide con la cuenta',
    },
    withdrawals: {
      destination_invalid: 'Los datos de destino no son válidos',
      verification_needed: 'Se necesita verificar la identidad',
      unusual_activity: 'Actividad inusual en la cuenta',
    },
    loan_applications: {
      affordability: 'Las cuotas no serían asumibles',
      account_history: 'Historial de cuenta insuficiente',
      profile_incomplete: 'Perfil incompleto',
    },
  },
  ar: {
    deposits: {
      funds_not_received: 'لم تصل الأموال',
      amount_mismatch: 'المبلغ لا يطابق التحويل',
      reference_missing: 'المرجع مفقود أو خاطئ',
      sender_mismatch: 'اسم المرسل لا يطابق الحساب',
    },
    withdrawals: {
      destination_invalid: 'بيانات الوجهة غير صالحة',
      verification_needed: 'يلزم التحقق من الهوية',
      unusual_activity: 'نشاط غير معتاد في الحساب',
    },
    loan_applications: {
      affordability: 'لن تكون الأقساط ميسورة',
      account_history: 'سجل الحساب غير كافٍ',
      profile_incomplete: 'الملف الشخصي غير مكتمل',
    },
  },
};

const SEPARATOR = ' — ';

/**
 * A stored rejection reason in `language`: a chosen reason's English label at its start (the whole
 * text, or followed by " — ") said in that language; anything else, and the operator's words, as written.
 */
export function rejectionReasonIn(language: 'en' | 'es' | 'ar', queue: AdminQueue, text: string): string {
  if (language === 'en') return text;
  const english: Record<string, string> = QUEUE_REJECT_REASONS[queue];
  for (const [code, translated] of Object.entries(LABELS[language][queue])) {
    const label = english[code];
    if (!label) continue;
    if (text === label) return translated;
    if (text.startsWith(label + SEPARATOR)) return translated + text.slice(label.length);
  }
  return text;
}
