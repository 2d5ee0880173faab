import { useTranslation } from 'react-i18next';
import { useMoney, type MoneyDecimals } from '#lib/money';
import { useShowBalance } from '#lib/preferences';

/** A hidden amount (Hide balance): asterisks on screen, "Hidden" for screen readers. */
export function HiddenAmount() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true">******</span>
      <span className="sr-only">{t('pages.dashboard.hidden')}</span>
    </>
  );
}

/**
 * One of the member's own money figures (balance, an amount they moved, a plan's value): formatted in
 * the reader's language, or hidden while Hide balance is on. Every member screen shows the member's
 * figures through this, so the one switch in the profile menu hides them all.
 */
export function PrivateAmount({ value, decimals = 2 }: { value: number; decimals?: MoneyDecimals }) {
  const money = useMoney();
  const [showBalance] = useShowBalance();
  return showBalance ? <>{money(value, decimals)}</> : <HiddenAmount />;
}
