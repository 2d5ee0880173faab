import { afterEach, describe, expect, it } from 'vitest';
import { rejectionText } from '@app/shared/schemas/admin-queues';
import { i18n } from './index';
import { localRejectionReason } from './rejection-reasons';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a rejection reason in the reader’s language', () => {
  it.each([
    [
      'en',
      [
        'Funds not received — no transfer with this reference arrived',
        'Identity verification needed — send a photo of your ID',
        'Profile incomplete — add your address',
      ],
    ],
    [
      'es',
      [
        'Fondos no recibidos — no transfer with this reference arrived',
        'Se necesita verificar la identidad — send a photo of your ID',
        'Perfil incompleto — add your address',
      ],
    ],
    [
      'ar',
      [
        'لم تصل الأموال — no transfer with this reference arrived',
        'يلزم التحقق من الهوية — send a photo of your ID',
        'الملف الشخصي غير مكتمل — add your address',
      ],
    ],
  ] as const)(
    'says the label of each queue, the operator’s words as written (%s)',
    async (language, said) => {
      await i18n.changeLanguage(language);
      expect([
        localRejectionReason(
          i18n.t,
          'deposits',
          rejectionText('deposits', 'funds_not_received', 'no transfer with this reference arrived'),
        ),
        localRejectionReason(
          i18n.t,
          'withdrawals',
          rejectionText('withdrawals', 'verification_needed', 'send a photo of your ID'),
        ),
        localRejectionReason(
          i18n.t,
          'loan_applications',
          rejectionText('loan_applications', 'profile_incomplete', 'add your address'),
        ),
      ]).toEqual(said);
    },
  );

  it('says every label of every queue in Spanish and Arabic', async () => {
    for (const language of ['es', 'ar']) {
      await i18n.changeLanguage(language);
      const cases = [
        ['deposits', ['funds_not_received', 'amount_mismatch', 'reference_missing', 'sender_mismatch']],
        ['withdrawals', ['destination_invalid', 'verification_needed', 'unusual_activity']],
        ['loan_applications', ['affordability', 'account_history', 'profile_incomplete']],
      ] as const;
      for (const [queue, codes] of cases) {
        for (const code of codes) {
          const stored = rejectionText(queue, code, 'words');
          const shown = localRejectionReason(i18n.t, queue, stored);
          expect(shown, `${language} ${queue} ${code}`).not.toBe(stored);
          expect(shown).toMatch(/ — words$/u);
        }
      }
    }
  });

  it('leaves the operator’s words alone: “other”, no known label, a label in the middle, another queue’s label', async () => {
    await i18n.changeLanguage('es');
    const other = rejectionText('deposits', 'other', 'Funds not received by the bank');
    expect(other).toBe('Funds not received by the bank');
    expect(localRejectionReason(i18n.t, 'deposits', other)).toBe(other);
    expect(localRejectionReason(i18n.t, 'withdrawals', 'Please call us')).toBe('Please call us');
    const middle = 'We checked twice — Funds not received — nothing arrived';
    expect(localRejectionReason(i18n.t, 'deposits', middle)).toBe(middle);
    const elsewhere = rejectionText('deposits', 'funds_not_received', 'nothing arrived');
    expect(localRejectionReason(i18n.t, 'withdrawals', elsewhere)).toBe(elsewhere);
  });
});
