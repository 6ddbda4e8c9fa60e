import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { categoryName } from './categories-tab';
import { moveAt, patchAt, RowButtons, useEditor, useField } from './editor-context';
import {
  APPROVED_CODE,
  type AttributeDraft,
  type CredentialStatusDraft,
  type HolderState,
  type LicenseDraft,
  newKey,
  type RequestStatusDraft,
  SUBMITTED_CODE,
} from './license-draft';

const holderStates: { value: HolderState; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'expired', label: 'Expired' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'revoked', label: 'Revoked' },
];

type ListKey = 'requestStatuses' | 'credentialStatuses' | 'attributes';

/** Add, move and remove for one of the flat sets of the draft. */
function useList<K extends ListKey>(key: K, what: string) {
  const { draft, change, confirm } = useEditor();
  const list = draft[key] as LicenseDraft[K];
  const focusLast = (path: string) =>
    setTimeout(() => document.getElementById(`lc-${path}-${list.length}-label`)?.focus());
  return {
    list,
    set: (index: number, patch: Partial<LicenseDraft[K][number]>) =>
      change((d) => ({ ...d, [key]: patchAt(d[key] as LicenseDraft[K][number][], index, patch) })),
    add: (member: LicenseDraft[K][number], path: string) => {
      change((d) => ({ ...d, [key]: [...d[key], member] }));
      focusLast(path);
    },
    move: (index: number, by: -1 | 1) =>
      change((d) => ({ ...d, [key]: moveAt(d[key] as LicenseDraft[K][number][], index, by) })),
    remove: (index: number, label: string) =>
      confirm({
        title: `Remove this ${what}?`,
        message: `“${label || `${what} ${index + 1}`}” will be removed when you save the licence.`,
        confirmLabel: `Remove ${what}`,
        onConfirm: () => change((d) => ({ ...d, [key]: d[key].filter((_, i) => i !== index) })),
      }),
  };
}

/** The statuses a licence request goes through. */
export function RequestStatusesTab() {
  const { canWrite } = useEditor();
  const { list, set, add, move, remove } = useList('requestStatuses', 'request status');
  return (
    <Stack gap="md">
      <Alert color="blue" title="Codes the system acts on">
        When an applicant submits a request, it takes the status with the code “{SUBMITTED_CODE}”; when a
        reviewer approves it, the status with the code “{APPROVED_CODE}”. Mark the statuses that end a request
        as final.
      </Alert>
      {list.length === 0 ? <Text>This licence has no request statuses yet.</Text> : null}
      {list.map((s, i) => (
        <RequestStatusRow
          key={s.key}
          status={s}
          index={i}
          count={list.length}
          onChange={(patch) => set(i, patch)}
          onMove={(by) => move(i, by)}
          onRemove={() => remove(i, s.label)}
        />
      ))}
      {canWrite ? (
        <Group>
          <Button
            variant="default"
            onClick={() =>
              add(
                { key: newKey(), stored: {}, label: '', code: '', is_final: false },
                'license_request_statuses',
              )
            }
          >
            Add request status
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function RequestStatusRow(props: {
  status: RequestStatusDraft;
  index: number;
  count: number;
  onChange(patch: Partial<RequestStatusDraft>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const { status: s, index: i } = props;
  const { canWrite } = useEditor();
  const at = `license_request_statuses.${i}`;
  const label = useField(`${at}.label`);
  const code = useField(`${at}.code`);
  const n = `Request status ${i + 1}`;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        {...label}
        label={`${n} label`}
        required
        value={s.label}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ label: e.currentTarget.value })}
        w={260}
      />
      <TextInput
        {...code}
        label={`${n} code`}
        value={s.code}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ code: e.currentTarget.value })}
        w={180}
      />
      <Checkbox
        label={`${n} is final`}
        checked={s.is_final}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ is_final: e.currentTarget.checked })}
        mb={8}
      />
      {canWrite ? (
        <RowButtons
          name={n.toLowerCase()}
          first={i === 0}
          last={i === props.count - 1}
          onMove={props.onMove}
          onRemove={props.onRemove}
        />
      ) : null}
    </Group>
  );
}

/** "(every category)" and the licence's categories, as select choices. */
function useCategoryChoices() {
  const { draft } = useEditor();
  return [
    { value: '', label: 'Every category' },
    ...draft.categories.map((c, i) => ({ value: c.id, label: categoryName(c, i) })),
  ];
}

