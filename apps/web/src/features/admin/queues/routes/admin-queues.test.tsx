import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDepositDetailResponse } from '@app/shared/schemas/deposits';
import type { AdminWithdrawal, AdminWithdrawalDetailResponse } from '@app/shared/schemas/withdrawals';
import type { AdminMemberDetailResponse } from '@app/shared/schemas/admin-members';
import type { LedgerCheckResponse } from '@app/shared/schemas/ledger';
import { USER, fakeApi, hang, json } from '../../../../test/fake-api';
import { renderRoutes, renderScreen } from '../../../../test/render';
import { STORAGE_KEYS } from '#lib/storage';
import { i18n } from '#i18n/index';
import { MemberPage } from './member-page';
import { MembersPage } from './members-page';
import { QueueItemPage } from './queue-item-page';
import { QueuePage } from './queue-page';
import { ReconciliationPage } from './reconciliation-page';

const withdrawal: AdminWithdrawal = {
  id: 41,
  amount: 250,
  withdrawal_method: 'crypto',
  destination: 'bc1qexample',
  destination_full: 'bc1qexample',
  status: 'pending',
  reason: null,
  created_at: '2026-03-01T09:00:00.000Z',
  user: { id: 7, username: 'ada_l', email: 'ada@example.com' },
  decided_at: null,
  age_seconds: 7_200,
  first_approval: null,
  awaiting_second_approval: false,
};

const detail: AdminWithdrawalDetailResponse = {
  withdrawal,
  member: {
    id: 7,
    username: 'ada_l',
    email: 'ada@example.com',
    status: 'active',
    email_verified: true,
    created_at: '2026-01-01T00:00:00.000Z',
    balance: 500,
    invested: 0,
    withdrawal_hold: 250,
    loan_outstanding: 0,
    refund_debt: 70,
    total_deposit: 750,
    total_withdrawn: 0,
  },
  decision: null,
  four_eyes_threshold: 10_000,
  paid_last_day: 0,
  needs_second_approval: false,
};

const depositDetail: AdminDepositDetailResponse = {
  deposit: {
    id: 12,
    amount: 600,
    payment_method: 'bank_transfer',
    currency: 'USD',
    status: 'pending',
    reference: 'DEP-7-ABCDEF',
    credited_amount: 0,
    created_at: '2026-03-01T09:00:00.000Z',
    user: { id: 7, username: 'ada_l', email: 'ada@example.com' },
    rejection_reason: null,
    confirmed_at: null,
    age_seconds: 7_200,
    first_approval: null,
    awaiting_second_approval: false,
    bank_reference: null,
  },
  member: detail.member,
  decision: null,
  four_eyes_threshold: 10_000,
  confirmed_last_day: 0,
  needs_second_approval: false,
};

const totals = { pending_count: 3, pending_amount: 900, oldest_pending_at: '2026-03-01T09:00:00.000Z' };

