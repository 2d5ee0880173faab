import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isoDate } from './iso-date';

describe('isoDate', () => {
  it('writes what Date#toISOString writes, for any instant', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        expect(isoDate(date)).toBe(date.toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('writes the edges of its own range and of the leap days like V8', () => {
    for (const text of [
      '0001-01-01T00:00:00.000Z',
      '0999-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '2000-02-29T12:00:00.001Z',
      '2024-02-29T23:59:59.999Z',
      '2100-03-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '+010000-01-01T00:00:00.000Z',
      '-000001-12-31T00:00:00.000Z',
    ]) {
      const date = new Date(text);
      expect(isoDate(date)).toBe(date.toISOString());
      expect(isoDate(date)).toBe(text);
    }
  });

  it('throws on an invalid date as toISOString does', () => {
    expect(() => isoDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});
