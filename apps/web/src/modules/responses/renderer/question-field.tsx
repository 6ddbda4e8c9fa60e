import { type FormQuestion, splitMultiSelect } from '@licensure/contracts';
import { Checkbox, Group, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { requiredLabelProps } from '../../../platform/components/required-mark';
import { AddressField } from './address-field';
import { type DraftAnswer, multiSelectValueOf } from './answer-state';
import { DateField } from './date-field';
import { ElementChoiceField } from './element-choice-field';
import { FileField, type FileFieldProps } from './file-field';
import { SignatureField } from './signature-field';

/** The id of a question's first control (the error summary links to it). */
export const answerInputId = (questionId: string) => `answer-${questionId}`;

export interface QuestionFieldProps {
  question: FormQuestion;
  answer: DraftAnswer | undefined;
  error?: string;
  disabled?: boolean;
  onChange(patch: Partial<DraftAnswer>): void;
  file: Omit<FileFieldProps, 'question' | 'answer' | 'error' | 'disabled' | 'onChange'>;
}

/** One question as a labelled Mantine control chosen by its kind; its error shows under it. */
export function QuestionField({ question: q, answer, error, disabled, onChange, file }: QuestionFieldProps) {
  const value = answer?.value ?? '';
  const id = answerInputId(q.id);
  const common = {
    id,
    label: q.label,
    description: q.help_text ?? undefined,
    error,
    disabled,
    ...requiredLabelProps(q.required),
  };
  const setValue = (v: string) => onChange({ value: v === '' ? null : v });
  const onText = (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    setValue(e.currentTarget.value);

  switch (q.kind) {
    case 'instructions':
      return (
        <Stack gap={4}>
          <Text fw={600}>{q.label}</Text>
          {q.help_text ? <Text className="pre-line">{q.help_text}</Text> : null}
        </Stack>
      );
    case 'short_text':
      return <TextInput {...common} value={value} onChange={onText} maxLength={2000} />;
    case 'long_text':
      return <Textarea {...common} value={value} onChange={onText} minRows={4} autosize maxRows={16} />;
    case 'number':
      return (
        <TextInput
          {...common}
          type="number"
          inputMode="decimal"
          min={q.min ?? undefined}
          max={q.max ?? undefined}
          step="any"
          value={value}
          onChange={onText}
          maw={240}
        />
      );
    case 'date':
      return (
        <DateField
          {...common}
          value={answer?.value ?? null}
          onChange={(v, problem) => onChange({ value: v, entry_problem: problem })}
        />
      );
    case 'email':
      return (
        <TextInput {...common} type="email" autoComplete="email" value={value} onChange={onText} maw={480} />
      );
    case 'phone':
      return (
        <TextInput {...common} type="tel" autoComplete="tel" value={value} onChange={onText} maw={320} />
      );
    case 'select':
      return (
        <NativeSelect
          {...common}
          value={value}
          onChange={onText}
          data={[{ value: '', label: 'Choose…' }, ...q.options.map((o) => ({ value: o.id, label: o.label }))]}
          maw={480}
        />
      );
    case 'radio':
    case 'yes_no': {
      const options =
        q.kind === 'yes_no'
          ? [
              { id: 'yes', label: 'Yes' },
              { id: 'no', label: 'No' },
            ]
          : q.options;
      return (
        <Radio.Group
          label={q.label}
          description={q.help_text ?? undefined}
          error={error}
          value={value}
          onChange={setValue}
          {...requiredLabelProps(q.required)}
        >
          <Group gap="md" mt={6}>
            {options.map((o, i) => (
              <Radio
                key={o.id}
                id={i === 0 ? id : undefined}
                value={o.id}
                label={o.label}
                disabled={disabled}
              />
            ))}
          </Group>
        </Radio.Group>
      );
    }
    case 'multi_select': {
      const selected = splitMultiSelect(answer?.value);
      return (
        <Checkbox.Group
          label={q.label}
          description={q.help_text ?? undefined}
          error={error}
          value={selected}
          onChange={(checked) => onChange({ value: multiSelectValueOf(q, checked) })}
          {...requiredLabelProps(q.required)}
        >
          <Stack gap={6} mt={6}>
            {q.options.map((o, i) => (
              <Checkbox
                key={o.id}
                id={i === 0 ? id : undefined}
                value={o.id}
                label={o.label}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 'checkbox':
      return (
        <Checkbox
          id={id}
          label={q.label}
          description={q.help_text ?? undefined}
          error={error}
          disabled={disabled}
          checked={answer?.value === 'true'}
          onChange={(e) => onChange({ value: e.currentTarget.checked ? 'true' : 'false' })}
        />
      );
    case 'address':
      return (
        <AddressField
          question={q}
          value={answer?.value ?? null}
          error={error}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'element_choice':
      return <ElementChoiceField {...common} question={q} value={value} onChange={setValue} />;
    case 'file':
      return (
        <FileField
          {...file}
          question={q}
          answer={answer}
          error={error}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'signature':
      return (
        <SignatureField
          question={q}
          signature={answer?.signature ?? null}
          error={error}
          disabled={disabled}
          onChange={(signature) => onChange({ signature })}
        />
      );
  }
}