describe('queue list', () => {
  it('reads its filters from the URL, asks for pending oldest first, and writes new filters to the URL', async () => {
    const server = fakeApi({
      'GET /api/admin/withdrawals': () =>
        json({ data: [withdrawal], meta: { current_page: 1, total_pages: 1, total: 1 }, totals }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/withdrawals?q=ada', <QueuePage queue="withdrawals" />);
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('2 hr')).toBeInTheDocument();
    expect(screen.getByText(/Pending in this queue: 3 · \$900\.00/)).toBeInTheDocument();
    const first = server.to('GET /api/admin/withdrawals')[0]!;
    expect(first.query.get('status')).toBe('pending');
    expect(first.query.get('q')).toBe('ada');

    await user.type(screen.getByLabelText('Smallest amount (USD)'), '100');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('min_amount=100'));
    expect(screen.getByTestId('search')).toHaveTextContent('q=ada');
    await waitFor(() =>
      expect(server.to('GET /api/admin/withdrawals').at(-1)?.query.get('min_amount')).toBe('100'),
    );
  });

  it('sorts on the server by amount or by time, keeps the sort in the URL, and says which way', async () => {
    const server = fakeApi({
      'GET /api/admin/withdrawals': () =>
        json({ data: [withdrawal], meta: { current_page: 1, total_pages: 1, total: 1 }, totals }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/withdrawals?page=2', <QueuePage queue="withdrawals" />);
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    const amount = screen.getByRole('columnheader', { name: 'Amount' });
    expect(amount).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Member' })).not.toHaveAttribute('aria-sort');

    await user.click(within(amount).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('sort=-amount'));
    expect(screen.getByTestId('search')).not.toHaveTextContent('page=2');
    expect(amount).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() =>
      expect(server.to('GET /api/admin/withdrawals').at(-1)?.query.get('sort')).toBe('-amount'),
    );
    await user.click(within(amount).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-sort', 'ascending'));
    expect(server.to('GET /api/admin/withdrawals').at(-1)?.query.get('sort')).toBe('amount');

    const age = screen.getByRole('columnheader', { name: 'Waiting / date' });
    await user.click(within(age).getByRole('button', { name: 'Waiting / date' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('sort=-created_at'));
    expect(amount).toHaveAttribute('aria-sort', 'none');
    expect(age).toHaveAttribute('aria-sort', 'descending');
  });

  it('says so when nothing matches, and offers a retry when the load fails', async () => {
    let fail = true;
    fakeApi({
      'GET /api/admin/deposits': () =>
        fail
          ? json({ message: 'boom', code: 'INTERNAL' }, 500)
          : json({ data: [], meta: { current_page: 1, total_pages: 1, total: 0 }, totals }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/deposits', <QueuePage queue="deposits" />);
    expect(await screen.findByText('The queue could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
  });
});

describe('members list', () => {
  it('searches and sorts on the server, with the search and the sort in the URL', async () => {
    const row = {
      id: 7,
      username: 'ada_l',
      email: 'ada@example.com',
      status: 'active' as const,
      referral_code: 'ADA123',
      email_verified: true,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    const server = fakeApi({
      'GET /api/admin/users': () =>
        json({ data: [row], meta: { current_page: 1, total_pages: 1, total: 1 } }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/members', <MembersPage />);
    expect(await screen.findByRole('link', { name: 'ada_l' })).toHaveAttribute('href', '/admin/members/7');
    expect(server.to('GET /api/admin/users')[0]?.query.get('sort')).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('q=ada'));

    const member = screen.getByRole('columnheader', { name: 'Member' });
    await user.click(within(member).getByRole('button', { name: 'Member' }));
    await waitFor(() => expect(member).toHaveAttribute('aria-sort', 'ascending'));
    expect(screen.getByTestId('search')).toHaveTextContent('sort=username');
    await waitFor(() => {
      const last = server.to('GET /api/admin/users').at(-1);
      expect(last?.query.get('sort')).toBe('username');
      expect(last?.query.get('q')).toBe('ada');
    });
    const joined = screen.getByRole('columnheader', { name: 'Joined' });
    await user.click(within(joined).getByRole('button', { name: 'Joined' }));
    await waitFor(() => expect(joined).toHaveAttribute('aria-sort', 'descending'));
    expect(server.to('GET /api/admin/users').at(-1)?.query.get('sort')).toBe('-created_at');
  });
});

describe('queue item', () => {
  it('rejects with a reason from the list and free text, naming the amount and the member', async () => {
    const server = fakeApi({
      'GET /api/admin/withdrawals/41': () => json(detail),
      'POST /api/admin/withdrawals/41/reject': () =>
        json({ message: 'Withdrawal rejected.', withdrawal: { ...withdrawal, status: 'rejected' } }),
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/admin/withdrawals/:id', element: <QueueItemPage queue="withdrawals" /> }],
      '/admin/withdrawals/41',
    );
    expect(await screen.findByRole('heading', { name: 'Withdrawal #41' })).toBeInTheDocument();
    // The browser tab names the request as the heading does.
    await waitFor(() => expect(document.title).toMatch(/\| Withdrawal #41$/));
    // What the member owes for a reversed deposit is beside the request (decision 155).
    expect(screen.getByText('Owed from refunds').parentElement).toHaveTextContent('$70.00');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reject $250.00 for ada_l (ada@example.com)?');
    await user.click(within(dialog).getByRole('button', { name: 'Reject with this reason' }));
    expect(within(dialog).getByText('Write the message the member will read.')).toBeInTheDocument();
    expect(server.to('POST /api/admin/withdrawals/41/reject')).toHaveLength(0);
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'unusual_activity');
    await user.type(within(dialog).getByLabelText('Message to the member'), 'Please call us.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject with this reason' }));
    expect(await screen.findByText('Withdrawal rejected.')).toBeInTheDocument();
    expect(server.to('POST /api/admin/withdrawals/41/reject')[0]?.body).toEqual({
      reason_code: 'unusual_activity',
      reason: 'Please call us.',
    });
  });

  it('shows who decided first when the decision answers 409', async () => {
    let answer: 'hang' | 'conflict' = 'hang';
    const server = fakeApi({
      'GET /api/admin/withdrawals/41': () => json(detail),
      'POST /api/admin/withdrawals/41/approve': (request, signal) =>
        answer === 'hang'
          ? hang(request, signal)
          : json(
              {
                message: 'This withdrawal is no longer pending. It was approved by grace.',
                code: 'CONFLICT',
              },
              409,
            ),
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/admin/withdrawals/:id', element: <QueueItemPage queue="withdrawals" /> }],
      '/admin/withdrawals/41',
    );
    await user.click(await screen.findByRole('button', { name: 'Approve withdrawal' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Approve $250.00 for ada_l (ada@example.com)?');
    answer = 'conflict';
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('This withdrawal is no longer pending. It was approved by grace.'),
    ).toBeInTheDocument();
    expect(server.to('POST /api/admin/withdrawals/41/approve')).toHaveLength(1);
  });

  it('keeps the button busy while the decision is in flight', async () => {
    fakeApi({
      'GET /api/admin/withdrawals/41': () => json(detail),
      'POST /api/admin/withdrawals/41/approve': hang,
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/admin/withdrawals/:id', element: <QueueItemPage queue="withdrawals" /> }],
      '/admin/withdrawals/41',
    );
    await user.click(await screen.findByRole('button', { name: 'Approve withdrawal' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Confirm/ })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('says when an approval only records the first of two: what the member was paid today counts', async () => {
    const user = userEvent.setup();
    const open = async (answer: AdminWithdrawalDetailResponse) => {
      fakeApi({ 'GET /api/admin/withdrawals/41': () => json(answer) });
      const view = renderRoutes(
        [{ path: '/admin/withdrawals/:id', element: <QueueItemPage queue="withdrawals" /> }],
        '/admin/withdrawals/41',
      );
      await user.click(await screen.findByRole('button', { name: 'Approve withdrawal' }));
      const dialog = await screen.findByRole('dialog');
      const text = dialog.textContent;
      view.unmount();
      return text;
    };
    expect(await open(detail)).not.toMatch(/second admin pays/);
    expect(await open({ ...detail, four_eyes_threshold: 200, needs_second_approval: true })).toContain(
      'Above $200: your approval is recorded and a second admin pays.',
    );
    expect(
      await open({ ...detail, four_eyes_threshold: 500, paid_last_day: 400, needs_second_approval: true }),
    ).toContain(
      'With $400.00 paid to this member in the last 24 hours, this comes to more than $500: your approval is recorded and a second admin pays.',
    );
  });

  it('says when a bank transfer takes two confirmations, and who gave the first (decision 235)', async () => {
    const user = userEvent.setup();
    const open = async (answer: AdminDepositDetailResponse) => {
      fakeApi({ 'GET /api/admin/deposits/12': () => json(answer) });
      const view = renderRoutes(
        [{ path: '/admin/deposits/:id', element: <QueueItemPage queue="deposits" /> }],
        '/admin/deposits/12',
      );
      return view;
    };
    let view = await open({
      ...depositDetail,
      four_eyes_threshold: 500,
      confirmed_last_day: 400,
      needs_second_approval: true,
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm deposit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'With $400.00 confirmed to this member in the last 24 hours, this comes to more than $500: your confirmation is recorded and a second admin credits it.',
    );
    // A first confirmation moves no money, and the dialog does not say it does.
    expect(dialog).toHaveTextContent(
      'Record your confirmation of $600.00 for ada_l (ada@example.com)? Nothing is credited until a second admin confirms.',
    );
    expect(dialog).not.toHaveTextContent('Money moves as soon as you confirm.');
    view.unmount();

    view = await open({
      ...depositDetail,
      deposit: {
        ...depositDetail.deposit,
        first_approval: { by: { id: 3, username: 'grace' }, at: '2026-03-01T10:00:00.000Z' },
        awaiting_second_approval: true,
      },
    });
    expect(
      await screen.findByText('First confirmation by grace; a different admin must confirm to credit it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Give the second confirmation' })).toBeInTheDocument();
    view.unmount();
  });

  it('confirms a bank transfer with its statement line: the bank reference and amount (decision 237)', async () => {
    const server = fakeApi({
      'GET /api/admin/deposits/12': () => json(depositDetail),
      'POST /api/admin/deposits/12/confirm': () =>
        json(
          {
            message:
              'The amount received differs from the transfer’s amount. Reject it and ask the member to request the amount they sent.',
            code: 'BUSINESS_RULE',
            errors: {
              amount_received: [
                'The amount received differs from the transfer’s amount. Reject it and ask the member to request the amount they sent.',
              ],
            },
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/admin/deposits/:id', element: <QueueItemPage queue="deposits" /> }],
      '/admin/deposits/12',
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm deposit' }));
    const dialog = await screen.findByRole('dialog');
    // The operator knows the reference is saved without its dashes and spaces (decision 237).
    expect(within(dialog).getByLabelText('Bank reference')).toHaveAccessibleDescription(
      /NY-7781 is saved as NY7781\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByLabelText('Bank reference')).toHaveAccessibleDescription(
      /Enter the bank reference from the statement\./,
    );
    expect(within(dialog).getByLabelText('Amount received')).toHaveAccessibleDescription(
      /Enter the amount from the statement\./,
    );
    expect(server.to('POST /api/admin/deposits/12/confirm')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Bank reference'), ' FT24 0091 ');
    await user.type(within(dialog).getByLabelText('Amount received'), '590.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // Refused on its field, the dialog stays open with the API's word on that field.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Amount received')).toHaveAccessibleDescription(
        /The amount received differs from the transfer’s amount\./,
      ),
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText('Bank reference')).toHaveValue(' FT24 0091 ');
    expect(server.to('POST /api/admin/deposits/12/confirm')[0]?.body).toEqual({
      bank_reference: 'FT24 0091',
      amount_received: '590.00',
    });
  });

  it('shows the bank reference a confirmed transfer rests on', async () => {
    fakeApi({
      'GET /api/admin/deposits/12': () =>
        json({
          ...depositDetail,
          deposit: {
            ...depositDetail.deposit,
            status: 'confirmed',
            credited_amount: 600,
            confirmed_at: '2026-03-01T10:00:00.000Z',
            bank_reference: 'FT240091',
          },
        }),
    });
    renderRoutes(
      [{ path: '/admin/deposits/:id', element: <QueueItemPage queue="deposits" /> }],
      '/admin/deposits/12',
    );
    const row = (await screen.findByText('Bank reference')).closest('div');
    expect(row).toHaveTextContent('FT240091');
  });

  it('says a missing item does not exist', async () => {
    fakeApi({
      'GET /api/admin/withdrawals/41': () =>
        json({ message: 'Withdrawal not found.', code: 'NOT_FOUND' }, 404),
    });
    renderRoutes(
      [{ path: '/admin/withdrawals/:id', element: <QueueItemPage queue="withdrawals" /> }],
      '/admin/withdrawals/41',
    );
    expect(await screen.findByText('This request does not exist.')).toBeInTheDocument();
  });
});

/** GET /api/admin/me of an admin of `role`. */
const adminMe = (role: 'finance' | 'support') =>
  json({ user: { ...USER, id: 3, role: 'admin', admin_role: role }, reauth_until: null });

/** Signed in to the back office (the member page reads its own role). */
const signInAdmin = () => window.localStorage.setItem(STORAGE_KEYS.adminToken, '3|admin');

/** Ada's member page as the API answers it, with the given history sections. */
function memberDetail(sections: AdminMemberDetailResponse['sections']): AdminMemberDetailResponse {
  return {
    member: {
      id: 7,
      username: 'ada_l',
      email: 'ada@example.com',
      status: 'active',
      referral_code: 'ADA123',
      email_verified: true,
      created_at: '2026-01-01T00:00:00.000Z',
      account_type: 'personal',
      business_name: null,
      business_email: null,
      language: 'en',
      currency: 'USD',
      two_factor_enabled: false,
    },
    profile: {
      country: 'GB',
      first_name: 'Ada',
      last_name: 'Lovelace',
    } as AdminMemberDetailResponse['profile'],
    money: null,
    sections,
  };
}

describe('member page', () => {
  it('keeps the open history and its page in the URL', async () => {
    const member = memberDetail(['ledger', 'sessions']);
    const ledgerPage = (page: number) =>
      json({
        section: 'ledger',
        data: [
          {
            id: `d${page}`,
            type: 'deposit',
            date: '2026-02-01T00:00:00.000Z',
            amount: 10,
            detail: {
              kind: 'deposit',
              method: 'bank_transfer',
              reference: `DEP-${page}`,
              plan: null,
              goal: null,
            },
          },
        ],
        meta: { current_page: page, total_pages: 3, total: 3 },
      });
    const server = fakeApi({
      'GET /api/admin/users/7': () => json(member),
      'GET /api/admin/users/7/ledger': (request) => ledgerPage(Number(request.query.get('page') ?? 1)),
      'GET /api/admin/users/7/sessions': () =>
        json({ section: 'sessions', data: [], meta: { current_page: 1, total_pages: 1, total: 0 } }),
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/admin/members/:id', element: <MemberPage /> }],
      '/admin/members/7?section=ledger&page=2',
    );
    expect(await screen.findByText('Deposit via Bank Transfer (DEP-2)')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ledger' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Deposit via Bank Transfer (DEP-3)')).toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent('?section=ledger&page=3');

    await user.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent('?section=sessions');
    expect(server.to('GET /api/admin/users/7/ledger').map((call) => call.query.get('page'))).toEqual([
      '2',
      '3',
    ]);
  });

  it('says each history in the reader’s words, not the API’s codes (Spanish)', async () => {
    await i18n.changeLanguage('es');
    const member = memberDetail(['security-events', 'sessions']);
    fakeApi({
      'GET /api/admin/users/7': () => json(member),
      'GET /api/admin/users/7/security-events': () =>
        json({
          section: 'security-events',
          data: [
            { id: 1, action: 'user.suspended', ip: '203.0.113.9', created_at: '2026-02-02T10:00:00.000Z' },
            { id: 2, action: 'two_factor.enabled', ip: null, created_at: '2026-02-01T10:00:00.000Z' },
          ],
          meta: { current_page: 1, total_pages: 1, total: 2 },
        }),
      'GET /api/admin/users/7/sessions': () =>
        json({
          section: 'sessions',
          data: [
            {
              id: 9,
              kind: 'member',
              ip: '198.51.100.4',
              user_agent: 'Firefox',
              created_at: '2026-02-01T10:00:00.000Z',
              last_used_at: '2026-02-01T11:00:00.000Z',
              ended_at: '2026-02-02T10:00:00.000Z',
            },
          ],
          meta: { current_page: 1, total_pages: 1, total: 1 },
        }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/members/:id', element: <MemberPage /> }], '/admin/members/7');
    expect(await screen.findByText('Suspendido por un administrador')).toBeInTheDocument();
    expect(screen.getByText('Autenticación en dos pasos activada')).toBeInTheDocument();
    expect(screen.queryByText('user.suspended')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: i18n.t('adminQueues.members.sections.sessions') }));
    expect(await screen.findByText(/^Sesión de miembro · Terminada el .+ · Firefox$/)).toBeInTheDocument();
    expect(screen.getByText('198.51.100.4')).toBeInTheDocument();
  });

  it('shows a corporate account with its business name and email', async () => {
    const base = memberDetail(['sessions']);
    const member = {
      ...base,
      member: {
        ...base.member,
        account_type: 'business' as const,
        business_name: 'Acme Ltd',
        business_email: 'billing@acme.test',
      },
    };
    fakeApi({
      'GET /api/admin/users/7': () => json(member),
      'GET /api/admin/users/7/sessions': () =>
        json({ section: 'sessions', data: [], meta: { current_page: 1, total_pages: 1, total: 0 } }),
    });
    renderRoutes([{ path: '/admin/members/:id', element: <MemberPage /> }], '/admin/members/7');
    expect(await screen.findByText('Corporate account')).toBeInTheDocument();
    expect(screen.getByText('Business Name').nextSibling).toHaveTextContent('Acme Ltd');
    expect(screen.getByText('Business Email').nextSibling).toHaveTextContent('billing@acme.test');
  });

  it('suspends with a reason and says what it did', async () => {
    signInAdmin();
    const member = memberDetail(['sessions']);
    const server = fakeApi({
      'GET /api/admin/me': () => adminMe('support'),
      'GET /api/admin/users/7': () => json(member),
      'GET /api/admin/users/7/sessions': () =>
        json({
          section: 'sessions',
          data: [],
          meta: { current_page: 1, total_pages: 1, total: 0 },
        }),
      'PATCH /api/admin/users/7': () =>
        json({
          message: 'Member suspended: every session has ended.',
          member: member.member,
          sessions_ended: 2,
        }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/members/:id', element: <MemberPage /> }], '/admin/members/7');
    expect(await screen.findByRole('heading', { name: 'ada_l' })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Fraud report.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(server.to('PATCH /api/admin/users/7')[0]?.body).toEqual({
        status: 'suspended',
        reason: 'Fraud report.',
      }),
    );
    expect(await screen.findByText('Member suspended: every session has ended.')).toBeInTheDocument();
  });

  it('removes a member’s 2FA with a reason, shows the refusal, and offers it only when 2FA is on', async () => {
    signInAdmin();
    const base = memberDetail(['sessions']);
    let twoFactor = true;
    const server = fakeApi({
      'GET /api/admin/me': () => adminMe('support'),
      'GET /api/admin/users/7': () =>
        json({ ...base, member: { ...base.member, two_factor_enabled: twoFactor } }),
      'GET /api/admin/users/7/sessions': () =>
        json({ section: 'sessions', data: [], meta: { current_page: 1, total_pages: 1, total: 0 } }),
      'POST /api/admin/users/7/reset-2fa': (request) => {
        if (server.to('POST /api/admin/users/7/reset-2fa').length === 1) {
          return json(
            { message: 'This member does not use two-factor authentication.', code: 'CONFLICT' },
            409,
          );
        }
        expect(request.body).toEqual({ reason: 'Lost phone; identity checked, ticket 4412.' });
        twoFactor = false;
        return json({
          message: 'Two-factor authentication removed: every session of the member has ended.',
          member: base.member,
          sessions_ended: 1,
        });
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/members/:id', element: <MemberPage /> }], '/admin/members/7');
    await user.click(await screen.findByRole('button', { name: 'Remove 2FA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 2FA' });
    expect(dialog).toHaveTextContent('Remove two-factor authentication from ada_l (ada@example.com)?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove 2FA' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(server.to('POST /api/admin/users/7/reset-2fa')).toHaveLength(0);

    const reason = within(dialog).getByLabelText('Reason (kept in the audit log)');
    await user.type(reason, 'Lost phone; identity checked, ticket 4412.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove 2FA' }));
    expect(
      await within(dialog).findByText('This member does not use two-factor authentication.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove 2FA' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The page is read again: 2FA is off, so the button is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove 2FA' })).not.toBeInTheDocument());
  });

  it('does not offer finance the removal of a member’s 2FA nor suspending (support’s, on the server too)', async () => {
    signInAdmin();
    const base = memberDetail(['sessions']);
    const server = fakeApi({
      'GET /api/admin/me': () => adminMe('finance'),
      'GET /api/admin/users/7': () => json({ ...base, member: { ...base.member, two_factor_enabled: true } }),
      'GET /api/admin/users/7/sessions': () =>
        json({ section: 'sessions', data: [], meta: { current_page: 1, total_pages: 1, total: 0 } }),
    });
    renderRoutes([{ path: '/admin/members/:id', element: <MemberPage /> }], '/admin/members/7');
    expect(await screen.findByRole('heading', { name: 'ada_l' })).toBeInTheDocument();
    await waitFor(() => expect(server.to('GET /api/admin/me')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Remove 2FA' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
  });
});

describe('reconciliation', () => {
  it('runs the check and shows every invariant', async () => {
    const check: LedgerCheckResponse = {
      ok: false,
      postings_sum: 0,
      unbalanced_entries: [],
      mismatched_accounts: [
        {
          account_id: 3,
          user_id: 7,
          kind: 'cash',
          cached_balance: 10.01,
          postings_balance: 10,
          problem: 'cached_balance_differs',
        },
      ],
      mismatched_points: [],
      mismatched_totals: [],
      mismatched_plan_earnings: [],
      mismatched_plan_days: [],
      mismatched_daily_earnings: [],
      mismatched_earning_totals: [],
      mismatched_loans: [],
      mismatched_loan_statuses: [],
      mismatched_goals: [],
      mismatched_goal_periods: [],
      mismatched_renewals: [],
      mismatched_queue_totals: [],
      mismatched_withdrawal_holds: [],
      mismatched_list_totals: [],
      mismatched_cash_amounts: [],
      mismatched_deposit_credits: [],
      mismatched_loan_interest: [],
      mismatched_refunds: [],
      mismatched_corrections: [{ correction_id: 41, field: 'entry', expected: 12.5, actual: 0 }],
      mismatched_principals: [],
      mismatched_cash_chain: [],
      duplicate_references: 0,
      accounts_checked: 12,
      entries_checked: 30,
      platform_accounts: [
        { kind: 'adjustments', balance: -12.5 },
        { kind: 'external', balance: -1_200 },
      ],
    };
    fakeApi({ 'GET /api/admin/ledger/check': () => json(check) });
    const user = userEvent.setup();
    renderScreen('/admin/reconciliation', <ReconciliationPage />);
    await user.click(screen.getByRole('button', { name: 'Run the ledger check' }));
    expect(await screen.findByText(/The books do not balance/)).toBeInTheDocument();
    expect(screen.getAllByText('Holds')).toHaveLength(23);
    expect(screen.getByText('Each balance after equals the one before plus the entry')).toBeInTheDocument();
    expect(screen.getByText('Entry amounts equal their cash postings')).toBeInTheDocument();
    expect(screen.getByText('Withdrawal holds equal pending withdrawals')).toBeInTheDocument();
    expect(screen.getByText('Refunds equal their postings, debts what is owed')).toBeInTheDocument();
    expect(screen.getByText('Deposits credited equal their credit entries')).toBeInTheDocument();
    expect(screen.getByText('Loan interest paid and waived equal its postings')).toBeInTheDocument();
    expect(screen.getByText('A loan is active exactly while an instalment is open')).toBeInTheDocument();
    expect(screen.getByText("Invested accounts equal the plans' principal")).toBeInTheDocument();
    expect(screen.getAllByText('1 broken')).toHaveLength(2);
    expect(screen.getByRole('table', { name: 'Mismatched accounts' })).toHaveTextContent('$10.01');
    // A broken invariant's rows, to find them by: the correction's id and its figures.
    const corrections = screen.getByText('The rows that break “Balance corrections equal their postings”');
    await user.click(corrections);
    expect(screen.getByText('correction_id: 41, field: entry, expected: 12.5, actual: 0')).toBeVisible();
    // The platform's accounts, the adjustments one the net cost of corrections (decision 182).
    expect(screen.getByText('Balance corrections (net)').nextSibling).toHaveTextContent('-$12.50');
    expect(screen.getByText('Outside world (money in and out)').nextSibling).toHaveTextContent('-$1,200.00');
  });
});
