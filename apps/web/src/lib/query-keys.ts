/**
 * Query keys that several areas touch: a deposit or a withdrawal changes the balance (['me'], in
 * session.ts), the member's deposits, withdrawal history and activity; a goal saved or a plan left
 * changes both the goals and the member's plans. Each area invalidates by these prefixes; the keys of
 * one area's own reads live in its api/ folder.
 */
export const depositsQueryKey = ['deposits'] as const;
export const withdrawalsQueryKey = ['withdrawals'] as const;
export const activityQueryKey = ['activity'] as const;
/** GET /api/goals: My Goals' list, also read by My Portfolio (the goals its units belong to). */
export const goalsListQueryKey = ['goals'] as const;
/** GET /api/pp and /api/pp/:id: the member's plans (My Portfolio), which a goal's contributions join. */
export const userPlansQueryKey = ['user-plans'] as const;
