import { api, unwrap } from '../../api/client';
import type { BodyOf } from '@twofold/contract';

export type RegisterBody = BodyOf<'/user', 'post'>;
export type LoginBody = BodyOf<'/user/login', 'post'>;

export const register = (body: RegisterBody) => unwrap(api.POST('/user', { body }));
export const login = (body: LoginBody) => unwrap(api.POST('/user/login', { body }));
