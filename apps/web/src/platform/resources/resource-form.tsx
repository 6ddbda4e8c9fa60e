import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { FieldInput } from './field-input';
import type { FieldErrors, FormField, FormValues } from './form-values';
import { ReadOnlyFields } from './read-only-fields';

interface ResourceFormProps {
  fields: readonly FormField[];
  values: FormValues;
  errors: FieldErrors;
  /** A message for the whole form (a failed save); shown above the fields. */
  formError: string | null;
  /** Bumped on each failed submit so that focus moves to the first field in error again. */
  attempt: number;
  readOnly: boolean;
  saving: boolean;
  onChange(name: string, value: FormValues[string]): void;
  onSubmit(): void;
  /** Buttons next to Save (Cancel, Delete). */
  extraActions?: ReactNode;
  submitLabel?: string;
}

export function RequiredNote() {
  return <Text size="sm">Fields marked with an asterisk (*) are required.</Text>;
}

/** A form of generic fields: errors on the controls, a summary on top, focus on the first error. */
export function ResourceForm(props: ResourceFormProps) {
  const { fields, values, errors, formError, attempt, readOnly, saving, onChange, onSubmit } = props;
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (attempt === 0) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? form.current?.querySelector<HTMLElement>('[data-form-error]'))?.focus();
  }, [attempt]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!readOnly) onSubmit();
  };

  return (
    <form ref={form} noValidate onSubmit={handleSubmit}>
      <Stack gap="md" maw={720}>
        {formError ? (
          <Alert color="red" title="Not saved" data-form-error tabIndex={-1}>
            {formError}
          </Alert>
        ) : null}
        {!readOnly && fields.some((f) => f.required) ? <RequiredNote /> : null}
        {readOnly ? <ReadOnlyFields fields={fields} values={values} /> : null}
        {readOnly
          ? null
          : fields.map((field) => (
              <FieldInput
                key={field.name}
                field={field}
                value={values[field.name]}
                error={errors[field.name]}
                onChange={(value) => onChange(field.name, value)}
              />
            ))}
        <Group gap="sm" mt="sm">
          {readOnly ? null : (
            <Button type="submit" loading={saving}>
              {props.submitLabel ?? 'Save'}
            </Button>
          )}
          {props.extraActions}
        </Group>
      </Stack>
    </form>
  );
}
