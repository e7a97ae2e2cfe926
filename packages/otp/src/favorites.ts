/** What orders an account among the favourites (the API's `withExtras` fields). */
export interface FavoriteFields {
  readonly favorite?: boolean;
  readonly favorite_order?: number | null;
}

/**
 * Favourites first, among themselves by `favorite_order` (the order of starring unless set), then
 * the others in the order given (the manual order). A stable sort: equal keys keep their order.
 */
export function favoritesFirst<T extends FavoriteFields>(accounts: readonly T[]): T[] {
  const rank = (account: T) => (account.favorite ? (account.favorite_order ?? 0) : Number.POSITIVE_INFINITY);
  return [...accounts].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra === rb ? 0 : ra < rb ? -1 : 1;
  });
}
