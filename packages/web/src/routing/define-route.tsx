import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';
import { NestedPlaceholder } from '../components/NestedPlaceholder';
import { guardFor } from './guard';
import type { RouteMeta, TitleKey } from './route-meta';

export interface RouteOptions {
  element?: ReactNode;
  lazy?: () => Promise<{ Component: ComponentType }>;
  children?: RouteObject[];
}

/**
 * One route of the table: its metadata travels in `handle` (title, footer, navbar mode) and its
 * guard (spec part 2 §2.9) runs as the loader. Screens not built yet render a placeholder.
 */
export function defineRoute(
  path: string,
  title: TitleKey,
  meta: Omit<RouteMeta, 'title'> = {},
  options: RouteOptions = {},
): RouteObject {
  const handle: RouteMeta = { title, ...meta };
  const base = { path, handle, loader: guardFor(handle), children: options.children };
  if (options.lazy) return { ...base, lazy: options.lazy };
  const placeholder = options.children ? <NestedPlaceholder /> : <ComingSoon />;
  return { ...base, element: options.element ?? placeholder };
}
