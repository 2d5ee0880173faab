import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminCorrection } from '@app/shared/schemas/corrections';
import { i18n } from '#i18n/index';
import { STORAGE_KEYS } from '#lib/storage';
import { USER, fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ProposeCorrection } from './propose-correction';

const adminMe = (role: 'finance' | 'support' | 'superadmin') => () =>
  json({ user: { ...USER, id: 3, role: 'admin', admin_role: role }, reauth_until: null });

const proposed: AdminCorrection = {
  id: 11,
  user_id: 7,
  member_email: 'ada@example.com',
  direction: 'credit',
  amount: 25,
  member_reason: 'Duplicate gateway fee refunded',
  note: 'Ticket 881',
  reference: 'T-881',
  status: 'pending',
  proposed_by: 3,
  proposed_by_email: 'finance@example.com',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  entry_id: null,
  created_at: '2026-03-01T09:00:00.000Z',
};

function renderCard() {
  return renderScreen(
    '/admin/members/7',
    <ProposeCorrection memberId={7} memberLabel="ada_l (ada@example.com)" />,
  );
}

describe('propose a correction from the member page (decision 182)', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminToken, '3|admin'));
  afterEach(() => window.localStorage.clear());

  it('checks the fields before sending, shows the server’s field errors on their fields, then proposes', async () => {
    let answer: 'invalid' | 'ok' = 'invalid';
    const server = fakeApi({
      'GET /api/admin/me': adminMe('finance'),
      'POST /api/admin/corrections': () =>
        answer === 'invalid'
          ? json(
              {
                message: 'The given data was invalid.',
                errors: { amount: ['Amount is too large.'], reference: ['At most 500 characters.'] },
              },
              400,
            )
          : json(
              { message: 'Correction proposed: a second admin must approve it.', correction: proposed },
              201,
            ),
    });
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByRole('link', { name: "This member's corrections" })).toHaveAttribute(
      'href',
      '/admin/corrections?user_id=7',
    );
    await user.click(await screen.findByRole('button', { name: 'Propose a correction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a correction' });
    expect(dialog).toHaveTextContent('For ada_l (ada@example.com).');

    // Empty: the shared schema's messages, on their fields, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Propose correction' }));
    expect(await within(dialog).findByText('Enter an amount in dollars, e.g. 100 or 99.50.')).toBeVisible();
    expect(within(dialog).getByLabelText('Reason the member sees')).toHaveAccessibleDescription(
      'Please give the reason the member will see.',
    );
    expect(within(dialog).getByLabelText('Internal note')).toHaveAccessibleDescription(
      'Please give an internal note.',
    );
    expect(within(dialog).getByLabelText('Reference')).toHaveAccessibleDescription(
      'Please give a reference (a ticket or a gateway id).',
    );
    expect(server.to('POST /api/admin/corrections')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Amount (USD)'), '25');
    await user.type(
      within(dialog).getByLabelText('Reason the member sees'),
      'Duplicate gateway fee refunded',
    );
    await user.type(within(dialog).getByLabelText('Internal note'), 'Ticket 881');
    await user.type(within(dialog).getByLabelText('Reference'), 'T-881');
    await user.click(within(dialog).getByRole('radio', { name: /Debit/ }));
    await user.click(within(dialog).getByRole('radio', { name: /Credit/ }));

    // The server refuses two fields: each message goes on its field.
    await user.click(within(dialog).getByRole('button', { name: 'Propose correction' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Amount (USD)')).toHaveAccessibleDescription(
        'Amount is too large.',
      ),
    );
    expect(within(dialog).getByLabelText('Reference')).toHaveAccessibleDescription('At most 500 characters.');
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');

    answer = 'ok';
    await user.click(within(dialog).getByRole('button', { name: 'Propose correction' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Correction proposed: a second admin must approve it.',
    );
    expect(dialog).not.toBeInTheDocument();
    expect(server.to('POST /api/admin/corrections').at(-1)?.body).toEqual({
      user_id: 7,
      direction: 'credit',
      amount: '25',
      member_reason: 'Duplicate gateway fee refunded',
      note: 'Ticket 881',
      reference: 'T-881',
    });
    // A proposal is sent with an Idempotency-Key: a retry after a lost answer proposes once.
    const sent = server.to('POST /api/admin/corrections');
    expect(sent.at(-1)?.headers['Idempotency-Key']).toMatch(/\S{8,}/);
  });

  it('reads the amount as the operator writes numbers (Spanish: 1.250,50)', async () => {
    await i18n.changeLanguage('es');
    const server = fakeApi({
      'GET /api/admin/me': adminMe('finance'),
      'POST /api/admin/corrections': () =>
        json({ message: 'Correction proposed: a second admin must approve it.', correction: proposed }, 201),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: i18n.t('admin.corrections.form.open') }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(i18n.t('admin.corrections.form.amount')), '1.250,50');
    await user.type(
      within(dialog).getByLabelText(i18n.t('admin.corrections.form.memberReason')),
      'Tasa duplicada',
    );
    await user.type(within(dialog).getByLabelText(i18n.t('admin.corrections.form.note')), 'Ticket 9');
    await user.type(within(dialog).getByLabelText(i18n.t('admin.corrections.form.reference')), 'T-9');
    await user.click(within(dialog).getByRole('button', { name: i18n.t('admin.corrections.form.submit') }));
    await waitFor(() => expect(server.to('POST /api/admin/corrections')).toHaveLength(1));
    expect(server.to('POST /api/admin/corrections')[0]?.body).toMatchObject({ amount: '1250.50' });
  });

  it('says what went wrong when the server refuses the whole proposal', async () => {
    fakeApi({
      'GET /api/admin/me': adminMe('superadmin'),
      'POST /api/admin/corrections': () => json({ message: 'Member not found.', code: 'NOT_FOUND' }, 404),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Propose a correction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a correction' });
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '10');
    await user.type(within(dialog).getByLabelText('Reason the member sees'), 'Fee refunded');
    await user.type(within(dialog).getByLabelText('Internal note'), 'Ticket 9');
    await user.type(within(dialog).getByLabelText('Reference'), 'T-9');
    await user.click(within(dialog).getByRole('button', { name: 'Propose correction' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Member not found.');
  });

  it('is disabled, with the reason, for a role that cannot propose', async () => {
    fakeApi({ 'GET /api/admin/me': adminMe('support') });
    renderCard();
    expect(
      await screen.findByText('Only finance admins and superadmins can propose a correction.'),
    ).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Propose a correction' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Only finance admins and superadmins can propose a correction.',
    );
    expect(screen.queryByRole('link', { name: "This member's corrections" })).toBeNull();
  });
});
