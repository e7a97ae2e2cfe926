import type { FastifyRequest } from 'fastify';
import { accountExists } from '../db/active-accounts.js';
import { MAX_ID } from '../db/ids.js';
import { errors } from './errors.js';

/**
 * Route-model binding, as in 2FAuth: an unknown (or trashed) account is a 404 before the body or
 * the query is validated. Shared by every route under /twofaccounts/:id (the accounts' own routes,
 * their websites, their code log), so it lives here rather than in one of those folders.
 */
export async function accountMustExist(this: unknown, request: FastifyRequest): Promise<void> {
  const raw = (request.params as { id?: unknown }).id;
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id >= 1 && id <= MAX_ID) || !(await accountExists(request.server.deps.db, id)))
    throw errors.notFound();
}
