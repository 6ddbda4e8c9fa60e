// The CSRF token of the current session. Kept in memory only; after a reload it comes back from CheckSession.
let token: string | null = null;

export function setCsrfToken(value: string | null): void {
  token = value;
}

export function getCsrfToken(): string | null {
  return token;
}
