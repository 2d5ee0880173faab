import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPlanDetail } from '@app/shared/schemas/admin-content';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { PlanEditPage } from './plan-edit-page';

const plan: AdminPlanDetail = {
  id: 7,
  name: 'Harbour 90',
  category: 'personal',
  description: '',
  apy_bps: 900,
  locked_apy_bps: 1100,
  duration_days: 90,
  exit_allowed: false,
  exit_penalty_bps: 0,
  exit_forfeit: 'none',
  min_amount: 100,
  max_amount: 10_000,
  status: 'active',
  sort_order: 0,
  created_at: '2026-03-02T09:00:00.000Z',
  updated_at: '2026-03-02T09:00:00.000Z',
  rate_notice_days: 30,
};

function renderEdit() {
  return renderRoutes(
    [
      {
        path: '/admin/plans/:id',
        element: <PlanEditPage />,
      },
      // A save leads to the list; its toast shows in the app's own container (AppProviders). A second
      // container here would share react-toastify's default id with it, and the two would steal
      // each other's toasts.
      { path: '/admin/plans', element: <p>plans</p> },
      { path: '/admin/announcements', element: <p>announcements</p> },
    ],
    '/admin/plans/7',
  );
}

describe('a plan’s rate change in the back office (decision 193)', () => {
  it('says what a new rate does before saving, and when renewals get it after', async () => {
    const server = fakeApi({
      'GET /api/admin/plans/7': () => json(plan),
      'PATCH /api/admin/plans/7': () =>
        json({
          message: 'Plan updated.',
          plan: { ...plan, apy_bps: 800 },
          rate_change: { renewals_from: '2026-04-01T09:00:00.000Z', notified: 3 },
        }),
    });
    const user = userEvent.setup();
    renderEdit();
    const rate = await screen.findByLabelText('Rate (basis points a year)');
    // "Announce a change" (decision 183) stays.
    expect(screen.getByRole('link', { name: 'Announce a change' })).toHaveAttribute(
      'href',
      '/admin/announcements?plan=7',
    );
    expect(screen.queryByText(/renewals get them from/)).not.toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '800');
    expect(screen.getByRole('status')).toHaveTextContent(
      /new investments get them at once; renewals get them from .+, after 30 days of notice\. Members holding this plan are notified\./,
    );
    // Back to the plan's rate: nothing to announce.
    await user.clear(rate);
    await user.type(rate, '900');
    expect(screen.queryByText(/renewals get them from/)).not.toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '800');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.to('PATCH /api/admin/plans/7')).toHaveLength(1));
    expect(server.to('PATCH /api/admin/plans/7')[0]?.body).toMatchObject({
      apy_bps: 800,
      locked_apy_bps: 1100,
    });
    expect(
      await screen.findByText(
        'Plan updated. Renewals get the new rates from Apr 1, 2026. Members notified: 3.',
        undefined,
        // The toast library loads on first use (decision 106): on a busy machine, more than 1 s.
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of renewals after an edit that kept the rates', async () => {
    fakeApi({
      'GET /api/admin/plans/7': () => json(plan),
      'PATCH /api/admin/plans/7': () =>
        json({ message: 'Plan updated.', plan: { ...plan, name: 'Harbour 91' }, rate_change: null }),
    });
    const user = userEvent.setup();
    renderEdit();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Harbour 91');
    expect(screen.queryByText(/renewals get them from/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Plan updated.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/Members notified/)).not.toBeInTheDocument();
  });
});
