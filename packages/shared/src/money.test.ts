import { describe, expect, it } from 'vitest';
import {
  MAX_AMOUNT_MAJOR,
  centsToMajor,
  divideHalfEven,
  ENGLISH_MARKS,
  formatMoney,
  isolateAmount,
  localAmountText,
  majorToCents,
  parseAmountToCents,
} from './money';

const ok = (cents: number) => ({ ok: true, cents });
const refused = (reason: string) => ({ ok: false, reason });

describe('parseAmountToCents', () => {
  it('parses whole and decimal amounts, as numbers or numeric strings, into integer cents', () => {
    expect(parseAmountToCents(12)).toEqual(ok(1200));
    expect(parseAmountToCents('12.5')).toEqual(ok(1250));
    expect(parseAmountToCents(12.5)).toEqual(ok(1250));
    expect(parseAmountToCents('12.05')).toEqual(ok(1205));
    expect(parseAmountToCents(0.01)).toEqual(ok(1));
    expect(parseAmountToCents('0.1')).toEqual(ok(10));
    expect(parseAmountToCents('00012')).toEqual(ok(1200));
  });

  it('never goes through float arithmetic: 19.99 and 0.29 are exact', () => {
    expect(parseAmountToCents(19.99)).toEqual(ok(1999));
    expect(parseAmountToCents(0.29)).toEqual(ok(29));
  });

  it('trims spaces around a string, but not inside it', () => {
    expect(parseAmountToCents(' 12.50 ')).toEqual(ok(1250));
    expect(parseAmountToCents('\t7\n')).toEqual(ok(700));
    expect(parseAmountToCents('1 000')).toEqual(refused('Amount must be a number.'));
    expect(parseAmountToCents('   ')).toEqual(refused('Amount must be a number.'));
  });

  it('refuses zero and negative amounts', () => {
    for (const input of [0, '0', '0.00', -5, '-5', '-0', -0.01, '-12.5']) {
      expect(parseAmountToCents(input)).toEqual(refused('Amount must be greater than 0.'));
    }
  });

  it('refuses more than two decimals', () => {
    expect(parseAmountToCents('1.234')).toEqual(refused('Amount may have at most 2 decimals.'));
    expect(parseAmountToCents(12.345)).toEqual(refused('Amount may have at most 2 decimals.'));
    expect(parseAmountToCents(0.1 + 0.2)).toEqual(refused('Amount may have at most 2 decimals.'));
  });

  it('accepts 1e12 and refuses anything above it', () => {
    expect(parseAmountToCents(MAX_AMOUNT_MAJOR)).toEqual(ok(MAX_AMOUNT_MAJOR * 100));
    expect(parseAmountToCents('1000000000000')).toEqual(ok(100_000_000_000_000));
    expect(parseAmountToCents(1e12 + 0.01)).toEqual(refused('Amount is too large.'));
    expect(parseAmountToCents('1000000000000.01')).toEqual(refused('Amount is too large.'));
    expect(parseAmountToCents('9999999999999')).toEqual(refused('Amount is too large.'));
    expect(parseAmountToCents(1e21).ok).toBe(false);
  });

  it('refuses what is not a plain decimal number', () => {
    for (const input of [
      NaN,
      Infinity,
      -Infinity,
      '',
      'abc',
      '12.',
      '+5',
      '1e3',
      '0x10',
      '١٢',
      null,
      undefined,
      true,
      {},
      [5],
    ]) {
      expect(parseAmountToCents(input)).toEqual(refused('Amount must be a number.'));
    }
    expect(parseAmountToCents('.5').ok).toBe(false);
    expect(parseAmountToCents(1e-7).ok).toBe(false);
  });
});

describe('localAmountText', () => {
  const SPANISH = { decimal: ',', group: '.' };

  it('reads an amount with the marks of the member’s language', () => {
    expect(localAmountText('1500,50', SPANISH)).toBe('1500.50');
    expect(localAmountText('1.500', SPANISH)).toBe('1500');
    expect(localAmountText('1.500.000,5', SPANISH)).toBe('1500000.5');
    expect(localAmountText(' 1500,50 US$ ', SPANISH)).toBe('1500.50');
    expect(localAmountText('$1,500.50', ENGLISH_MARKS)).toBe('1500.50');
    expect(localAmountText('20 000', ENGLISH_MARKS)).toBe('20000');
    expect(localAmountText('1 500,50', SPANISH)).toBe('1500.50');
    expect(localAmountText('USD 1500', ENGLISH_MARKS)).toBe('1500');
    expect(localAmountText('\u200f1,500.50 US$', ENGLISH_MARKS)).toBe('1500.50');
    expect(localAmountText('١٬٥٠٠٫٥', ENGLISH_MARKS)).toBe('1500.5');
    expect(localAmountText(',5', SPANISH)).toBe('0.5');
    expect(localAmountText('−5', ENGLISH_MARKS)).toBe('-5');
  });

  it('refuses text that could be read two ways, or is not an amount', () => {
    for (const text of ['1.50', '1500.50', '1,500.50', '1.5000', '12,5,0']) {
      expect(localAmountText(text, SPANISH)).toBeNull();
    }
    for (const text of [
      '1,50',
      '1500,50',
      '1.500,50',
      '1,5000',
      '',
      '-',
      'abc',
      '1e9',
      '+5',
      '1.2.3',
      '1 5',
      '10 0',
    ]) {
      expect(localAmountText(text, ENGLISH_MARKS)).toBeNull();
    }
  });

  it('leaves more decimals to parseAmountToCents, which says so', () => {
    expect(parseAmountToCents(localAmountText('1,500', SPANISH))).toEqual(
      refused('Amount may have at most 2 decimals.'),
    );
  });
});

