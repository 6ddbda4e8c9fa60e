import type { FormCondition, FormQuestion, ListResult } from '@licensure/contracts';
import { Button, Fieldset, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../platform/api/client';
import { errorsOf } from '../draft/field-errors';
import { newCondition } from '../draft/form-draft';
import {
  conditionProblems,
  conditionsOn,
  findQuestion,
  questionName,
  questionsBefore,
} from '../draft/form-tree';
import { operatorLabel, operatorsFor, valueOperators } from '../question-kinds';
import { focusSoon, useBuilder } from './builder-context';
import { ItemButton } from './item-buttons';

interface ConditionsEditorProps {
  target: { kind: 'group' | 'question'; id: string };
}

/** "Show this group (question) when": rows of [earlier question] [operator] [value] joined by AND or OR. */
export function ConditionsEditor({ target }: ConditionsEditorProps) {
  const { form, dispatch, announce } = useBuilder();
  const conditions = conditionsOn(form, target.id);
  const earlier = questionsBefore(form, target.id).filter((p) => p.question.kind !== 'instructions');
  const problems = conditionProblems(form);
  const legend = `Show this ${target.kind} when`;

  const add = () => {
    const source = earlier[earlier.length - 1];
    if (!source) return;
    const condition = newCondition(target, source.question.id);
    dispatch({ type: 'addCondition', condition });
    announce(`Condition ${conditions.length + 1} added.`);
    focusSoon(`condition:${condition.id}:source`);
  };

  return (
    <Fieldset legend={legend}>
      <Stack gap="md">
        {conditions.length === 0 ? (
          <Text size="sm">Always shown. Add a condition to show it only for some answers.</Text>
        ) : (
          <Text size="sm">
            Shown only when the conditions below hold, read from the first to the last, each joined to the
            ones before it by AND or OR.
          </Text>
        )}
        {conditions.map((condition, index) => (
          <ConditionRow
            key={condition.id}
            condition={condition}
            number={index + 1}
            earlier={earlier.map((p) => p.question)}
            problem={problems.get(condition.id)}
            onRemove={() => {
              const next = conditions[index + 1] ?? conditions[index - 1];
              dispatch({ type: 'removeCondition', conditionId: condition.id });
              announce(`Condition ${index + 1} removed.`);
              focusSoon(next ? `condition:${next.id}:source` : `conditions:add:${target.id}`);
            }}
          />
        ))}
        {earlier.length === 0 ? (
          <Text size="sm" c="dimmed">
            Only questions that come earlier in the form can decide whether this {target.kind} is shown, and
            there are none yet.
          </Text>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          onClick={add}
          disabled={earlier.length === 0}
          data-focus-key={`conditions:add:${target.id}`}
          style={{ alignSelf: 'flex-start' }}
        >
          Add condition
        </Button>
      </Stack>
    </Fieldset>
  );
}

interface ConditionRowProps {
  condition: FormCondition;
  number: number;
  earlier: FormQuestion[];
  problem?: string;
  onRemove(): void;
}

function ConditionRow({ condition, number, earlier, problem, onRemove }: ConditionRowProps) {
  const { form, dispatch, errors, clearError } = useBuilder();
  const fieldErrors = errorsOf(errors, 'condition', condition.id);
  const source = findQuestion(form, condition.source_question_id)?.question;
  const operators = source ? operatorsFor(source.kind) : [];
  const update = (patch: Partial<FormCondition>, field: string) => {
    dispatch({ type: 'updateCondition', conditionId: condition.id, patch });
    clearError('condition', condition.id, field);
  };
  const sourceChoices = earlier.map((q) => ({ value: q.id, label: questionName(q) }));
  if (source && !earlier.some((q) => q.id === source.id))
    sourceChoices.unshift({
      value: source.id,
      label: `${questionName(source)} (comes later: choose another)`,
    });
  if (!source) sourceChoices.unshift({ value: condition.source_question_id, label: '(a removed question)' });

  return (
    <Fieldset legend={`Condition ${number}`} variant="filled">
      <Stack gap="xs">
        {number > 1 ? (
          <NativeSelect
            label={`Condition ${number} joined by`}
            value={condition.and_flag ? 'and' : 'or'}
            data={[
              { value: 'and', label: 'AND: this one must hold as well' },
              { value: 'or', label: 'OR: this one may hold instead' },
            ]}
            onChange={(e) => update({ and_flag: e.currentTarget.value === 'and' }, 'and_flag')}
          />
        ) : null}
        <NativeSelect
          label={`Condition ${number} question`}
          value={condition.source_question_id}
          data={sourceChoices}
          data-focus-key={`condition:${condition.id}:source`}
          error={fieldErrors.source_question_id ?? problem}
          onChange={(e) => {
            const next = findQuestion(form, e.currentTarget.value)?.question;
            const allowed = next ? operatorsFor(next.kind) : [];
            update(
              {
                source_question_id: e.currentTarget.value,
                value: null,
                operator: allowed.includes(condition.operator)
                  ? condition.operator
                  : (allowed[0] ?? 'is_answered'),
              },
              'source_question_id',
            );
          }}
        />
        <NativeSelect
          label={`Condition ${number} comparison`}
          value={condition.operator}
          data={(operators.includes(condition.operator) ? operators : [condition.operator, ...operators]).map(
            (o) => ({
              value: o,
              label: operatorLabel(o, source?.kind),
            }),
          )}
          error={fieldErrors.operator}
          onChange={(e) => {
            const operator = e.currentTarget.value as FormCondition['operator'];
            update(
              { operator, value: valueOperators.includes(operator) ? condition.value : null },
              'operator',
            );
          }}
        />
        {valueOperators.includes(condition.operator) && source ? (
          <ConditionValue
            source={source}
            label={`Condition ${number} value`}
            value={condition.value ?? ''}
            error={fieldErrors.value}
            onChange={(value) => update({ value: value === '' ? null : value }, 'value')}
          />
        ) : null}
        {fieldErrors.target_group_id ? (
          <Text size="sm" c="var(--mantine-color-error)">
            {fieldErrors.target_group_id}
          </Text>
        ) : null}
        <div>
          <ItemButton
            context={`condition ${number}`}
            focusKey={`condition:${condition.id}:remove`}
            danger
            onClick={onRemove}
          >
            Remove
          </ItemButton>
        </div>
      </Stack>
    </Fieldset>
  );
}

interface ConditionValueProps {
  source: FormQuestion;
  label: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}

function useSectionElements(section: string | null) {
  return useQuery({
    queryKey: ['forms', 'data-elements', section],
    enabled: !!section,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const body = await api.get<ListResult<{ id: string; label: string }>>('/api/dataelements', {
        query: { data_section_name: section, numPerPage: 500, sortBy: 'sort_order' },
        signal,
      });
      return body.items;
    },
  });
}

/** The value a condition compares with: a choice among the source question's answers where it has them. */
function ConditionValue({ source, label, value, error, onChange }: ConditionValueProps) {
  const elements = useSectionElements(source.kind === 'element_choice' ? source.data_section_name : null);
  const select = (data: { value: string; label: string }[]) => {
    const known = data.some((d) => d.value === value);
    return (
      <NativeSelect
        label={label}
        value={value}
        error={error}
        data={[
          { value: '', label: 'Choose…' },
          ...(value && !known ? [{ value, label: `${value} (no longer a choice)` }] : []),
          ...data,
        ]}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  };
  switch (source.kind) {
    case 'select':
    case 'radio':
    case 'multi_select':
      return select(source.options.map((o) => ({ value: o.id, label: o.label })));
    case 'yes_no':
      return select([
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ]);
    case 'checkbox':
      return select([
        { value: 'true', label: 'Checked' },
        { value: 'false', label: 'Not checked' },
      ]);
    case 'element_choice':
      return select((elements.data ?? []).map((e) => ({ value: e.id, label: e.label })));
    default:
      return (
        <TextInput
          label={label}
          type={source.kind === 'date' ? 'date' : source.kind === 'number' ? 'number' : 'text'}
          value={value}
          error={error}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
