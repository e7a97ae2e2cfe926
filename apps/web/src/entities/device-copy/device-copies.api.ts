import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

export type DeviceCopyRecord = ResponseOf<'/api/v1/device-copies', 'get'>[number];

/** The devices that keep a copy, as the server records them (never a key). */
export const deviceCopiesQuery = queryOptions({
  queryKey: ['device-copies'],
  queryFn: () => unwrap(api.GET('/api/v1/device-copies')),
  staleTime: 0,
});

export const registerDeviceCopy = (name: string) =>
  unwrap(api.POST('/api/v1/device-copies', { body: { name } }));

export const recordRefresh = (id: string) =>
  unwrap(api.POST('/api/v1/device-copies/{id}/refresh', { params: { path: { id } } }));

export const revokeDeviceCopy = (id: string) =>
  unwrap(api.DELETE('/api/v1/device-copies/{id}', { params: { path: { id } } }));
