import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminOverviewResponse } from '@app/shared/schemas/admin-members';
import { i18n } from '#i18n/index';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render';
import { sizeCharts, valueAxis } from '../../../../test/charts';
import { OverviewCharts } from './overview-charts';

const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
const totals = { pending_count: 0, pending_amount: 0, oldest_pending_at: null };
const overview: AdminOverviewResponse = {
  queues: { deposits: totals, withdrawals: totals, loan_applications: totals },
  deposits_per_day: days.map((day, index) => ({ day, amount: 1000 * (index + 1), count: index + 1 })),
  withdrawals_per_day: days.map((day) => ({ day, amount: 500, count: 1 })),
  new_members_per_day: days.map((day, index) => ({ day, count: index })),
  aum: { cash: 0, invested: 0, on_loan: 0, held_for_withdrawal: 0 },
  ledger: null,
};

/** Everything a screen reader could find in an element: its text, names, titles and descriptions. */
function spoken(element: Element): string {
  return [element, ...element.querySelectorAll('*')]
    .flatMap((node) => [
      node.getAttribute('aria-label'),
      node.getAttribute('title'),
      node.getAttribute('aria-description'),
      node.children.length === 0 ? node.textContent : null,
    ])
    .filter(Boolean)
    .join(' | ');
}

async function drawMoneyChart(language: string) {
  await i18n.changeLanguage(language);
  sizeCharts(600, 256);
  fakeApi({});
  renderScreen('/admin', <OverviewCharts data={overview} />);
  const chart = await screen.findByTestId('money-chart');
  await waitFor(() => expect(chart.querySelectorAll('.recharts-legend-item, li')).toHaveLength(2));
  return chart;
}

describe('the overview’s charts', () => {
  it('name the money chart’s series in the legend, in English', async () => {
    const chart = await drawMoneyChart('en');
    const items = within(chart).getAllByRole('listitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual(['Deposits', 'Withdrawals paid']);
  });

  it('say nothing in English in the Arabic legend: its swatches are decorative', async () => {
    const chart = await drawMoneyChart('ar');
    const items = within(chart).getAllByRole('listitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual(['الإيداعات', 'السحوبات المدفوعة']);
    // Recharts' own legend named each icon "<series> legend icon", in English whatever the language.
    for (const item of items) expect(spoken(item)).not.toMatch(/[A-Za-z]/);
    expect(spoken(chart)).not.toMatch(/legend icon/i);
  });

  it('put both value axes right of the plot in Arabic, each label running right, not over the plot', async () => {
    const chart = await drawMoneyChart('ar');
    const members = screen.getByTestId('members-chart');
    await waitFor(() => expect(valueAxis(members).labels.length).toBeGreaterThan(0));
    for (const { plotRight, labels } of [valueAxis(chart), valueAxis(members)]) {
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) {
        expect(label.x).toBeGreaterThanOrEqual(plotRight);
        expect(label.runs).toBe('right');
      }
    }
  });
});
