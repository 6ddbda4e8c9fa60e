/**
 * The public pages that open in the light frame (lite-app.tsx: plain elements, no router, component
 * library or query library), so that a citizen's phone loads under 100 KB of JavaScript for them. Every
 * other address loads the full app (app.tsx).
 */
export const litePaths: readonly string[] = ['/verify'];

export const isLitePath = (pathname: string) => litePaths.includes(pathname.replace(/\/+$/, '') || '/');
