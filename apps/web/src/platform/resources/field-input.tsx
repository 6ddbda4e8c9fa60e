import { Checkbox, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { requiredLabelProps } from '../components/required-mark';
import type { FormField, FormValue } from './form-values';
import { RefChecklist, RefSelect } from './ref-select';
import { useResourceSpec } from './use-resource-spec';

type CommonProps = Omit<React.ComponentProps<typeof RefSelect>, 'target' | 'filters' | 'value' | 'onChange'>;

/** A reference field: a picker of the records it names, or the id typed when they cannot be listed. */
function RefField({
  field,
  common,
  text,
  onChange,
  many,
}: {
  field: FormField;
  common: CommonProps;
  text: string;
  onChange(value: FormValue): void;
  /** A list of ids: checkboxes rather than one choice. */
  many?: boolean;
}) {
  const target = useResourceSpec(field.ref ?? '');
  if (target.data && many)
    return (
      <RefChecklist
        target={target.data}
        filters={field.refQuery}
        label={common.label}
        description={common.description}
        error={common.error}
        disabled={common.disabled}
        value={text}
        onChange={onChange}
      />
    );
  if (target.data)
    return (
      <RefSelect {...common} target={target.data} filters={field.refQuery} value={text} onChange={onChange} />
    );
  return (
    <TextInput
      {...common}
      description={field.help ?? (many ? 'Record ids, separated by commas' : 'A record id (UUID)')}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      spellCheck={false}
      maw={420}
    />
  );
}

export interface FieldInputProps {
  field: FormField;
  value: FormValue | undefined;
  error?: string;
  disabled?: boolean;
  onChange(value: FormValue): void;
}

/** One form control for one field, chosen by the field's kind; errors show on the control itself. */
export function FieldInput({ field, value, error, disabled, onChange }: FieldInputProps) {
  const text = typeof value === 'string' ? value : '';
  const common = {
    label: field.label,
    description: field.help,
    error,
    disabled,
    name: field.name,
    ...requiredLabelProps(field.required),
  };
  const onText = (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    onChange(event.currentTarget.value);

  switch (field.kind) {
    case 'bool':
      return (
        <Checkbox
          label={field.label}
          description={field.help}
          error={error}
          disabled={disabled}
          name={field.name}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'longtext':
      return <Textarea {...common} value={text} onChange={onText} minRows={4} autosize maxRows={16} />;
    case 'uuids':
      if (field.ref) return <RefField field={field} common={common} text={text} onChange={onChange} many />;
      return (
        <Textarea
          {...common}
          description={field.help ?? 'Record ids, one a line'}
          value={text}
          onChange={onText}
          minRows={3}
          autosize
          maxRows={10}
          spellCheck={false}
        />
      );
    case 'int':
      return (
        <TextInput
          {...common}
          type="number"
          inputMode="numeric"
          step={1}
          min={field.min}
          max={field.max}
          value={text}
          onChange={onText}
          maw={240}
        />
      );
    case 'date':
      return <TextInput {...common} type="date" value={text} onChange={onText} maw={240} />;
    case 'select':
      return (
        <NativeSelect
          {...common}
          value={text}
          onChange={onText}
          data={[
            { value: '', label: field.required ? 'Choose…' : '(none)' },
            ...(field.options ?? []).map((option) => ({ value: option, label: option })),
          ]}
          maw={400}
        />
      );
    case 'uuid': {
      if (field.ref) return <RefField field={field} common={common} text={text} onChange={onChange} />;
      return (
        <TextInput
          {...common}
          description={field.help ?? 'A record id (UUID)'}
          value={text}
          onChange={onText}
          spellCheck={false}
          maw={420}
        />
      );
    }
    default:
      return <TextInput {...common} value={text} onChange={onText} maxLength={field.maxLength} />;
  }
}
