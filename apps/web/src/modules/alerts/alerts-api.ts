import type { AlertOutput, DashboardAlerts, ListResult } from '@licensure/contracts';
import { api, type QueryValue } from '../../platform/api/client';

export const alertKeys = {
  list: (query: Record<string, QueryValue>) => ['alerts', 'list', query] as const,
  dashboard: ['alerts', 'dashboard'] as const,
  count: ['alerts', 'count'] as const,
};

export const alertsApi = {
  list: (query: Record<string, QueryValue>) => api.get<ListResult<AlertOutput>>('/api/Alerts', { query }),
  dashboard: () => api.get<DashboardAlerts>('/api/alerts/getDashboardAlerts'),
  count: () => api.get<{ count: number }>('/api/alerts/getAlertsCount'),
  retire: (a: AlertOutput) =>
    api.put<AlertOutput>(`/api/Alerts/${a.id}`, {
      alert: {
        alert_type_id: a.alert_type_id,
        user_id: a.user_id,
        service_id: a.service_id,
        vehicle_id: a.vehicle_id,
        license_request_id: a.license_request_id,
        certification_id: a.certification_id,
        value: a.value,
        retired: true,
      },
    }),
};

/** Where an alert's holder is shown in the staff app. */
export function holderLink(a: AlertOutput): string | null {
  if (a.user_id) return `/staff/people/${a.user_id}`;
  if (a.service_id) return `/staff/services/${a.service_id}`;
  if (a.vehicle_id) return `/staff/vehicles/${a.vehicle_id}`;
  return null;
}

/** Severity in words (never colour alone). */
export const severityLabel = (s: string | null) =>
  s === 'critical' ? 'Critical' : s === 'warning' ? 'Warning' : 'Information';
export const severityColor = (s: string | null) =>
  s === 'critical' ? 'red' : s === 'warning' ? 'orange' : 'blue';
