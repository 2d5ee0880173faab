/** Query keys of the investing feature: the catalogue and the member's own plans. */
export const plansQueryKey = ['plans'] as const;
export const userPlansQueryKey = ['user-plans'] as const;
