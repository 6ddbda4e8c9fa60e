import { type Person, userFields } from '@licensure/contracts';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { type FieldErrors, issuesToFieldErrors } from '../../platform/resources/form-values';
import { peopleApi, peopleKeys } from './people-api';

const contactFields = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'street', label: 'Street', autoComplete: 'address-line1' },
  { name: 'street2', label: 'Street, second line', autoComplete: 'address-line2' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', description: 'Two letters, such as TX', autoComplete: 'address-level1' },
  { name: 'postal_code', label: 'ZIP code', autoComplete: 'postal-code' },
] as const;
type ContactField = (typeof contactFields)[number]['name'];
const contactSchema = userFields.pick({
  email: true,
  phone: true,
  street: true,
  street2: true,
  city: true,
  state: true,
  postal_code: true,
});

/** The contact details of a person: email, phone and postal address; saved with PUT users/{id}. */
export function ContactForm({ person, onDone }: { person: Person; onDone(message: string): void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<ContactField, string>>(
    () =>
      Object.fromEntries(contactFields.map((f) => [f.name, person[f.name] ?? ''])) as Record<
        ContactField,
        string
      >,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (attempt > 0)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]')?.focus();
  }, [attempt]);

  const fail = (message: string, fields: FieldErrors) => {
    setErrors(fields);
    setFormError(message);
    setAttempt((n) => n + 1);
  };

  const save = useMutation({
    mutationFn: (contact: Record<string, unknown>) =>
      peopleApi.update(person.id, {
        first_name: person.first_name ?? '',
        last_name: person.last_name ?? '',
        ...contact,
        updated_at: person.updated_at,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(peopleKeys.one(saved.id), saved);
      onDone('Your contact details were saved.');
    },
    onError: (error) => {
      const { fields, other } = fieldErrorsOf(
        error,
        contactFields.map((f) => f.name),
      );
      if (Object.keys(fields).length > 0)
        fail(['Correct the fields marked below.', ...other].join(' '), fields);
      else fail(errorMessage(error), {});
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        v.trim() === '' ? null : k === 'state' ? v.trim().toUpperCase() : v.trim(),
      ]),
    );
    const parsed = contactSchema.safeParse(input);
    if (!parsed.success)
      return fail('Not saved. Correct the fields marked below.', issuesToFieldErrors(parsed.error.issues));
    setFormError(null);
    save.mutate(parsed.data);
  };

  return (
    <form ref={form} noValidate onSubmit={onSubmit}>
      <Stack gap="md" maw={720}>
        {formError ? (
          <Alert color="red" title="Not saved" data-form-error tabIndex={-1}>
            {formError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {contactFields.map((f) => (
            <TextInput
              key={f.name}
              label={f.label}
              description={'description' in f ? f.description : undefined}
              name={f.name}
              type={'type' in f ? f.type : 'text'}
              autoComplete={f.autoComplete}
              value={values[f.name]}
              error={errors[f.name]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((old) => ({ ...old, [f.name]: value }));
              }}
            />
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save contact details
          </Button>
          <Button variant="default" onClick={() => onDone('')}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
