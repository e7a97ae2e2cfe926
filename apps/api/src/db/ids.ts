import { MAX_DB_INTEGER } from '@twofold/otp';

/** Row ids are PostgreSQL integers: larger values name nothing. */
export const MAX_ID = MAX_DB_INTEGER;

/** The ids of a list that can name a row (others are skipped, never sent to the database). */
export const dbIds = (ids: readonly number[]) =>
  ids.filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID);
