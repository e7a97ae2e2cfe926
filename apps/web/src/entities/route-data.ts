/**
 * How long a list that a route's loader has just fetched counts as fresh, so the screen mounted
 * right after reads it instead of asking the server again. Every write made here invalidates the
 * lists it changes, so it shows at once; a change made on another device shows on a visit after
 * this.
 */
export const JUST_LOADED_MS = 5_000;
