import { Type } from 'typebox';
import { Nullable } from '../http/common.schemas.js';

/** An open web session; `id` is a public handle, never the cookie's value or its stored hash. */
export const OpenSession = Type.Object({
  id: Type.String(),
  name: Nullable(
    Type.String({ description: 'The name of the offline copy this device keeps, when it keeps one' }),
  ),
  ip_address: Nullable(Type.String()),
  browser: Type.Union([Type.String(), Type.Literal(false)]),
  platform: Type.Union([Type.String(), Type.Literal(false)]),
  device: Type.String(),
  created_at: Type.String({ description: 'ISO 8601' }),
  last_active_at: Type.String({ description: 'ISO 8601' }),
  current: Type.Boolean(),
});

export const SessionIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
