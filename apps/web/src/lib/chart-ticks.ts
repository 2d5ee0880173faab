import type { MoneyDecimals } from './money';

/** Steps a money axis may take, as a mantissa of a power of ten: round figures that still fit tight. */
const MANTISSAS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** Below this top tick (dollars) every tick shows cents, so small figures never read as "$0". */
const CENTS_BELOW = 10;

export interface MoneyTicks {
  /** Dollars, from 0 up to the first tick at or above the data's largest value. */
  ticks: number[];
  /** 2 when a tick is not whole dollars or the axis is small (cents shown), else 0. */
  decimals: MoneyDecimals;
}

/**
 * The ticks of a money axis for values from 0 to `max` (dollars): at most `count` evenly spaced
 * ticks on a round step of whole cents, the last at or just above `max`. $2.20 gives $0.00, $0.60,
 * $1.20, $1.80, $2.40; three cents gives $0.00 to $0.03; $1,234.56 gives $0 to $1,600 by $400.
 * Nothing to show (0 or less, not a number) gives $0.00 to $1.00. Works in integer cents, so no tick
 * is a float's near miss.
 */
export function moneyTicks(max: number, count = 5): MoneyTicks {
  const intervals = Math.max(1, count - 1);
  const maxCents = Number.isFinite(max) && max > 0 ? Math.ceil(Math.round(max * 10_000) / 100) : 100;
  const raw = maxCents / intervals;
  const power = 10 ** Math.floor(Math.log10(raw));
  const nice = MANTISSAS.map((mantissa) => Math.round(mantissa * power)).find(
    (step) => step >= raw && step >= 1,
  );
  const step = Math.max(1, nice ?? Math.ceil(raw));
  const steps = Math.ceil(maxCents / step);
  const ticks = Array.from({ length: steps + 1 }, (_, index) => (index * step) / 100);
  const top = steps * step;
  const decimals: MoneyDecimals = step % 100 !== 0 || top < CENTS_BELOW * 100 ? 2 : 0;
  return { ticks, decimals };
}
