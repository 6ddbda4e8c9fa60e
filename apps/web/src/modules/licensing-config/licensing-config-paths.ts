/** Kept apart from the API client so that the staff navigation can name it without loading the client. */
export const LICENCES_BASE = '/staff/licences';
