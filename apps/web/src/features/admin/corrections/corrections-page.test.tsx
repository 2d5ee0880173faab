import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminCorrection, CorrectionListResponse } from '@app/shared/schemas/corrections';
import { i18n } from '#i18n/index';
import { STORAGE_KEYS } from '#lib/storage';
import { USER, fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ReauthProvider } from '../components/reauth-dialog';
import { CorrectionsPage } from './corrections-page';

const ME = 3;
const base: AdminCorrection = {
  id: 11,
  user_id: 7,
  member_email: 'ada@example.com',
  direction: 'credit',
  amount: 25,
  member_reason: 'Duplicate gateway fee refunded',
  note: 'Ticket 881',
  reference: 'T-881',
  status: 'pending',
  proposed_by: 5,
  proposed_by_email: 'grace@example.com',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  entry_id: null,
  created_at: '2026-03-01T09:00:00.000Z',
};
const mine: AdminCorrection = {
  ...base,
  id: 12,
  direction: 'debit',
  amount: 4.5,
  member_reason: 'Bonus paid twice',
  reference: 'T-900',
  proposed_by: ME,
};

const list = (data: AdminCorrection[]): CorrectionListResponse => ({
  data,
  meta: { current_page: 1, total_pages: data.length ? 1 : 0, total: data.length },
});

const me = () =>
  json({ user: { ...USER, id: ME, role: 'admin', admin_role: 'finance' }, reauth_until: null });

function renderQueue(path = '/admin/corrections') {
  return renderScreen(
    path,
    <ReauthProvider>
      <CorrectionsPage />
    </ReauthProvider>,
  );
}

const card = (reference: string) => screen.getByText(reference).closest('li') as HTMLElement;

