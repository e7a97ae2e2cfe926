import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/root';
import { AboutScreen } from './AboutScreen';

export const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about',
  staticData: { title: 'about' },
  component: AboutScreen,
});
