import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isLitePath } from './app/public-lite/lite-paths';
import { installGlobalErrorReporting } from './platform/api/error-reporter';

installGlobalErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const reactRoot = createRoot(root);

// The public verification page opens in its light frame; every other page loads the full app (its
// component library, router and query library), which the light frame never downloads.
const app = isLitePath(window.location.pathname)
  ? import('./app/public-lite/lite-app').then((m) => m.LiteApp)
  : import('./app/app').then((m) => m.App);

void app.then((App) =>
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
