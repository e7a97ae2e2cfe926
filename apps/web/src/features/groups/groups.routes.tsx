import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout, loadData } from '../../lib/routes';
import { groupsQuery } from '../../entities/group/group.api';
import { loadCatalogues } from '../../i18n/i18n';
import './groups.css';

export const groupsRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/groups',
  staticData: { title: 'groups' },
  loader: async ({ context }) => {
    await Promise.all([loadCatalogues('groups')(), loadData(context, groupsQuery)]);
  },
  component: lazyRouteComponent(() => import('./GroupsScreens'), 'GroupsScreen'),
});

export const createGroupRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/group/create',
  staticData: { title: 'createGroup' },
  loader: loadCatalogues('groups'),
  component: lazyRouteComponent(() => import('./GroupsScreens'), 'CreateGroupScreen'),
});

export const editGroupRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/group/$groupId/edit',
  staticData: { title: 'editGroup' },
  validateSearch: (search: Record<string, unknown>): { name?: string } =>
    typeof search.name === 'string' ? { name: search.name } : {},
  loader: loadCatalogues('groups'),
  component: lazyRouteComponent(() => import('./GroupsScreens'), 'EditGroupScreen'),
});

export const groupsRoutes = [groupsRoute, createGroupRoute, editGroupRoute];