describe('divideHalfEven', () => {
  it('rounds ties to the even neighbour', () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n); // 2.5 → 2
    expect(divideHalfEven(7n, 2n)).toBe(4n); // 3.5 → 4
    expect(divideHalfEven(25n, 10n)).toBe(2n);
    expect(divideHalfEven(35n, 10n)).toBe(4n);
    expect(divideHalfEven(1n, 2n)).toBe(0n);
    expect(divideHalfEven(3n, 2n)).toBe(2n);
  });

  it('rounds negative ties to the even neighbour too, whichever operand carries the sign', () => {
    expect(divideHalfEven(-5n, 2n)).toBe(-2n);
    expect(divideHalfEven(-7n, 2n)).toBe(-4n);
    expect(divideHalfEven(15n, -10n)).toBe(-2n);
    expect(divideHalfEven(-15n, -10n)).toBe(2n);
  });

  it('rounds non-ties to the nearest', () => {
    expect(divideHalfEven(1n, 3n)).toBe(0n);
    expect(divideHalfEven(2n, 3n)).toBe(1n);
    expect(divideHalfEven(-2n, 3n)).toBe(-1n);
    expect(divideHalfEven(26n, 10n)).toBe(3n);
    expect(divideHalfEven(24n, 10n)).toBe(2n);
    expect(divideHalfEven(10n, 5n)).toBe(2n);
    expect(divideHalfEven(0n, 7n)).toBe(0n);
  });

  it('refuses division by zero', () => {
    expect(() => divideHalfEven(1n, 0n)).toThrow(RangeError);
  });

  it('computes a daily accrual exactly: 10,000.00 at 8% over 365 days', () => {
    // 1_000_000 cents × 800 bps / 10_000 / 365 = 219.178… → 219
    expect(divideHalfEven(1_000_000n * 800n, 10_000n * 365n)).toBe(219n);
  });
});

describe('cents and major units', () => {
  it('round-trips every cent value without float noise', () => {
    for (const cents of [0, 1, 10, 99, 1999, 123_456_789, 100_000_000_000_000]) {
      expect(majorToCents(centsToMajor(cents))).toBe(cents);
    }
    expect(centsToMajor(1250)).toBe(12.5);
  });
});

describe('formatMoney', () => {
  it('formats each locale, currency and number of decimals with its own formatter', () => {
    // Interleaved, so a formatter kept for one combination must not answer for another.
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(1234.5, { decimals: 0 })).toBe('$1,234');
    expect(formatMoney(1234.5, { currency: 'EUR', locale: 'es-ES' })).toBe('1234,50\u00a0€');
    // A signed amount: the locale places the sign; the minus is U+2212.
    expect(formatMoney(-40, { signDisplay: 'exceptZero' })).toBe('\u2212$40.00');
    expect(formatMoney(25, { signDisplay: 'exceptZero' })).toBe('+$25.00');
    expect(formatMoney(0, { signDisplay: 'exceptZero' })).toBe('$0.00');
    expect(formatMoney(0, { signDisplay: 'always' })).toBe('+$0.00');
    expect(formatMoney(25, { locale: 'es-ES', signDisplay: 'exceptZero' })).toBe('+25,00\u00a0US$');
    expect(formatMoney(-40)).toBe('-$40.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-7, { currency: 'EUR', locale: 'en-US' })).toBe('-€7.00');
    expect(formatMoney(Number.NaN)).toBe('$0.00');
  });

  it('keeps an Arabic amount in one left-to-right isolate, so a right-to-left line cannot take it apart', () => {
    const LRI = '\u2066';
    const PDI = '\u2069';
    expect(formatMoney(5044.39, { locale: 'ar-u-nu-latn' })).toBe(`${LRI}\u200f5,044.39\u00a0US$${PDI}`);
    expect(formatMoney(-100, { locale: 'ar-u-nu-latn', signDisplay: 'exceptZero' })).toBe(
      `${LRI}\u200f\u200e\u2212100.00\u00a0US$${PDI}`,
    );
    expect(formatMoney(5044.39, { locale: 'es-ES' })).toBe('5044,39\u00a0US$');
    expect(isolateAmount('5 US$', 'he-IL')).toBe(`${LRI}5 US$${PDI}`);
    expect(isolateAmount('$5.00', 'en-US')).toBe('$5.00');
    // Copied from the page into an amount field, it still reads as the amount.
    expect(localAmountText(formatMoney(1500.5, { locale: 'ar-u-nu-latn' }), ENGLISH_MARKS)).toBe('1500.50');
  });
});
