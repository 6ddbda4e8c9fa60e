import {
  type TriggerAction,
  type TriggerActionKind,
  triggerActionKinds,
  triggerActionLabels,
  unavailableTriggerActions,
} from '@licensure/contracts';
import { Button, Fieldset, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { loadOptions, type Option, triggerKeys } from './triggers-api';

type Field =
  | 'user_status_id'
  | 'attendee_status_id'
  | 'license_category_id'
  | 'certification_status_id'
  | 'alert_type_id'
  | 'value'
  | 'policy_status_id'
  | 'license_request_status_id'
  | 'process_id'
  | 'process_status_id'
  | 'form_package_id'
  | 'form_id'
  | 'merge_template_id'
  | 'function_code'
  | 'license_status_id'
  | 'transaction_status_id';

/** Where each target's choices come from. */
const sources: Record<Exclude<Field, 'value'>, { label: string; path: string }> = {
  user_status_id: { label: 'User status', path: '/api/userstatuses' },
  attendee_status_id: { label: 'Course attendee status', path: '/api/AttendeeStatus' },
  license_category_id: { label: 'Licence category', path: '/api/licensecategories' },
  certification_status_id: { label: 'Credential status', path: '/api/licensecategorycertificationstatuses' },
  alert_type_id: { label: 'Alert type', path: '/api/alerttypes' },
  policy_status_id: { label: 'Policy status', path: '/api/policystatuses' },
  license_request_status_id: { label: 'Request status', path: '/api/licenserequeststatuses' },
  process_id: { label: 'Process', path: '/api/Process' },
  process_status_id: { label: 'Process status', path: '/api/processstatuses' },
  form_package_id: { label: 'Form package', path: '/api/FBPackages' },
  form_id: { label: 'Form', path: '/api/fbforms' },
  merge_template_id: { label: 'Merge template', path: '/api/mergetemplates' },
  function_code: { label: 'Function', path: '/api/TGTriggerFunctions?entity=licensing' },
  license_status_id: { label: 'Licence status', path: '/api/licensestatuses' },
  transaction_status_id: { label: 'Transaction status', path: '/api/transactionstatuses' },
};

export const fieldsOf: Record<TriggerActionKind, Field[]> = {
  userStatus: ['user_status_id'],
  courseAttendeeStatus: ['attendee_status_id'],
  certificationStatus: ['license_category_id', 'certification_status_id'],
  createAlert: ['alert_type_id', 'value'],
  retireAlert: ['alert_type_id'],
  policyStatus: ['policy_status_id'],
  applicationStatus: ['license_request_status_id'],
  processStatus: ['process_id', 'process_status_id'],
  formPackage: ['form_package_id'],
  form: ['form_id'],
  mergeTemplate: ['merge_template_id'],
  triggerFunction: ['function_code'],
  licenseStatus: ['license_status_id'],
  transactionStatus: ['transaction_status_id'],
};

function TargetSelect({
  field,
  value,
  onChange,
}: {
  field: Exclude<Field, 'value'>;
  value: string;
  onChange: (v: string) => void;
}) {
  const source = sources[field];
  const [path, search] = source.path.split('?');
  const options = useQuery({
    queryKey: triggerKeys.options(source.path),
    queryFn: () => loadOptions(search ? source.path : `${path}?numPerPage=500`),
    staleTime: 60_000,
  });
  const data: Option[] = options.data ?? [];
  return (
    // No fixed id: Mantine gives each select its own, so the labels of two cards' actions stay apart.
    <NativeSelect
      label={source.label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[{ value: '', label: options.isPending ? 'Loading…' : 'Choose…' }, ...data]}
      error={options.isError ? 'The choices could not be loaded.' : undefined}
      required
    />
  );
}

interface ActionRowProps {
  index: number;
  count: number;
  action: TriggerAction;
  triggers: Option[];
  onChange: (action: TriggerAction) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

/** One action of a configuration trigger: its kind, its target and the trigger it leads to. */
export function ActionRow({ index, count, action, triggers, onChange, onMove, onRemove }: ActionRowProps) {
  const values = action as unknown as Record<string, string | null | undefined>;
  const set = (field: string, value: string | null) =>
    onChange({ ...action, [field]: value } as TriggerAction);
  return (
    <Fieldset legend={`Action ${index + 1}: ${triggerActionLabels[action.kind]}`}>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="Kind"
          value={action.kind}
          onChange={(e) =>
            onChange({
              kind: e.currentTarget.value,
              next_trigger_id: action.next_trigger_id ?? null,
            } as TriggerAction)
          }
          data={triggerActionKinds.map((k) => ({ value: k, label: triggerActionLabels[k] }))}
        />
        {fieldsOf[action.kind].map((field) =>
          field === 'value' ? (
            <TextInput
              key={field}
              label="Alert text"
              required
              value={values.value ?? ''}
              onChange={(e) => set('value', e.currentTarget.value)}
            />
          ) : (
            <TargetSelect
              key={field}
              field={field}
              value={values[field] ?? ''}
              onChange={(v) => set(field, v || null)}
            />
          ),
        )}
        <NativeSelect
          label="Then fire"
          value={action.next_trigger_id ?? ''}
          onChange={(e) => set('next_trigger_id', e.currentTarget.value || null)}
          data={[{ value: '', label: 'Nothing more' }, ...triggers]}
        />
        <Button
          variant="default"
          onClick={() => onMove(-1)}
          disabled={index === 0}
          aria-label={`Move action ${index + 1} up`}
        >
          Up
        </Button>
        <Button
          variant="default"
          onClick={() => onMove(1)}
          disabled={index === count - 1}
          aria-label={`Move action ${index + 1} down`}
        >
          Down
        </Button>
        <Button variant="default" color="red" onClick={onRemove} aria-label={`Remove action ${index + 1}`}>
          Remove
        </Button>
      </Group>
      {unavailableTriggerActions.includes(action.kind) ? (
        <Text size="sm" mt="xs">
          Stored, but not run: this module is not part of the system yet (logged as “not available”).
        </Text>
      ) : null}
    </Fieldset>
  );
}
