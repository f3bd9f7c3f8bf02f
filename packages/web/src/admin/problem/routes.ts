import type { RouteObject } from 'react-router';
import { lazyPage } from '../../routing/lazy-route';

const editPage = lazyPage(
  () => import('./ProblemEditPage'),
  (m) => m.ProblemEditPage,
);

/** The admin problem and tag screens, by their path in the admin table (spec part 2 §2.7). */
const PAGES: Record<string, ReturnType<typeof lazyPage>> = {
  problems: lazyPage(
    () => import('./ProblemListPage'),
    (m) => m.ProblemListPage,
  ),
  'problem/create': editPage,
  'problem/edit/:problemId': editPage,
  'problem/batch-operation': lazyPage(
    () => import('./ProblemTransferPage'),
    (m) => m.ProblemTransferPage,
  ),
  'problem/tag': lazyPage(
    () => import('../tag/TagAdminPage'),
    (m) => m.TagAdminPage,
  ),
};

/**
 * Points the placeholders of the /admin table at the problem and tag pages; titles, guards and
 * everything else of the declared routes stay as they are.
 */
export function withAdminProblemPages(routeObject: RouteObject): RouteObject {
  if (routeObject.path !== '/admin' || !routeObject.children) return routeObject;
  return {
    ...routeObject,
    children: routeObject.children.map((child) => {
      const lazy = child.path ? PAGES[child.path] : undefined;
      if (!lazy || child.index) return child;
      // a lazy route may not also carry a static element (react-router ignores the lazy one)
      const { element: _placeholder, ...rest } = child;
      return { ...rest, lazy };
    }),
  };
}
