/** The additional authenticated data of a closed account's sealed identity: it opens in its own row only. */
export const closedIdentityContext = (userId: number): string => `users.closed_identity:${userId}`;
