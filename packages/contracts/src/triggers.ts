import { z } from 'zod';
import { id } from './shared-fields';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const stamps = { id: z.uuid(), enterprise_id: z.uuid(), created_at: z.string(), updated_at: z.string() };

/** Action kinds in the specification's display order. */
export const triggerActionKinds = [
  'userStatus',
  'courseAttendeeStatus',
  'certificationStatus',
  'createAlert',
  'retireAlert',
  'policyStatus',
  'applicationStatus',
  'processStatus',
  'formPackage',
  'form',
  'mergeTemplate',
  'triggerFunction',
  'licenseStatus',
  'transactionStatus',
] as const;
export type TriggerActionKind = (typeof triggerActionKinds)[number];

export const triggerActionLabels: Record<TriggerActionKind, string> = {
  userStatus: 'User Status',
  courseAttendeeStatus: 'Course Attendee Status',
  certificationStatus: 'Certification Status',
  createAlert: 'Create Alert',
  retireAlert: 'Retire Alert',
  policyStatus: 'Policy Status',
  applicationStatus: 'Application Status',
  processStatus: 'Process',
  formPackage: 'Form Package',
  form: 'Form',
  mergeTemplate: 'Merge Template',
  triggerFunction: 'Trigger Function',
  licenseStatus: 'License Status',
  transactionStatus: 'Transaction Status',
};

/** Targets that belong to modules not built yet: stored, but refused when run. */
export const unavailableTriggerActions: readonly TriggerActionKind[] = [
  'courseAttendeeStatus',
  'policyStatus',
  'transactionStatus',
];

const next = { next_trigger_id: id('next_trigger_id').nullable().optional() };
/** One action of a configuration trigger; `next_trigger_id` fires another trigger after it. */
export const triggerAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('userStatus'), user_status_id: id('user_status_id'), ...next }),
  z.object({
    kind: z.literal('courseAttendeeStatus'),
    attendee_status_id: id('attendee_status_id'),
    ...next,
  }),
  z.object({
    kind: z.literal('certificationStatus'),
    license_category_id: id('license_category_id'),
    certification_status_id: id('certification_status_id'),
    ...next,
  }),
  z.object({
    kind: z.literal('createAlert'),
    alert_type_id: id('alert_type_id'),
    value: z.string().trim().min(1, 'value is required').max(2000),
    ...next,
  }),
  z.object({
    kind: z.literal('retireAlert'),
    alert_type_id: id('alert_type_id'),
    ...next,
  }),
  z.object({ kind: z.literal('policyStatus'), policy_status_id: id('policy_status_id'), ...next }),
  z.object({
    kind: z.literal('applicationStatus'),
    license_request_status_id: id('license_request_status_id'),
    ...next,
  }),
  z.object({
    kind: z.literal('processStatus'),
    process_id: id('process_id'),
    process_status_id: id('process_status_id'),
    ...next,
  }),
  z.object({ kind: z.literal('formPackage'), form_package_id: id('form_package_id'), ...next }),
  z.object({ kind: z.literal('form'), form_id: id('form_id'), ...next }),
  z.object({ kind: z.literal('mergeTemplate'), merge_template_id: id('merge_template_id'), ...next }),
  z.object({
    kind: z.literal('triggerFunction'),
    function_code: z.string().trim().min(1, 'function_code is required').max(100),
    ...next,
  }),
  z.object({ kind: z.literal('licenseStatus'), license_status_id: id('license_status_id'), ...next }),
  z.object({
    kind: z.literal('transactionStatus'),
    transaction_status_id: id('transaction_status_id'),
    ...next,
  }),
]);
export type TriggerAction = z.infer<typeof triggerAction>;

/** A named event (triggers, TGTriggers). */
export const triggerOutput = z.object({
  ...stamps,
  code: z.string(),
  name: z.string(),
  entity: z.string(),
  kind: z.enum(['event', 'manual']),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type TriggerOutput = z.infer<typeof triggerOutput>;

/** How a trigger (or configuration) has run: when it last fired, how often, and how many firings failed. */
export const triggerActivity = {
  last_fired_at: z.string().nullable(),
  fired_count: z.number().int(),
  failed_count: z.number().int(),
};
/** A trigger as the trigger list shows it (triggers, TGTriggers), with its activity. */
export const triggerListOutput = triggerOutput.extend(triggerActivity);
export type TriggerListOutput = z.infer<typeof triggerListOutput>;
export const triggerInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  description: optionalText(2000),
  active: z.boolean().default(true),
});

/** A trigger configuration (triggerconfigurations, TGTriggerConfigurations). */
export const triggerConfigurationInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  description: optionalText(2000),
  trigger_category_id: id('trigger_category_id').nullable().optional(),
  active: z.boolean().default(true),
});
export const triggerConfigurationOutput = z.object({
  ...stamps,
  name: z.string(),
  description: z.string().nullable(),
  trigger_category_id: z.string().nullable(),
  active: z.boolean(),
  ...triggerActivity,
});
export type TriggerConfigurationOutput = z.infer<typeof triggerConfigurationOutput>;

