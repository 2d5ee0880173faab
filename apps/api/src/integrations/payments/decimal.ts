/**
 * Exact decimal arithmetic for gateway amounts (crypto amounts have up to 18 decimals): a decimal
 * text or JSON number becomes a bigint scaled by 10^18. Never goes through float arithmetic.
 */
export const SCALE_DIGITS = 18;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

export function toScaled(value: unknown): bigint | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^(-)?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = '', exponentText] = match;
  const exponent = exponentText ? Number(exponentText) : 0;
  if (Math.abs(exponent) > 40) return null;
  // digits × 10^(exponent - fraction.length), scaled by 10^18
  const digits = BigInt(whole + fraction);
  const shift = exponent - fraction.length + SCALE_DIGITS;
  const scaled = shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
  return sign ? -scaled : scaled;
}

/** Major units (dollars) as a scaled decimal → integer cents, exactly; null if not whole cents. */
export function scaledToCents(scaled: bigint): number | null {
  const centScale = SCALE / 100n;
  if (scaled % centScale !== 0n) return null;
  return Number(scaled / centScale);
}

/** Cents → a decimal text in major units ("12.50"). */
export function centsToDecimalText(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const fraction = Math.abs(cents % 100)
    .toString()
    .padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** A scaled decimal → text with at most `decimals` decimals (truncated), e.g. a crypto amount. */
export function scaledToText(scaled: bigint, decimals = 8): string {
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(SCALE_DIGITS, '0').slice(0, decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export { SCALE };
