import { describe, expect, it } from 'vitest';
import {
  durationLabel,
  labelLanguage,
  loanRateLabel,
  loanTermLabel,
  planDurationLabel,
  planYieldLabel,
  upToYieldLabel,
  yieldBasis,
  yieldBasisLabel,
} from './rate-labels';

/** The count in the digits Intl gives Arabic (Spanish percentages carry a no-break space, \u00a0). */
const arDigits = (n: number) => new Intl.NumberFormat('ar').format(n);

describe('a loan plan rate label', () => {
  it('reads as a yearly rate repaid each interval (spec §5 estimate)', () => {
    expect(loanRateLabel(1200, 'monthly', 'en')).toBe('12% a year, repaid monthly');
    expect(loanRateLabel(500, 'weekly', 'en')).toBe('5% a year, repaid weekly');
    expect(loanRateLabel(50, 'daily', 'en')).toBe('0.5% a year, repaid daily');
  });

  it('is written in Spanish and Arabic', () => {
    expect(loanRateLabel(1200, 'monthly', 'es')).toBe('12\u00a0% al año, con pagos mensuales');
    expect(loanRateLabel(50, 'daily', 'es-ES')).toBe('0,5\u00a0% al año, con pagos diarios');
    const arabic = loanRateLabel(500, 'weekly', 'ar');
    expect(arabic).toContain('سنويًا');
    expect(arabic).toContain('أسبوعيًا');
    expect(arabic).not.toMatch(/[a-z]/i);
  });

  it('reads English for a language it does not know', () => {
    expect(labelLanguage('fr')).toBe('en');
    expect(labelLanguage(undefined)).toBe('en');
    expect(loanRateLabel(1200, 'monthly', 'de')).toBe('12% a year, repaid monthly');
  });
});

describe('an investment plan yield label', () => {
  it('is APR while earnings are paid out, which every plan does without a compounding flag', () => {
    expect(yieldBasis()).toBe('apr');
    expect(yieldBasis(false)).toBe('apr');
    expect(planYieldLabel(800, 'en')).toBe('8% APR');
    expect(planYieldLabel(1250, 'en', null)).toBe('12.5% APR');
    expect(yieldBasisLabel('en')).toBe('APR');
  });

  it('is APY only when the plan compounds', () => {
    expect(yieldBasis(true)).toBe('apy');
    expect(planYieldLabel(800, 'en', true)).toBe('8% APY');
    expect(yieldBasisLabel('es', true)).toBe('TAE');
  });

  it('uses each language’s own term', () => {
    expect(planYieldLabel(800, 'es')).toBe('8\u00a0% TIN');
    expect(planYieldLabel(800, 'ar')).toContain('عائد سنوي بسيط');
    expect(upToYieldLabel(1800, 'en')).toBe('up to 18% APR');
    expect(upToYieldLabel(1800, 'es')).toBe('hasta 18\u00a0% TIN');
  });
});

describe('durations and loan terms', () => {
  it('take the plural of the count in English and Spanish', () => {
    expect(durationLabel(1, 'month', 'en')).toBe('1 month');
    expect(durationLabel(6, 'month', 'en')).toBe('6 months');
    expect(durationLabel(4, 'week', 'en')).toBe('4 weeks');
    expect(durationLabel(90, 'day', 'en')).toBe('90 days');
    expect(durationLabel(1, 'month', 'es')).toBe('1 mes');
    expect(durationLabel(12, 'month', 'es')).toBe('12 meses');
    expect(durationLabel(4, 'week', 'es')).toBe('4 semanas');
  });

  it('take the Arabic forms for 1, 2, 4 and 12 (one, two, few, many) and 100 (other)', () => {
    expect(durationLabel(1, 'month', 'ar')).toBe('شهر واحد');
    expect(durationLabel(2, 'month', 'ar')).toBe('شهران');
    expect(durationLabel(4, 'month', 'ar')).toBe(`${arDigits(4)} أشهر`);
    expect(durationLabel(12, 'month', 'ar')).toBe(`${arDigits(12)} شهرًا`);
    expect(durationLabel(100, 'month', 'ar')).toBe(`${arDigits(100)} شهر`);
    expect(durationLabel(1, 'week', 'ar')).toBe('أسبوع واحد');
    expect(durationLabel(2, 'week', 'ar')).toBe('أسبوعان');
    expect(durationLabel(4, 'week', 'ar')).toBe(`${arDigits(4)} أسابيع`);
    expect(durationLabel(12, 'week', 'ar')).toBe(`${arDigits(12)} أسبوعًا`);
    expect(durationLabel(1, 'day', 'ar')).toBe('يوم واحد');
    expect(durationLabel(2, 'day', 'ar')).toBe('يومان');
    expect(durationLabel(4, 'day', 'ar')).toBe(`${arDigits(4)} أيام`);
    expect(durationLabel(12, 'day', 'ar')).toBe(`${arDigits(12)} يومًا`);
  });

  it('reads a loan term in the plan’s interval, months when it is unknown', () => {
    expect(loanTermLabel(4, 'weekly', 'en')).toBe('4 weeks');
    expect(loanTermLabel(1, 'daily', 'en')).toBe('1 day');
    expect(loanTermLabel(12, null, 'en')).toBe('12 months');
    expect(loanTermLabel(12, 'monthly', 'ar')).toBe(`${arDigits(12)} شهرًا`);
  });

  it('reads a plan term as the spec does: Flexible, whole months, or days', () => {
    expect(planDurationLabel(null, 'en')).toBe('Flexible');
    expect(planDurationLabel(182, 'en')).toBe('6 months');
    expect(planDurationLabel(365, 'en')).toBe('12 months');
    expect(planDurationLabel(90, 'en')).toBe('90 days');
    expect(planDurationLabel(1, 'en')).toBe('1 day');
    expect(planDurationLabel(182, 'es')).toBe('6 meses');
    expect(planDurationLabel(null, 'ar')).toBe('مرن');
    expect(planDurationLabel(7, 'ar')).toBe(`${arDigits(7)} أيام`);
  });
});

describe('duration labels asked for again', () => {
  it('read the same each time, each in its own language', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(planDurationLabel(182, 'en')).toBe('6 months');
      expect(planDurationLabel(182, 'es')).toBe('6 meses');
      expect(planDurationLabel(90, 'en')).toBe('90 days');
      expect(planDurationLabel(1, 'en')).toBe('1 day');
      expect(durationLabel(2, 'month', 'ar')).toBe('شهران');
      expect(durationLabel(3, 'week', 'es-ES')).toBe('3 semanas');
    }
  });
});
