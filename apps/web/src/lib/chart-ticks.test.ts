import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney } from '@app/shared/money';
import { moneyTicks } from './chart-ticks';

const labels = (max: number, locale = 'en-US') => {
  const { ticks, decimals } = moneyTicks(max);
  return ticks.map((tick) => formatMoney(tick, { locale, decimals }));
};

describe('money axis ticks', () => {
  it('shows cents for small figures instead of "$0, $0, $1, $1, $2"', () => {
    expect(labels(2.2)).toEqual(['$0.00', '$0.60', '$1.20', '$1.80', '$2.40']);
  });

  it('shows a plan that earned cents in cents, not "$0" on every tick', () => {
    expect(labels(0.03)).toEqual(['$0.00', '$0.01', '$0.02', '$0.03']);
    expect(labels(0.55)).toEqual(['$0.00', '$0.15', '$0.30', '$0.45', '$0.60']);
  });

  it('uses whole, round dollars for large figures', () => {
    expect(labels(1234.56)).toEqual(['$0', '$400', '$800', '$1,200', '$1,600']);
    expect(labels(250_000)).toEqual(['$0', '$80,000', '$160,000', '$240,000', '$320,000']);
  });

  it('formats the ticks in the reader’s language', () => {
    // Intl separates the amount from "US$" with a no-break space.
    expect(labels(2.2, 'es-ES').map((label) => label.replace(/\s/gu, ' '))).toEqual([
      '0,00 US$',
      '0,60 US$',
      '1,20 US$',
      '1,80 US$',
      '2,40 US$',
    ]);
  });

  it('gives $0.00 to $1.00 when there is nothing to show', () => {
    expect(labels(0)).toEqual(['$0.00', '$0.25', '$0.50', '$0.75', '$1.00']);
    expect(labels(Number.NaN)).toEqual(labels(0));
  });

  it('always starts at 0, climbs evenly, ends at or above the largest value, and never repeats a label', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_00 }), (cents) => {
        const max = cents / 100;
        const { ticks } = moneyTicks(max);
        expect(ticks[0]).toBe(0);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.length).toBeLessThanOrEqual(5);
        expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
        // Less than one step above the data: the axis fits the range.
        const step = ticks[1]! - ticks[0]!;
        expect(ticks.at(-1)! - max).toBeLessThan(step);
        const shown = labels(max);
        expect(new Set(shown).size).toBe(shown.length);
      }),
      { numRuns: 500 },
    );
  });
});
