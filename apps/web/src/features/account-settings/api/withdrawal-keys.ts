import { withdrawalsQueryKey } from '#lib/query-keys';

/** Query keys of the withdrawal reads; all under ['withdrawals']. */
export const withdrawalHistoryKey = (page: number) => [...withdrawalsQueryKey, 'history', page] as const;
export const destinationsKey = [...withdrawalsQueryKey, 'destinations'] as const;