describe('the corrections queue (decision 182)', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminToken, `${ME}|admin`));
  afterEach(() => window.localStorage.clear());

  it('lists pending corrections signed, with the member, reason, proposer and age; own ones only withdraw', async () => {
    const server = fakeApi({
      'GET /api/admin/me': me,
      'GET /api/admin/corrections': () => json(list([base, mine])),
    });
    renderQueue();
    await screen.findByText('T-881');
    expect(server.to('GET /api/admin/corrections')[0]?.query.get('status')).toBe('pending');
    const other = card('T-881');
    expect(other).toHaveTextContent('+$25.00');
    expect(other).toHaveTextContent('Duplicate gateway fee refunded');
    expect(other).toHaveTextContent('grace@example.com');
    expect(other).toHaveTextContent(/waiting \d+/);
    expect(within(other).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      '/admin/members/7',
    );
    expect(within(other).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(other).getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(within(other).queryByRole('button', { name: 'Withdraw' })).toBeNull();

    await waitFor(() => expect(card('T-900')).toHaveTextContent('You'));
    const own = card('T-900');
    expect(own).toHaveTextContent('−$4.50');
    expect(within(own).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it.each([
    ['en', '+$25.00', '−$4.50', 'Post +$25.00 to the cash balance of ada@example.com?'],
    ['es', '+25,00 US$', '−4,50 US$', '¿Registrar +25,00 US$ en el saldo de efectivo de ada@example.com?'],
    // Arabic: the sign inside the number's left-to-right run, after the marks the locale gives it.
    [
      'ar',
      '\u2066\u200f\u200e+25.00 US$\u2069',
      '\u2066\u200f\u200e−4.50 US$\u2069',
      'تسجيل \u2066\u200f\u200e+25.00 US$\u2069 في الرصيد النقدي لـ ada@example.com؟',
    ],
  ] as const)(
    'signs each correction where the reader’s locale puts the sign, on the card and in the dialog (%s)',
    async (language, credit, debit, confirmText) => {
      await i18n.changeLanguage(language);
      fakeApi({
        'GET /api/admin/me': me,
        'GET /api/admin/corrections': () => json(list([base, mine])),
      });
      const user = userEvent.setup();
      renderQueue();
      await screen.findByText('T-881');
      expect(card('T-881')).toHaveTextContent(credit);
      expect(card('T-900')).toHaveTextContent(debit);
      const approve = i18n.t('admin.corrections.actions.approve');
      await user.click(within(card('T-881')).getByRole('button', { name: approve }));
      const confirm = await screen.findByRole('dialog', { name: approve });
      expect(confirm).toHaveTextContent(confirmText);
    },
  );

  it('approves after asking for the authenticator code when the server wants a recent second factor', async () => {
    let reauthed = false;
    const server = fakeApi({
      'GET /api/admin/me': me,
      'GET /api/admin/corrections': () => json(list([base])),
      'POST /api/admin/corrections/11/approve': () =>
        reauthed
          ? json({ message: 'Correction approved and posted.', correction: { ...base, status: 'approved' } })
          : json({ message: 'Confirm with your authenticator code.', code: 'REAUTH_REQUIRED' }, 403),
      'POST /api/admin/reauth': () => {
        reauthed = true;
        return json({ message: 'Confirmed.' });
      },
    });
    const user = userEvent.setup();
    renderQueue();
    await screen.findByText('T-881');
    await user.click(within(card('T-881')).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve' });
    expect(confirm).toHaveTextContent('Post +$25.00 to the cash balance of ada@example.com?');
    await user.click(within(confirm).getByRole('button', { name: 'Approve and post' }));
    const reauth = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(within(reauth).getByLabelText('Authentication code'), '123456');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Correction approved and posted.')).toBeInTheDocument();
    expect(server.to('POST /api/admin/reauth')[0]?.body).toEqual({ code: '123456' });
    expect(server.to('POST /api/admin/corrections/11/approve')).toHaveLength(2);
  });

  it('shows the server’s refusal (the proposer may not approve)', async () => {
    fakeApi({
      'GET /api/admin/me': me,
      'GET /api/admin/corrections': () => json(list([base])),
      'POST /api/admin/corrections/11/approve': () =>
        json(
          {
            message: 'A correction must be approved by a different admin than the one who proposed it.',
            code: 'FORBIDDEN',
          },
          403,
        ),
    });
    const user = userEvent.setup();
    renderQueue();
    await screen.findByText('T-881');
    await user.click(within(card('T-881')).getByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'Approve and post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A correction must be approved by a different admin than the one who proposed it.',
    );
  });

  it('rejects with a reason (asked for when empty) and withdraws an own proposal', async () => {
    const server = fakeApi({
      'GET /api/admin/me': me,
      'GET /api/admin/corrections': () => json(list([base, mine])),
      'POST /api/admin/corrections/11/reject': () =>
        json({ message: 'Correction rejected.', correction: { ...base, status: 'rejected' } }),
      'POST /api/admin/corrections/12/withdraw': () =>
        json({ message: 'Correction withdrawn.', correction: { ...mine, status: 'withdrawn' } }),
    });
    const user = userEvent.setup();
    renderQueue();
    await screen.findByText('T-881');
    await user.click(within(card('T-881')).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject' });
    await user.click(within(reject).getByRole('button', { name: 'Reject correction' }));
    expect(within(reject).getByLabelText('Reason for the decision')).toHaveAccessibleDescription(
      'Please give a reason.',
    );
    expect(server.to('POST /api/admin/corrections/11/reject')).toHaveLength(0);
    await user.type(within(reject).getByLabelText('Reason for the decision'), 'Fee was not charged twice.');
    await user.click(within(reject).getByRole('button', { name: 'Reject correction' }));
    expect(await screen.findByText('Correction rejected.')).toBeInTheDocument();
    expect(server.to('POST /api/admin/corrections/11/reject')[0]?.body).toEqual({
      reason: 'Fee was not charged twice.',
    });

    await waitFor(() =>
      expect(within(card('T-900')).getByRole('button', { name: 'Withdraw' })).toBeEnabled(),
    );
    await user.click(within(card('T-900')).getByRole('button', { name: 'Withdraw' }));
    const withdraw = await screen.findByRole('dialog', { name: 'Withdraw' });
    expect(withdraw).toHaveTextContent('Withdraw your proposal of −$4.50 for ada@example.com?');
    await user.type(within(withdraw).getByLabelText('Reason for the decision'), 'Wrong member.');
    await user.click(within(withdraw).getByRole('button', { name: 'Withdraw correction' }));
    expect(await screen.findByText('Correction withdrawn.')).toBeInTheDocument();
    expect(server.to('POST /api/admin/corrections/12/withdraw')[0]?.body).toEqual({
      reason: 'Wrong member.',
    });
  });

  it('filters by status in the URL, for one member, and says when there is none', async () => {
    const server = fakeApi({
      'GET /api/admin/me': me,
      'GET /api/admin/corrections': () => json(list([])),
    });
    const user = userEvent.setup();
    renderQueue('/admin/corrections?user_id=7');
    expect(await screen.findByText('No corrections here.')).toBeInTheDocument();
    expect(screen.getByText('Corrections of member #7 only.')).toBeInTheDocument();
    expect(server.to('GET /api/admin/corrections')[0]?.query.get('user_id')).toBe('7');
    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('status=approved'));
    await waitFor(() =>
      expect(server.to('GET /api/admin/corrections').at(-1)?.query.get('status')).toBe('approved'),
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('status=all'));
    await waitFor(() =>
      expect(server.to('GET /api/admin/corrections').at(-1)?.query.has('status')).toBe(false),
    );
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    fakeApi({
      'GET /api/admin/me': me,
      'GET /api/admin/corrections': () => (fail ? json({ message: 'Boom' }, 500) : json(list([base]))),
    });
    const user = userEvent.setup();
    renderQueue();
    expect(await screen.findByRole('alert')).toHaveTextContent('The corrections could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('T-881')).toBeInTheDocument();
  });
});
