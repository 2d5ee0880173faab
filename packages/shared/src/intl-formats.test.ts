import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats';
import { NUMBER_LOCALES } from './number-locales';

const LOCALES = Object.values(NUMBER_LOCALES);

describe('Intl formatters kept for reuse', () => {
  it('gives the same formatter again for the same locale and options, another for other ones', () => {
    const percent = numberFormat('es-ES', { style: 'percent', maximumFractionDigits: 2 });
    expect(numberFormat('es-ES', { style: 'percent', maximumFractionDigits: 2 })).toBe(percent);
    expect(numberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 })).not.toBe(percent);
    expect(numberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 })).not.toBe(percent);
    expect(percent.format(0.125)).toMatch(/^12,5\s%$/u);

    const day = dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(day);
    expect(day.format(new Date('2026-03-04T23:30:00Z'))).toBe('Mar 4, 2026');
    expect(
      dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'Asia/Tokyo' }).format(
        new Date('2026-03-04T23:30:00Z'),
      ),
    ).toBe('Mar 5, 2026');
  });

  it('formats every amount and moment as a formatter built for it would, in each language', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (locale, amount, moment) => {
          const money = { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' } as const;
          expect(numberFormat(locale, money).format(amount)).toBe(
            new Intl.NumberFormat(locale, money).format(amount),
          );
          const when = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const;
          expect(dateTimeFormat(locale, when).format(moment)).toBe(
            new Intl.DateTimeFormat(locale, when).format(moment),
          );
        },
      ),
    );
  });

  it('keeps at most 64 formatters: past that it starts again, and still formats right', () => {
    const first = numberFormat('en-US', { style: 'currency', currency: 'EUR' });
    const currencies = Intl.supportedValuesOf('currency').slice(0, 80);
    for (const currency of currencies) {
      const format = numberFormat('en-US', { style: 'currency', currency });
      expect(format.format(12.5)).toBe(
        new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(12.5),
      );
    }
    const again = numberFormat('en-US', { style: 'currency', currency: 'EUR' });
    expect(again).not.toBe(first);
    expect(again.format(12.5)).toBe('€12.50');
  });
});
