import type { SessionInfo } from '@licensure/contracts';
import type { AuthContext } from '../../platform/auth/context';

export const presentSession = (auth: AuthContext): SessionInfo => ({
  user_id: auth.userId,
  enterprise_id: auth.enterpriseId,
  user_name: auth.userName,
  first_name: auth.firstName,
  last_name: auth.lastName,
  is_staff: auth.isStaff,
  isPortal: auth.isPortal,
  permissions: [...auth.permissions].sort(),
  csrfToken: auth.csrfToken,
  expires_at: auth.expiresAt.toISOString(),
  idle_minutes: auth.idleMinutes,
});
