import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '#i18n/index';
import { fakeApi } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { sizeCharts, valueAxis } from '../../../test/charts';
import { CumulativeEarningsChart, type EarningsPoint } from './cumulative-earnings-chart';

/** An accrual day is a UTC day: a reader west of UTC sees the same day, not the one before. */

const points: EarningsPoint[] = [
  { date: '2026-03-01', amount: 1.25, cumulative: 1.25 },
  { date: '2026-03-02', amount: 1.25, cumulative: 2.5 },
];

let zone: string | undefined;
beforeEach(() => {
  zone = process.env.TZ;
  process.env.TZ = 'America/Los_Angeles';
});
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('the cumulative earnings chart west of UTC', () => {
  it('names each accrual day as the API counts it, in the summary and in the table', () => {
    fakeApi({});
    renderScreen('/portfolio', <CumulativeEarningsChart points={points} title="Cumulative earnings" />);
    expect(screen.getByText('$2.50 earned from Mar 1, 2026 to Mar 2, 2026.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Cumulative earnings' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Mar 2, 2026' + '$1.25' + '$2.50');
    expect(rows[2]).toHaveTextContent('Mar 1, 2026' + '$1.25' + '$1.25');
    expect(screen.queryByText(/Feb 28, 2026/)).not.toBeInTheDocument();
  });

  it('does so in Spanish too', async () => {
    await i18n.changeLanguage('es');
    fakeApi({});
    renderScreen('/portfolio', <CumulativeEarningsChart points={points} title="Ganancias" />);
    const rows = within(screen.getByRole('table', { name: 'Ganancias' })).getAllByRole('row');
    expect(rows[2]).toHaveTextContent(/^1 mar 2026/);
  });
});

describe('the cumulative earnings chart’s amounts', () => {
  /** The drawn chart's amounts axis, once its five ticks ($0.00 to $3.20) are there. */
  async function drawnAxis() {
    const chart = await screen.findByTestId('earnings-chart');
    await waitFor(() => expect(valueAxis(chart).labels).toHaveLength(5));
    return valueAxis(chart);
  }

  it('stand left of the plot in English, each label running left, away from it', async () => {
    sizeCharts();
    fakeApi({});
    renderScreen('/portfolio', <CumulativeEarningsChart points={points} title="Cumulative earnings" />);
    const { plotLeft, labels } = await drawnAxis();
    expect(labels.map((label) => label.text)).toEqual(['$0.00', '$0.80', '$1.60', '$2.40', '$3.20']);
    for (const label of labels) {
      expect(label.x).toBeLessThanOrEqual(plotLeft);
      expect(label.runs).toBe('left');
    }
  });

  it('stand right of the plot in Arabic, each label running right, not over the plot', async () => {
    await i18n.changeLanguage('ar');
    sizeCharts();
    fakeApi({});
    renderScreen('/portfolio', <CumulativeEarningsChart points={points} title="الأرباح" />);
    const { plotRight, labels } = await drawnAxis();
    expect(labels[4]?.text).toContain('3.20');
    for (const label of labels) {
      expect(label.x).toBeGreaterThanOrEqual(plotRight);
      // Anchored at its start, which the page's right-to-left direction would put on its right.
      expect(label.runs).toBe('right');
    }
  });
});
