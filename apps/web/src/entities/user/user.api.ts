import { queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

/** The signed-in user; a 401 means nobody is signed in (the guard handles it). */
export const currentUserQuery = queryOptions({
  queryKey: ['user'],
  queryFn: () => unwrap(api.GET('/api/v1/user')),
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
