import type {
  LicenseScheduledTaskLogOutput,
  LicenseScheduledTaskOutput,
  ListResult,
} from '@licensure/contracts';
import { api } from '../../platform/api/client';

export const SCHEDULED_TASKS_BASE = '/staff/scheduled-tasks';

export interface TaskInput {
  name: string;
  description: string | null;
  license_id: string | null;
  frequency_begin_time: string | null;
  expires_within_days: number | null;
  certification_status_ids: string[];
  level_ids: string[];
  merge_template_ids: string[];
  create_alerts: { alert_type_id: string; value: string }[];
  retire_alerts: { alert_type_id: string }[];
  active: boolean;
}

export const taskKeys = {
  list: ['scheduled-tasks'] as const,
  one: (id: string) => ['scheduled-tasks', id] as const,
  logs: (id: string) => ['scheduled-tasks', id, 'logs'] as const,
  selection: (id: string) => ['scheduled-tasks', id, 'selection'] as const,
};

export const tasksApi = {
  list: () =>
    api.get<ListResult<LicenseScheduledTaskOutput>>('/api/licenseScheduledTasks', {
      query: { numPerPage: 200 },
    }),
  one: (id: string) => api.get<LicenseScheduledTaskOutput>(`/api/licenseScheduledTasks/${id}`),
  create: (input: TaskInput) =>
    api.post<LicenseScheduledTaskOutput>('/api/licenseScheduledTasks', { license_scheduled_task: input }),
  update: (id: string, input: TaskInput) =>
    api.put<LicenseScheduledTaskOutput>(`/api/licenseScheduledTasks/${id}`, {
      license_scheduled_task: input,
    }),
  run: (id: string) =>
    api.post<LicenseScheduledTaskLogOutput>('/api/licenseScheduledTasks/run', { scheduled_task_id: id }),
  logs: (id: string) =>
    api.get<ListResult<LicenseScheduledTaskLogOutput>>('/api/licenseScheduledTaskLogs', {
      query: { license_scheduled_task_id: id, numPerPage: 20 },
    }),
  selection: (id: string) =>
    api.get<{ ids: string[]; total: number }>('/api/licenseScheduledTasks/getCertificationIDs', {
      query: { scheduled_task_id: id },
    }),
};
