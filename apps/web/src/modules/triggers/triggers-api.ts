import type {
  ListResult,
  TriggerAction,
  TriggerConfigurationOutput,
  TriggerConfigurationTriggerOutput,
  TriggerListOutput,
  TriggerLogOutput,
} from '@licensure/contracts';
import { api } from '../../platform/api/client';

export const TRIGGERS_BASE = '/staff/triggers';

export interface ConfigurationInput {
  name: string;
  description: string | null;
  active: boolean;
}

export interface LinkInput {
  id: string;
  trigger_configuration_id: string;
  trigger_id: string;
  sort_order: number;
  actions: TriggerAction[];
}

export interface Option {
  value: string;
  label: string;
  /** What the event means (the catalogue of events), for the trigger editor. */
  means?: string;
}

/** When it last fired and how many firings failed, in words. */
export function activityText(a: { last_fired_at: string | null; failed_count: number }): string {
  const fired = a.last_fired_at
    ? `Last fired ${new Date(a.last_fired_at).toLocaleString()}`
    : 'Not fired yet';
  return a.failed_count > 0 ? `${fired}; ${a.failed_count} failed` : fired;
}

export const triggerKeys = {
  configurations: ['triggers', 'configurations'] as const,
  configuration: (id: string) => ['triggers', 'configuration', id] as const,
  triggers: ['triggers', 'events'] as const,
  links: ['triggers', 'links'] as const,
  logs: (linkId: string) => ['triggers', 'logs', linkId] as const,
  options: (path: string) => ['triggers', 'options', path] as const,
};

type Named = { id: string; label?: string; name?: string; code?: string };

/** Any list the API answers (a page `{items}` or an array), as select options. */
export async function loadOptions(path: string): Promise<Option[]> {
  const data = await api.get<ListResult<Named> | Named[] | { code: string; name: string }[]>(path);
  const rows = (Array.isArray(data) ? data : data.items) as Named[];
  return rows.map((r) => ({ value: r.id ?? r.code ?? '', label: r.label ?? r.name ?? r.code ?? r.id }));
}

export const triggersApi = {
  configurations: () =>
    api.get<ListResult<TriggerConfigurationOutput>>('/api/triggerconfigurations', {
      query: { numPerPage: 200 },
    }),
  configuration: (id: string) => api.get<TriggerConfigurationOutput>(`/api/triggerconfigurations/${id}`),
  createConfiguration: (input: ConfigurationInput) =>
    api.post<TriggerConfigurationOutput>('/api/triggerconfigurations', { trigger_configuration: input }),
  updateConfiguration: (id: string, input: ConfigurationInput) =>
    api.put<TriggerConfigurationOutput>(`/api/triggerconfigurations/${id}`, { trigger_configuration: input }),
  triggers: () =>
    api.get<ListResult<TriggerListOutput>>('/api/triggers', { query: { numPerPage: 500, active: true } }),
  links: () => api.get<TriggerConfigurationTriggerOutput[]>('/api/triggerconfigurationtriggers'),
  saveLink: (link: LinkInput) =>
    api.post<TriggerConfigurationTriggerOutput | null>('/api/triggerconfigurationtriggers/save', {
      trigger_configuration_trigger: link,
    }),
  removeLink: (id: string) =>
    api.post<TriggerConfigurationTriggerOutput>('/api/triggerconfigurationtriggers/remove', {
      trigger_configuration_trigger: { id },
    }),
  logs: (linkId: string) =>
    api.get<TriggerLogOutput[]>('/api/triggerconfigurationtriggers/getlogs', { query: { id: linkId } }),
};
