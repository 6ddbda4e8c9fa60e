const BASE = 'http://return-path.invalid';

/**
 * A same-site relative path ("/portal/x?y=1"), or null: absolute and protocol-relative addresses,
 * backslashes and control characters are refused so a sign-in cannot redirect off the site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return null;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

export interface RelayState {
  idp: string;
  isPortal: boolean;
  returnPath: string | null;
}

/** RelayState names the identity provider; the request row stays authoritative for the rest. */
export function encodeRelayState(state: RelayState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

export function decodeRelayState(value: string | undefined): RelayState | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<RelayState>;
    if (typeof parsed.idp !== 'string' || typeof parsed.isPortal !== 'boolean') return null;
    return { idp: parsed.idp, isPortal: parsed.isPortal, returnPath: safeReturnPath(parsed.returnPath) };
  } catch {
    return null;
  }
}
