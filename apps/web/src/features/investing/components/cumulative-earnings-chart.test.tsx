import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { i18n } from '#i18n/index';
import { fakeApi } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
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
