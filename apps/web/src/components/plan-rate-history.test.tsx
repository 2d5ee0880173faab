import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlanRateHistory as History } from '@app/shared/schemas/investing';
import { fakeApi, json } from '../test/fake-api';
import { renderScreen } from '../test/render';
import { sizeCharts, timeAxisLabels, valueAxis } from '../test/charts';
import { i18n } from '#i18n/index';
import { PlanRateChart } from './plan-rate-chart';
import { PlanRateHistory } from './plan-rate-history';

const history: History = [
  { date: '2026-01-05T09:00:00.000Z', apy_bps: 1200, locked_apy_bps: 1500, renewals_from: null },
  {
    date: '2026-02-10T09:00:00.000Z',
    apy_bps: 1000,
    locked_apy_bps: 1300,
    renewals_from: '2026-03-12T09:00:00.000Z',
  },
];

describe('a plan’s rate history (decision 193)', () => {
  it('fetches nothing until opened, then draws the chart with the figures as a table', async () => {
    const server = fakeApi({ 'GET /api/plans/7/rates': () => json(history) });
    const user = userEvent.setup();
    renderScreen('/plans', <PlanRateHistory planId={7} planName="Growth" />);
    const toggle = await screen.findByText('Rate history');
    expect(server.to('GET /api/plans/7/rates')).toHaveLength(0);
    expect(toggle.closest('summary')).toHaveAccessibleName('Rate history of Growth');

    await user.click(toggle);
    expect(await screen.findByTestId('plan-rate-chart')).toHaveAttribute('aria-hidden', 'true');
    expect(server.to('GET /api/plans/7/rates')).toHaveLength(1);
    expect(
      screen.getByText('10% since Feb 10, 2026; it was 12% on Jan 5, 2026.', { exact: false }),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: 'Rate history of Growth' });
    const rows = within(table).getAllByRole('row');
    // Newest first: the change, then the opening rates.
    expect(rows[1]).toHaveTextContent('Feb 10, 2026' + '10%' + '13%' + 'Mar 12, 2026');
    expect(rows[2]).toHaveTextContent('Jan 5, 2026' + '12%' + '15%' + 'When the plan opened');
  });

  it('shows an error with Retry when the history cannot be loaded, and loads it on Retry', async () => {
    let fail = true;
    fakeApi({
      'GET /api/plans/7/rates': () =>
        fail ? json({ message: 'Server error.', code: 'INTERNAL' }, 500) : json(history.slice(0, 1)),
    });
    const user = userEvent.setup();
    renderScreen('/plans', <PlanRateHistory planId={7} planName="Growth" />);
    await user.click(await screen.findByText('Rate history'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The rate history could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('12% since Jan 5, 2026.')).toBeInTheDocument();
  });

  it('says when renewals get a change still ahead', () => {
    fakeApi({});
    renderScreen(
      '/plans',
      <PlanRateChart
        title="Rate history of Starter"
        now={new Date('2026-03-01T00:00:00Z')}
        points={[
          { date: '2026-01-05T09:00:00.000Z', apy_bps: 800, locked_apy_bps: 800, renewals_from: null },
          {
            date: '2026-02-20T09:00:00.000Z',
            apy_bps: 750,
            locked_apy_bps: 750,
            renewals_from: '2026-03-22T09:00:00.000Z',
          },
        ]}
      />,
    );
    expect(screen.getByText(/Renewals get 7\.5% from Mar 22, 2026\./)).toBeInTheDocument();
  });
});

describe('a plan’s rate chart', () => {
  const yearLong: History = [
    { date: '2026-01-05T09:00:00.000Z', apy_bps: 1200, locked_apy_bps: 1200, renewals_from: null },
    { date: '2026-12-10T09:00:00.000Z', apy_bps: 1000, locked_apy_bps: 1000, renewals_from: null },
  ];

  /** The chart, drawn: its two dates on the time axis. */
  async function drawnChart() {
    const chart = await screen.findByTestId('plan-rate-chart');
    await waitFor(() => expect(timeAxisLabels(chart)).toHaveLength(2));
    return chart;
  }

  it('names each month with its full year: "Dec 26" would read as a day', async () => {
    sizeCharts(600, 128);
    fakeApi({});
    renderScreen('/plans', <PlanRateChart title="Rate history of Growth" points={yearLong} />);
    expect(timeAxisLabels(await drawnChart())).toEqual(['Jan 2026', 'Dec 2026']);
  });

  it('does so in Spanish and in Arabic', async () => {
    sizeCharts(600, 128);
    await i18n.changeLanguage('es');
    fakeApi({});
    const { unmount } = renderScreen('/plans', <PlanRateChart title="Tasas" points={yearLong} />);
    expect(timeAxisLabels(await drawnChart())).toEqual(['ene 2026', 'dic 2026']);
    unmount();

    await i18n.changeLanguage('ar');
    renderScreen('/plans', <PlanRateChart title="المعدلات" points={yearLong} />);
    expect(timeAxisLabels(await drawnChart())).toEqual(['يناير 2026', 'ديسمبر 2026']);
  });

  it('puts the rates right of the plot in Arabic, each label running right, not over the plot', async () => {
    sizeCharts(600, 128);
    await i18n.changeLanguage('ar');
    fakeApi({});
    renderScreen('/plans', <PlanRateChart title="المعدلات" points={yearLong} />);
    const { plotRight, labels } = valueAxis(await drawnChart());
    expect(labels.map((label) => label.text)).toContain('12\u200e%\u200e');
    for (const label of labels) {
      expect(label.x).toBeGreaterThanOrEqual(plotRight);
      expect(label.runs).toBe('right');
    }
  });
});
