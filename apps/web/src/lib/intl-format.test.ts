import { describe, expect, it } from 'vitest';
import { formatCompactMoney, formatMoney, formatWholeMoney, MISSING } from './intl-format';

const LRI = '\u2066';
const PDI = '\u2069';

describe('the public site’s money formats (decision 244)', () => {
  it('keep an Arabic amount in one left-to-right isolate, a gain’s plus inside it', () => {
    expect(formatMoney(312.4, 'USD', 'ar')).toBe(`${LRI}\u200f312.40\u00a0US$${PDI}`);
    expect(formatMoney(312.4, 'USD', 'ar', { signDisplay: 'exceptZero' })).toBe(
      `${LRI}\u200f\u200e+312.40\u00a0US$${PDI}`,
    );
    expect(formatWholeMoney(5000, 'USD', 'ar')).toBe(`${LRI}\u200f5,000\u00a0US$${PDI}`);
    expect(formatCompactMoney(1_350_000_000_000, 'USD', 'ar')).toMatch(
      new RegExp(`^${LRI}[^${LRI}${PDI}]*1\\.35[^${LRI}${PDI}]*${PDI}$`),
    );
  });

  it('leave English and Spanish amounts as Intl writes them, and a missing one a dash', () => {
    expect(formatMoney(312.4, 'USD', 'en')).toBe('$312.40');
    expect(formatMoney(312.4, 'USD', 'es', { signDisplay: 'exceptZero' })).toBe('+312,40\u00a0US$');
    expect(formatWholeMoney(5000, 'USD', 'es')).toBe('5000\u00a0US$');
    expect(formatMoney(null, 'USD', 'ar')).toBe(MISSING);
  });
});
