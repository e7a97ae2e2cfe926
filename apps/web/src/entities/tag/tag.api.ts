import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';
import { JUST_LOADED_MS } from '../route-data';

export type Tag = ResponseOf<'/api/v1/tags', 'get'>[number];

export const tagsQuery = queryOptions({
  queryKey: ['tags'],
  queryFn: () => unwrap(api.GET('/api/v1/tags')),
  staleTime: JUST_LOADED_MS,
});

/** The tag of that name whatever its case, created when `create` and unknown; undefined otherwise. */
async function tagNamed(name: string, create: boolean): Promise<Tag | undefined> {
  const tags = await unwrap(api.GET('/api/v1/tags'));
  const known = tags.find((tag) => tag.name.toLowerCase() === name.trim().toLowerCase());
  if (known || !create) return known;
  return unwrap(api.POST('/api/v1/tags', { body: { name } }));
}

/** Puts the named tag on the accounts (created when new), or takes it off; false: no such tag. */
export async function tagAccounts(name: string, ids: readonly number[], action: 'add' | 'remove') {
  const tag = await tagNamed(name, action === 'add');
  if (!tag) return false;
  const body = { ids: [...ids] };
  const params = { path: { id: tag.id } };
  if (action === 'add') await unwrap(api.POST('/api/v1/tags/{id}/assign', { params, body }));
  else await unwrap(api.POST('/api/v1/tags/{id}/withdraw', { params, body }));
  return true;
}

export function renameTag(id: number, name: string) {
  return unwrap(api.PUT('/api/v1/tags/{id}', { params: { path: { id } }, body: { name } }));
}

/** Deletes a tag; its accounts stay, without it. */
export function deleteTag(id: number) {
  return unwrap(api.DELETE('/api/v1/tags/{id}', { params: { path: { id } } }));
}
