import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A route whose page loads the first time it is visited: the page module becomes a chunk of its own, so
 * a page's libraries (the form builder's drag and drop, the signature pad) load with that page only.
 *
 *   { path: 'forms', ...lazyPage(() => import('./forms-list-page').then((m) => m.FormsListPage)) }
 */
export function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: { Component: load } };
}
