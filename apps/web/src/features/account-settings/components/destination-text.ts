import type { Destination } from '@app/shared/schemas/withdrawals';

/** Network names as people know them. */
export const NETWORK_LABELS: Record<string, string> = {
  bitcoin: 'Bitcoin',
  erc20: 'Ethereum (ERC20)',
  trc20: 'TRON (TRC20)',
};

/** A saved destination in one line, as the withdrawal's information text (account numbers stay masked). */
export function destinationText(destination: Destination): string {
  if (destination.kind === 'bank') {
    return [
      destination.bank_name,
      destination.account_name,
      destination.account_number,
      destination.routing_number,
    ]
      .filter(Boolean)
      .join(' · ');
  }
  const network = destination.network ? (NETWORK_LABELS[destination.network] ?? destination.network) : '';
  return [`${destination.asset ?? ''} ${network ? `(${network})` : ''}`.trim(), destination.address]
    .filter(Boolean)
    .join(' · ');
}

/** The name a member gave a destination, else a short description of it. */
export function destinationName(destination: Destination): string {
  if (destination.label) return destination.label;
  if (destination.kind === 'bank')
    return [destination.bank_name, destination.account_number].filter(Boolean).join(' ');
  return [destination.asset, destination.network ? NETWORK_LABELS[destination.network] : null]
    .filter(Boolean)
    .join(' · ');
}
