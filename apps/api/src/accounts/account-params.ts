import type { FastifyRequest } from 'fastify';
import { errors } from '../http/errors.js';
import { MAX_ID } from '../db/ids.js';
import { accountExists } from './accounts.queries.js';

/** Route-model binding: an unknown account is a 404 before any validation (as in 2FAuth). */
export async function accountMustExist(this: unknown, request: FastifyRequest): Promise<void> {
  const raw = (request.params as { id?: unknown }).id;
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id >= 1 && id <= MAX_ID) || !(await accountExists(request.server.deps.db, id)))
    throw errors.notFound();
}
