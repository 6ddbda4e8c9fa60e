import { VerifyPage } from '../../modules/public/verify-page';
import '../../platform/plain/plain.css';
import './lite.css';

/** The public pages' links, as in the full app's public frame; each opens as a page of its own. */
const publicLinks = [
  ['/home', 'Home'],
  ['/verify', 'Verify a licence'],
  ['/complaint', 'File a complaint'],
  ['/policies', 'Policies and protocols'],
  ['/firedrill', 'Report a fire drill'],
  ['/accessibility', 'Accessibility'],
  ['/signin', 'Sign in'],
] as const;

/**
 * The light frame of the public verification page: the public frame's header and footer in plain
 * elements. Links leave it with a full page load, which starts the full app.
 */
export function LiteApp() {
  return (
    <div className="plain-page">
      <header className="lite-header">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <a className="lite-brand" href="/">
          Licensure
        </a>
      </header>
      <main id="main" tabIndex={-1} className="lite-main">
        <VerifyPage />
        <nav aria-label="Public pages" className="lite-footer">
          {publicLinks.map(([href, label]) => (
            <a key={href} href={href} aria-current={window.location.pathname === href ? 'page' : undefined}>
              {label}
            </a>
          ))}
        </nav>
      </main>
    </div>
  );
}
