import { ruleOperatorList } from '@licensure/contracts';
import { Button, Checkbox, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { patchAt, RowButtons, useEditor, useField } from './editor-context';
import {
  type ClauseDraft,
  holderKindLabels,
  newClause,
  newKey,
  type RuleDraft,
  type RuleOperator,
} from './license-draft';
import { ruleFieldByKey, ruleFieldChoices, ruleFieldKey } from './rule-fields';

const operatorLabels: Record<RuleOperator, string> = {
  '=': 'is',
  '<>': 'is not',
  '<': 'is less than',
  '<=': 'is at most',
  '>': 'is more than',
  '>=': 'is at least',
  like: 'contains',
  'not like': 'does not contain',
};
const opening = ['', '(', '((', '((('].map((v) => ({ value: v, label: v || 'none' }));
const closing = ['', ')', '))', ')))'].map((v) => ({ value: v, label: v || 'none' }));

/** Who may apply: rules made of clauses over whitelisted fields, checked on the server. */
export function RulesTab() {
  const { draft, change, canWrite, confirm } = useEditor();
  const entity = draft.license.entity;
  const add = () => {
    change((d) => ({
      ...d,
      rules: [...d.rules, { key: newKey(), name: '', description: '', active: true, clauses: [newClause()] }],
    }));
    setTimeout(() => document.getElementById(`lc-license_rules-${draft.rules.length}-name`)?.focus());
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        A rule describes who may hold this licence ({holderKindLabels[entity]?.toLowerCase() ?? entity}s).
        Clauses are joined with AND or OR (AND binds tighter); use parentheses to group them. Date fields take
        a date (2026-01-31) or a time from today such as “6 months” or “1 years”; age fields take whole years.
      </Text>
      {draft.rules.length === 0 ? <Text>This licence has no rules yet.</Text> : null}
      {draft.rules.map((rule, i) => (
        <RuleEditor
          key={rule.key}
          rule={rule}
          index={i}
          onRemove={() =>
            confirm({
              title: 'Remove this rule?',
              message: `“${rule.name || `Rule ${i + 1}`}” will be removed when you save the licence.`,
              confirmLabel: 'Remove rule',
              onConfirm: () => change((d) => ({ ...d, rules: d.rules.filter((_, j) => j !== i) })),
            })
          }
        />
      ))}
      {canWrite ? (
        <Group>
          <Button variant="default" onClick={add}>
            Add rule
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function RuleEditor({ rule, index, onRemove }: { rule: RuleDraft; index: number; onRemove(): void }) {
  const { change, canWrite } = useEditor();
  const at = `license_rules.${index}`;
  const name = useField(`${at}.name`);
  const n = `Rule ${index + 1}`;
  const setRule = (patch: Partial<RuleDraft>) =>
    change((d) => ({ ...d, rules: patchAt(d.rules, index, patch) }));
  const setClauses = (update: (clauses: ClauseDraft[]) => ClauseDraft[]) =>
    change((d) => ({
      ...d,
      rules: d.rules.map((r, i) => (i === index ? { ...r, clauses: update(r.clauses) } : r)),
    }));
  return (
    <Fieldset legend={`${n}${rule.name ? `: ${rule.name}` : ''}`}>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            {...name}
            label={`${n} name`}
            required
            value={rule.name}
            disabled={!canWrite}
            onChange={(e) => setRule({ name: e.currentTarget.value })}
            w={320}
          />
          <Checkbox
            label={`${n} is in force`}
            checked={rule.active}
            disabled={!canWrite}
            onChange={(e) => setRule({ active: e.currentTarget.checked })}
            mb={8}
          />
          {canWrite ? <RowButtons name={n.toLowerCase()} first last onRemove={onRemove} /> : null}
        </Group>
        {rule.clauses.map((clause, c) => (
          <ClauseRow
            key={clause.key}
            clause={clause}
            path={`${at}.license_rule_field_values.${c}`}
            name={`${n} clause ${c + 1}`}
            first={c === 0}
            onChange={(patch) => setClauses((list) => patchAt(list, c, patch))}
            onRemove={() => setClauses((list) => list.filter((_, j) => j !== c))}
          />
        ))}
        {canWrite ? (
          <Group>
            <Button variant="subtle" onClick={() => setClauses((list) => [...list, newClause()])}>
              Add clause to {n.toLowerCase()}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

function ClauseRow(props: {
  clause: ClauseDraft;
  path: string;
  name: string;
  first: boolean;
  onChange(patch: Partial<ClauseDraft>): void;
  onRemove(): void;
}) {
  const { clause, path, name } = props;
  const { draft, canWrite } = useEditor();
  const field = useField(`${path}.license_rule_field`);
  const operator = useField(`${path}.operator`);
  const value = useField(`${path}.value`);
  const left = useField(`${path}.left_parenthesis`);
  const right = useField(`${path}.right_parenthesis`);
  const join = useField(`${path}.and_flag`);
  const entity = draft.license.entity;
  const chosen = ruleFieldByKey(clause.field);
  const choices = ruleFieldChoices
    .filter((c) => c.entities.includes(entity) || ruleFieldKey(c) === clause.field)
    .map((c) => ({ value: ruleFieldKey(c), label: c.label }));
  let valueHint = 'Text; “contains” matches anywhere in the text.';
  if (chosen?.format === 'date')
    valueHint = 'A date (YYYY-MM-DD) or a time from today: “6 months”, “1 years”.';
  if (chosen?.format === 'age') valueHint = 'An age in whole years.';
  return (
    <Group align="flex-start" gap="xs" wrap="wrap" pl="md">
      {props.first ? null : (
        <NativeSelect
          {...join}
          label={`${name} joined by`}
          value={clause.and_flag ? 'and' : 'or'}
          data={[
            { value: 'and', label: 'AND' },
            { value: 'or', label: 'OR' },
          ]}
          disabled={!canWrite}
          onChange={(e) => props.onChange({ and_flag: e.currentTarget.value === 'and' })}
          w={150}
        />
      )}
      <NativeSelect
        {...left}
        label={`${name} opening parentheses`}
        value={clause.left_parenthesis}
        data={opening}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ left_parenthesis: e.currentTarget.value })}
        w={120}
      />
      <NativeSelect
        {...field}
        label={`${name} field`}
        required
        value={clause.field}
        data={[{ value: '', label: 'Choose…' }, ...choices]}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ field: e.currentTarget.value })}
        w={260}
      />
      <NativeSelect
        {...operator}
        label={`${name} comparison`}
        value={clause.operator}
        data={ruleOperatorList.map((o) => ({ value: o, label: operatorLabels[o] }))}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ operator: e.currentTarget.value as RuleOperator })}
        w={170}
      />
      <TextInput
        {...value}
        label={`${name} value`}
        description={valueHint}
        value={clause.value}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ value: e.currentTarget.value })}
        w={240}
      />
      <NativeSelect
        {...right}
        label={`${name} closing parentheses`}
        value={clause.right_parenthesis}
        data={closing}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ right_parenthesis: e.currentTarget.value })}
        w={120}
      />
      {canWrite ? (
        <div style={{ alignSelf: 'flex-end', paddingBottom: 4 }}>
          <RowButtons name={name.toLowerCase()} first last onRemove={props.onRemove} />
        </div>
      ) : null}
    </Group>
  );
}
