import { depositsQueryKey } from '#lib/query-keys';

/** Query keys of the deposits area; every deposit read lives under ['deposits']. */
export const depositQueryKey = (id: number) => [...depositsQueryKey, 'one', id] as const;
export const sandboxCheckoutQueryKey = (id: string) => [...depositsQueryKey, 'sandbox-checkout', id] as const;
export const refundsQueryKey = [...depositsQueryKey, 'refunds'] as const;
