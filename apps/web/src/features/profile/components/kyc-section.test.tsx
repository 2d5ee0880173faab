import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '#i18n/index';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { KycSection } from './kyc-section';

const STATE = {
  status: 'rejected',
  document_type: 'passport',
  document_expires_on: null,
  reason: 'The photo is blurred.',
  submitted_at: '2026-03-02T09:00:00.000Z',
  decided_at: '2026-03-02T10:00:00.000Z',
  drafts: [],
  withdrawal_limit: { threshold: 50 },
};

describe('Identity verification on the profile', () => {
  it('shows the reason and the limit, uploads a file as the raw body and shows the server’s field errors', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    const server = fakeApi({
      'GET /api/kyc': () => json({ kyc: STATE }),
      'POST /api/kyc/documents/identity_front': () =>
        json({
          message: 'Document uploaded.',
          document: {
            id: 1,
            side: 'identity_front',
            mime: 'image/png',
            size: 3,
            created_at: STATE.submitted_at,
          },
        }),
      'POST /api/kyc/submit': () =>
        json(
          {
            message: 'Upload a proof of address.',
            code: 'VALIDATION_FAILED',
            errors: { proof_of_address: ['Upload a proof of address.'] },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderScreen('/profile', <KycSection />);
    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText(/The photo is blurred\./)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Withdrawals above $50 need an approved identity verification. Your withdrawals under review and those paid in the last 24 hours count towards this limit.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Back of the document')).not.toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Front of the document'),
      new File([new Uint8Array([0x89, 0x50, 0x4e])], 'front.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Document uploaded.')).toBeInTheDocument();
    expect(server.to('POST /api/kyc/documents/identity_front')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findAllByText('Upload a proof of address.')).not.toHaveLength(0);
    expect(server.to('POST /api/kyc/submit')[0]?.body).toEqual({
      document_type: 'passport',
      document_expires_on: null,
    });
  });

  it.each([
    [
      'es',
      'Los retiros superiores a 5000 US$ requieren una verificación de identidad aprobada. Sus retiros en revisión y los pagados en las últimas 24 horas cuentan para el límite.',
    ],
    [
      'ar',
      'تتطلب عمليات السحب التي تزيد على \u20665,000 US$\u2069 تحققًا مقبولًا من الهوية. تُحتسب ضمن هذا الحد سحوباتك قيد المراجعة والسحوبات المدفوعة خلال آخر 24 ساعة.',
    ],
  ] as const)('says the limit as money in the reader’s language (%s)', async (language, limit) => {
    await i18n.changeLanguage(language);
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({ 'GET /api/kyc': () => json({ kyc: { ...STATE, withdrawal_limit: { threshold: 5000 } } }) });
    renderScreen('/profile', <KycSection />);
    const notice = await screen.findByText(/5[.,]?000/);
    // Intl writes a no-break space before US$, and a right-to-left mark before Arabic amounts (each
    // Arabic amount is one left-to-right isolate: packages/shared/src/money.ts).
    expect(notice.textContent?.replace(/\u00a0/gu, ' ').replace(/\u200f/gu, '')).toBe(limit);
    expect(notice).not.toHaveTextContent('$5');
  });
});
