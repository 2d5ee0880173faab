/** Query keys of the investing feature: the catalogue and the member's own plans (shared: lib/query-keys). */
export const plansQueryKey = ['plans'] as const;
export { userPlansQueryKey } from '#lib/query-keys';
