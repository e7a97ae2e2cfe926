import { queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '@twofold/contract';
import { api, ApiError, unwrap } from '../../api/client';

/**
 * Who is signed in (null: nobody) and whether a security device exists. Twofold's own route: it
 * answers 200 when nobody is signed in, so a signed-out load logs no failed request.
 */
export const sessionStatusQuery = queryOptions({
  queryKey: ['session-status'],
  queryFn: () => unwrap(api.GET('/api/v1/session')),
  staleTime: 60_000,
  retry: false,
});

/** The signed-in user; a 401 means nobody is signed in (the guard handles it). */
export const currentUserQuery = queryOptions({
  queryKey: ['user'],
  queryFn: async () => {
    const { user } = await unwrap(api.GET('/api/v1/session'));
    if (!user) throw new ApiError(401, undefined);
    return user;
  },
  staleTime: 60_000,
  retry: false,
  meta: { handles: [401] },
});

/** The user's name as anonymous callers see it ({name: null} = nobody registered yet). */
export const userNameQuery = queryOptions({
  queryKey: ['user-name'],
  queryFn: () => unwrap(api.GET('/api/v1/user/name')),
  staleTime: 0,
  retry: false,
});

export const updateProfile = (body: BodyOf<'/user', 'put'>) => unwrap(api.PUT('/user', { body }));

export const changePassword = (body: BodyOf<'/user/password', 'patch'>) =>
  unwrap(api.PATCH('/user/password', { body }));

export const deleteUser = (body: BodyOf<'/user', 'delete'>) => unwrap(api.DELETE('/user', { body }));

/** Ends the session; an error (already signed out, server gone) changes nothing for the caller. */
export async function endSession(): Promise<void> {
  await api.GET('/user/logout').catch(() => undefined);
}
