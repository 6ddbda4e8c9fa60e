/** The session cookie's name: read by the auth plugin and by the security headers (no-store for sessions). */
export const SESSION_COOKIE = 'licensure_session';