/** The statuses a credential held under the licence can have. */
export function CredentialStatusesTab() {
  const { canWrite } = useEditor();
  const { list, set, add, move, remove } = useList('credentialStatuses', 'credential status');
  const categories = useCategoryChoices();
  return (
    <Stack gap="md">
      <Text size="sm">
        Each status says what it means for the holder. The status marked “given on approval” is the one a
        credential gets when a request is approved.
      </Text>
      {list.length === 0 ? <Text>This licence has no credential statuses yet.</Text> : null}
      {list.map((s, i) => (
        <CredentialStatusRow
          key={s.key}
          status={s}
          index={i}
          count={list.length}
          categories={categories}
          onChange={(patch) => set(i, patch)}
          onMove={(by) => move(i, by)}
          onRemove={() => remove(i, s.label)}
        />
      ))}
      {canWrite ? (
        <Group>
          <Button
            variant="default"
            onClick={() =>
              add(
                {
                  key: newKey(),
                  stored: {},
                  label: '',
                  license_category_id: '',
                  holder_state: 'active',
                  is_issued_status: list.length === 0,
                },
                'license_category_certification_statuses',
              )
            }
          >
            Add credential status
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function CredentialStatusRow(props: {
  status: CredentialStatusDraft;
  index: number;
  count: number;
  categories: { value: string; label: string }[];
  onChange(patch: Partial<CredentialStatusDraft>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const { status: s, index: i } = props;
  const { canWrite } = useEditor();
  const at = `license_category_certification_statuses.${i}`;
  const label = useField(`${at}.label`);
  const category = useField(`${at}.license_category_id`);
  const state = useField(`${at}.holder_state`);
  const n = `Credential status ${i + 1}`;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        {...label}
        label={`${n} label`}
        required
        value={s.label}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ label: e.currentTarget.value })}
        w={220}
      />
      <NativeSelect
        {...state}
        label={`${n} means`}
        value={s.holder_state}
        data={holderStates}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ holder_state: e.currentTarget.value as HolderState })}
        w={160}
      />
      <NativeSelect
        {...category}
        label={`${n} category`}
        value={s.license_category_id}
        data={props.categories}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ license_category_id: e.currentTarget.value })}
        w={200}
      />
      <Checkbox
        label={`${n} given on approval`}
        checked={s.is_issued_status}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ is_issued_status: e.currentTarget.checked })}
        mb={8}
      />
      {canWrite ? (
        <RowButtons
          name={n.toLowerCase()}
          first={i === 0}
          last={i === props.count - 1}
          onMove={props.onMove}
          onRemove={props.onRemove}
        />
      ) : null}
    </Group>
  );
}

/** Extra facts recorded on a credential (such as "Restricted to day shifts"). */
export function AttributesTab() {
  const { canWrite } = useEditor();
  const { list, set, add, move, remove } = useList('attributes', 'credential attribute');
  const categories = useCategoryChoices();
  return (
    <Stack gap="md">
      <Text size="sm">Attributes that may be recorded on a credential held under this licence.</Text>
      {list.length === 0 ? <Text>This licence has no credential attributes yet.</Text> : null}
      {list.map((a, i) => (
        <AttributeRow
          key={a.key}
          attribute={a}
          index={i}
          count={list.length}
          categories={categories}
          onChange={(patch) => set(i, patch)}
          onMove={(by) => move(i, by)}
          onRemove={() => remove(i, a.label)}
        />
      ))}
      {canWrite ? (
        <Group>
          <Button
            variant="default"
            onClick={() =>
              add(
                { key: newKey(), stored: {}, label: '', license_category_id: '' },
                'license_category_certification_attributes',
              )
            }
          >
            Add credential attribute
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function AttributeRow(props: {
  attribute: AttributeDraft;
  index: number;
  count: number;
  categories: { value: string; label: string }[];
  onChange(patch: Partial<AttributeDraft>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const { attribute: a, index: i } = props;
  const { canWrite } = useEditor();
  const at = `license_category_certification_attributes.${i}`;
  const label = useField(`${at}.label`);
  const category = useField(`${at}.license_category_id`);
  const n = `Credential attribute ${i + 1}`;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        {...label}
        label={`${n} label`}
        required
        value={a.label}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ label: e.currentTarget.value })}
        w={260}
      />
      <NativeSelect
        {...category}
        label={`${n} category`}
        value={a.license_category_id}
        data={props.categories}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ license_category_id: e.currentTarget.value })}
        w={200}
      />
      {canWrite ? (
        <RowButtons
          name={n.toLowerCase()}
          first={i === 0}
          last={i === props.count - 1}
          onMove={props.onMove}
          onRemove={props.onRemove}
        />
      ) : null}
    </Group>
  );
}
