import { createBrowserRouter, type RouteObject } from 'react-router';
import { cmsPublicRoutes } from '../modules/cms/cms-routes';
import { complaintsPublicRoute } from '../modules/complaints/complaints-routes';
import { fireDrillsPublicRoute } from '../modules/fire-drills/fire-drills-routes';
import { policiesPublicRoute } from '../modules/policies/policies-routes';
import { NotFoundContent } from '../platform/components/status';
import { lazyPage } from '../platform/routing/lazy-page';
import { RouteErrorPage } from './error-boundary';
import { PublicLayout } from './layouts/public-layout';
import { LoadAsDocument } from './public-lite/load-as-document';
import { RootRedirect, SessionLoading } from './require-session';

const ROOT_ID = 'root';

/**
 * The staff app and the portal: their route tables (with their layouts) load on the first visit to the
 * area, and each of their pages on its own first visit (lazyPage). The public pages load neither.
 */
const areas: Record<string, () => Promise<RouteObject>> = {
  staff: () => import('./staff-routes').then((m) => m.staffArea),
  portal: () => import('./portal-routes').then((m) => m.portalArea),
};

export const routes: RouteObject[] = [
  {
    id: ROOT_ID,
    errorElement: <RouteErrorPage />,
    // Shown while the first page's route modules load.
    hydrateFallbackElement: <SessionLoading />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <PublicLayout />,
        children: [
          {
            path: '/signin',
            ...lazyPage(() => import('../modules/session/sign-in-page').then((m) => m.SignInPage)),
          },
          {
            path: '/forgot-password',
            ...lazyPage(() =>
              import('../modules/session/account/forgot-pages').then((m) => m.ForgotPasswordPage),
            ),
          },
          {
            path: '/forgot-user-name',
            ...lazyPage(() =>
              import('../modules/session/account/forgot-pages').then((m) => m.ForgotUserNamePage),
            ),
          },
          {
            path: '/reset-password',
            ...lazyPage(() =>
              import('../modules/session/account/reset-password-page').then((m) => m.ResetPasswordPage),
            ),
          },
          {
            path: '/register',
            ...lazyPage(() => import('../modules/session/account/register-page').then((m) => m.RegisterPage)),
          },
          // Opens in its light frame (public-lite/): reached from a page of the full app, it loads as a page.
          { path: '/verify', element: <LoadAsDocument /> },
          {
            path: '/accessibility',
            ...lazyPage(() =>
              import('../modules/public/accessibility-page').then((m) => m.AccessibilityPage),
            ),
          },
          complaintsPublicRoute,
          ...cmsPublicRoutes,
          policiesPublicRoute,
          fireDrillsPublicRoute,
          // Until its area's routes are added, /staff/… and /portal/… land here too, and the router then
          // asks patchRoutesOnNavigation for more specific routes.
          { path: '*', element: <NotFoundContent /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const added = new Set<string>();
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, patch, signal }) {
      const area = /^\/([a-z]+)(?:\/|$)/i.exec(path)?.[1]?.toLowerCase();
      const load = area ? areas[area] : undefined;
      if (!area || !load || added.has(area)) return;
      const route = await load();
      // A navigation that was overtaken (a redirect right after sign-in) patches nothing; the next one does.
      if (signal.aborted || added.has(area)) return;
      patch(ROOT_ID, [route]);
      added.add(area);
    },
  });
}