/** A configuration's actions for one trigger (triggerconfigurationtriggers). */
export const triggerConfigurationTriggerInput = z.object({
  id: id('id').nullable().optional(),
  trigger_configuration_id: id('trigger_configuration_id'),
  trigger_id: id('trigger_id'),
  sort_order: z.number().int().min(0).max(100_000).default(0),
  actions: z.array(triggerAction).max(50).default([]),
});
export const triggerConfigurationTriggerBody = z.object({
  trigger_configuration_trigger: triggerConfigurationTriggerInput,
});
export const triggerConfigurationTriggerRemoveBody = z.object({
  trigger_configuration_trigger: z.object({ id: id('id') }),
});
export const triggerConfigurationTriggerOutput = z.object({
  ...stamps,
  trigger_configuration_id: z.string(),
  trigger_id: z.string(),
  trigger_code: z.string(),
  trigger_name: z.string(),
  sort_order: z.number().int(),
  actions: z.array(triggerAction),
  removed: z.boolean(),
  removed_at: z.string().nullable(),
  /** The chain it starts, planned without running it; `infiniteFound` when it loops. */
  infiniteFound: z.boolean(),
  ...triggerActivity,
});
export type TriggerConfigurationTriggerOutput = z.infer<typeof triggerConfigurationTriggerOutput>;

/** Fire a trigger by hand on an object. */
export const fireTriggerBody = z.object({
  code: z.string().trim().min(1, 'code is required').max(200),
  object_id: id('object_id'),
});

export const triggerStepOutcome = z.enum(['pending', 'done', 'failed', 'not available', 'skipped']);
export const triggerLogStep = z.object({
  index: z.number().int(),
  trigger_id: z.string(),
  action: triggerAction,
  outcome: triggerStepOutcome,
  message: z.string().nullable(),
  at: z.string().nullable(),
  /** Attempts made (a thrown error is retried on the job queue; the message says the last cause). */
  attempts: z.number().int().optional(),
});
export const triggerLogOutput = z.object({
  id: z.uuid(),
  enterprise_id: z.uuid(),
  trigger_id: z.string(),
  trigger_code: z.string(),
  trigger_configuration_trigger_id: z.string(),
  trigger_configuration_id: z.string(),
  configuration_name: z.string(),
  entity: z.string(),
  object_id: z.string(),
  event_id: z.string().nullable(),
  fired_by: z.string().nullable(),
  infiniteFound: z.boolean(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  actions: z.array(triggerLogStep),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TriggerLogOutput = z.infer<typeof triggerLogOutput>;
export const fireTriggerResult = z.object({ trigger_id: z.uuid(), logs: z.array(triggerLogOutput) });

export const triggerFunctionOutput = z.object({
  code: z.string(),
  name: z.string(),
  entity: z.string(),
  description: z.string(),
});
export const triggerFunctionsQuery = z.object({
  entity: z.enum(['inspections', 'investigations', 'licensing'], {
    message: 'entity must be inspections, investigations or licensing',
  }),
});

/** A configuration trigger as the chain planner sees it. */
export interface ChainLink {
  trigger_id: string;
  removed?: boolean;
  actions: readonly TriggerAction[];
}
export interface ChainStep {
  index: number;
  trigger_id: string;
  action: TriggerAction;
}
export interface ChainPlan {
  steps: ChainStep[];
  infiniteFound: boolean;
  /** The trigger reached a second time on the same object, when a loop was found. */
  loopAt: string | null;
}

/**
 * Plans the actions a firing runs: the trigger's actions in order and, after an action that names a
 * next trigger, that trigger's actions on the same object. A chain that reaches an (object, trigger)
 * it already touched is a loop: `infiniteFound` is set and the actions are emptied, so nothing runs
 * and nothing loops.
 */
export function planTriggerChain(
  start: { trigger_id: string; links: readonly ChainLink[] },
  linksOf: (triggerId: string) => readonly ChainLink[],
  objectId = 'object',
  maxSteps = 500,
): ChainPlan {
  const steps: ChainStep[] = [];
  const touched = new Set<string>([`${objectId}:${start.trigger_id}`]);
  let loopAt: string | null = null;
  const walk = (triggerId: string, links: readonly ChainLink[]): boolean => {
    for (const link of links) {
      if (link.removed) continue;
      for (const action of link.actions) {
        steps.push({ index: steps.length, trigger_id: triggerId, action });
        if (steps.length > maxSteps) {
          loopAt = triggerId;
          return false;
        }
        const nextId = action.next_trigger_id;
        if (!nextId) continue;
        const key = `${objectId}:${nextId}`;
        if (touched.has(key)) {
          loopAt = nextId;
          return false;
        }
        touched.add(key);
        if (!walk(nextId, linksOf(nextId))) return false;
      }
    }
    return true;
  };
  if (!walk(start.trigger_id, start.links)) return { steps: [], infiniteFound: true, loopAt };
  return { steps, infiniteFound: false, loopAt: null };
}
