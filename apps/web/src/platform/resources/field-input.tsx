import { referenceListByKey } from '@licensure/contracts';
import { Checkbox, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { requiredLabelProps } from '../components/required-mark';
import type { FormField, FormValue } from './form-values';
import { RefSelect } from './ref-select';

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
      const target = field.ref ? referenceListByKey.get(field.ref) : undefined;
      if (target) return <RefSelect {...common} target={target} value={text} onChange={onChange} />;
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
