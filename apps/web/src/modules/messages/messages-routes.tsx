import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** `/portal/messages`: the letters and mails sent to the signed-in person. */
export const messagesPortalRoutes: RouteObject[] = [
  {
    path: 'messages',
    ...lazyPage(() => import('./portal-messages-page').then((m) => m.PortalMessagesPage)),
  },
  {
    path: 'messages/:id',
    ...lazyPage(() => import('./portal-message-page').then((m) => m.PortalMessagePage)),
  },
];
export const messagesPortalNav = { to: '/portal/messages', label: 'Messages' } as const;
