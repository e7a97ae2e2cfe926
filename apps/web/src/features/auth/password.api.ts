import type { BodyOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

export type PasswordResetBody = BodyOf<'/user/password/reset', 'post'>;

export const requestPasswordReset = (body: BodyOf<'/user/password/lost', 'post'>) =>
  unwrap(api.POST('/user/password/lost', { body }));

export const resetPassword = (body: PasswordResetBody) => unwrap(api.POST('/user/password/reset', { body }));
