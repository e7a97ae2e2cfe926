import { api, unwrap } from '../../api/client';
import type { BodyOf, ResponseOf } from '@twofold/contract';

export type RegisterBody = BodyOf<'/user', 'post'>;
export type LoginBody = BodyOf<'/user/login', 'post'>;
export type LoginPayload = ResponseOf<'/user/login', 'post'>;

export const register = (body: RegisterBody) => unwrap(api.POST('/user', { body }));
export const login = (body: LoginBody) => unwrap(api.POST('/user/login', { body }));
export const logout = () => unwrap(api.GET('/user/logout'));

/** Keeps the anonymous session's CSRF token fresh while the sign-in screen stays open. */
export const refreshCsrf = () => api.GET('/refresh-csrf', { parseAs: 'text' });
