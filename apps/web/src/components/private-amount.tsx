import { useTranslation } from 'react-i18next';
import { currencyMayWrap, useMoney, type MoneyDecimals, type MoneySign } from '#lib/money';
import { useShowBalance } from '#lib/preferences';

/** A hidden amount (Hide balance): asterisks on screen, "Hidden" for screen readers. */
export function HiddenAmount() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true">{HIDDEN_TEXT}</span>
      <span className="sr-only">{t('pages.dashboard.hidden')}</span>
    </>
  );
}

/** The asterisks that stand for a hidden amount inside a sentence. */
export const HIDDEN_TEXT = '******';

/**
 * For a member's figure inside a translated sentence: the formatted amount, or the asterisks while Hide
 * balance is on.
 */
export function usePrivateMoney(): (major: number, decimals?: MoneyDecimals) => string {
  const money = useMoney();
  const [showBalance] = useShowBalance();
  return (major, decimals = 2) => (showBalance ? money(major, decimals) : HIDDEN_TEXT);
}

/**
 * One of the member's own money figures (balance, an amount they moved, a plan's value): formatted in
 * the reader's language, or hidden while Hide balance is on. Every member screen shows the member's
 * figures through this, so the one switch in the profile menu hides them all.
 */
export function PrivateAmount({
  value,
  decimals = 2,
  signDisplay = 'auto',
  wrapBeforeCurrency = false,
}: {
  value: number;
  decimals?: MoneyDecimals;
  /** A movement's sign, placed by the locale (hidden with the amount under Hide balance). */
  signDisplay?: MoneySign;
  /** In a narrow box: the amount may wrap between its number and its currency, never inside either. */
  wrapBeforeCurrency?: boolean;
}) {
  const money = useMoney();
  const [showBalance] = useShowBalance();
  if (!showBalance) return <HiddenAmount />;
  const text = money(value, decimals, { signDisplay });
  return <>{wrapBeforeCurrency ? currencyMayWrap(text) : text}</>;
}
