import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserPlan } from '@app/shared/schemas/investing';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { memberPlan } from '../../../test/catalogue';
import { renderScreen } from '../../../test/render';
import { PortfolioPage } from '../routes/portfolio-page';

/** $10,000 at 13% APR with 180 accrual days to its maturity (decision 192's figures). */
const PLAN: UserPlan = memberPlan({
  id: 9,
  amount: 10_000,
  apy_bps: 1300,
  locked_apy_bps: 1400,
  rate_bps: 1300,
  change: '+13.00%',
  next_accrual_at: '2026-03-05T00:00:00.000Z',
  accrued_days: 2,
  earned: 7.12,
  compounded_apy_bps: 1388,
  projection: { days: 180, at_maturity: true, paid_out: 10_641.1, reinvested: 10_661.97 },
});

const list = (plan: UserPlan) => json({ data: [plan], meta: { current_page: 1, total_pages: 1, total: 1 } });

describe('Compounding on My Portfolio (decision 192)', () => {
  it('shows the APY beside the APR, both projections, and turns reinvesting on', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let current = PLAN;
    const server = fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/pp': () => list(current),
      'GET /api/portfolio/earnings': () => json({ data: [], total: 0 }),
      'PUT /api/pp/9/compounding': () => {
        current = { ...PLAN, reinvest: true };
        return json({ message: 'Earnings will be reinvested from the next daily accrual.', plan: current });
      },
    });
    const user = userEvent.setup();
    renderScreen('/my-portfolio', <PortfolioPage />);
    const card = within((await screen.findByRole('heading', { name: 'Growth' })).closest('li')!);
    expect(card.getByText('Rate').nextSibling).toHaveTextContent('13% APR13.88% APY');
    const panel = within(card.getByTestId('compounding-panel'));
    expect(panel.getByText('Projected value at maturity (in 180 days)')).toBeInTheDocument();
    expect(panel.getByTestId('projection-paid-out')).toHaveTextContent('$10,641.10');
    expect(panel.getByTestId('projection-reinvested')).toHaveTextContent('$10,661.97');
    const toggle = panel.getByRole('switch', { name: 'Reinvest earnings' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription("Off: each day's earning is paid to your balance.");

    await user.click(toggle);
    await waitFor(() => expect(server.to('PUT /api/pp/9/compounding')).toHaveLength(1));
    expect(server.to('PUT /api/pp/9/compounding')[0]?.body).toEqual({ reinvest: true });
    await waitFor(() => expect(panel.getByRole('switch', { name: 'Reinvest earnings' })).toBeChecked());
    expect(panel.getByRole('switch')).toHaveAccessibleDescription(
      "On: each day's earning is added to this plan's principal.",
    );
  });

  it('says why a switch failed', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/pp': () => list(PLAN),
      'GET /api/portfolio/earnings': () => json({ data: [], total: 0 }),
      'PUT /api/pp/9/compounding': () =>
        json(
          {
            code: 'BUSINESS_RULE',
            message: 'This plan has ended; its earnings can no longer be reinvested.',
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderScreen('/my-portfolio', <PortfolioPage />);
    const card = within((await screen.findByRole('heading', { name: 'Growth' })).closest('li')!);
    await user.click(card.getByRole('switch', { name: 'Reinvest earnings' }));
    expect(await card.findByRole('alert')).toHaveTextContent(
      'This plan has ended; its earnings can no longer be reinvested.',
    );
  });
});
