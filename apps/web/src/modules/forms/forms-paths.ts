export const FORMS_BASE = '/staff/forms';
export const PACKAGES_BASE = '/staff/forms/packages';
