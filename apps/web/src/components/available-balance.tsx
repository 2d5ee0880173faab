import { useMe } from '#lib/session';
import { PrivateAmount } from './private-amount';

/**
 * The member's available balance inside a money dialog (Invest, Withdraw), so the member sees what
 * they can move before typing an amount. Hidden like every own figure while Hide balance is on; a
 * dash until the session has loaded (the member area's guard loads it first, so rarely seen).
 */
export function AvailableBalance({ label }: { label: string }) {
  const me = useMe();
  return (
    <p
      className="flex items-baseline justify-between gap-3 rounded-xl border border-line px-4 py-3 text-sm"
      data-testid="available-balance"
    >
      <span className="text-muted">{label}</span>
      <span className="font-semibold tabular-nums">
        {me.data ? <PrivateAmount value={me.data.balance} /> : '—'}
      </span>
    </p>
  );
}
