import { type Enterprise, enterpriseSettings } from '@licensure/contracts';
import { Alert, Button, Fieldset, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api } from '../../platform/api/client';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage, LoadFailure, LoadingState } from '../../platform/components/status';
import { FieldInput } from '../../platform/resources/field-input';
import {
  type FieldErrors,
  type FormValues,
  initialValues,
  validateValues,
} from '../../platform/resources/form-values';
import { ReadOnlyFields } from '../../platform/resources/read-only-fields';
import { RequiredNote } from '../../platform/resources/resource-form';
import { fetchEnterprise } from '../../platform/session/session-api';
import { useSession, useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { enterpriseFields, enterpriseSections } from './enterprise-fields';
import { SigningKeysSection } from './signing-keys-section';

const TITLE = 'Enterprise settings';

/** `/staff/admin/enterprise`: enterprise.read to see, enterprise.write to save. */
export function EnterpriseSettingsPage() {
  const { viewer } = useSignedIn();
  const canRead = hasPermission(viewer, 'enterprise.read');
  const enterprise = useQuery({ queryKey: ['enterprise'], queryFn: fetchEnterprise, enabled: canRead });
  if (!canRead) return <ForbiddenPage />;
  if (enterprise.isError) {
    return (
      <LoadFailure
        error={enterprise.error}
        what="the enterprise settings"
        onRetry={() => void enterprise.refetch()}
      />
    );
  }
  const canWrite = hasPermission(viewer, 'enterprise.write');
  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description={canWrite ? undefined : 'You can see these settings but not change them.'}
      />
      {enterprise.data ? (
        <SettingsForm key={enterprise.data.id} enterprise={enterprise.data} readOnly={!canWrite} />
      ) : (
        <LoadingState label="Loading the enterprise settings…" />
      )}
      <SigningKeysSection canWrite={canWrite} />
    </Stack>
  );
}

function SettingsForm({ enterprise, readOnly }: { enterprise: Enterprise; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const { replaceEnterprise } = useSession();
  const [values, setValues] = useState<FormValues>(() => initialValues(enterpriseFields, enterprise));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (attempt > 0)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-message]')?.focus();
  }, [attempt]);

  const fail = (text: string, fields: FieldErrors) => {
    setErrors(fields);
    setMessage({ ok: false, text });
    setAttempt((n) => n + 1);
  };

  const save = useMutation({
    mutationFn: (settings: Record<string, unknown>) =>
      api.put<Enterprise>(`/api/enterprise/${enterprise.id}`, { enterprise: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['enterprise'], saved);
      replaceEnterprise(saved);
      setErrors({});
      setMessage({ ok: true, text: 'The enterprise settings were saved.' });
    },
    onError: (error) => {
      const { fields, other } = fieldErrorsOf(
        error,
        enterpriseFields.map((f) => f.name),
      );
      if (Object.keys(fields).length > 0)
        fail(['Correct the fields marked below.', ...other].join(' '), fields);
      else fail(errorMessage(error), {});
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const result = validateValues(enterpriseSettings, enterpriseFields, values);
    if (!result.ok)
      return fail('The settings were not saved. Correct the fields marked below.', result.errors);
    setMessage(null);
    save.mutate(result.data);
  };

  return (
    <form ref={form} noValidate onSubmit={onSubmit}>
      <Stack gap="lg" maw={720}>
        {message ? (
          <Alert
            color={message.ok ? 'green' : 'red'}
            title={message.ok ? 'Saved' : 'Not saved'}
            role={message.ok ? 'status' : 'alert'}
            data-form-message
            tabIndex={-1}
          >
            {message.text}
          </Alert>
        ) : null}
        {readOnly ? null : <RequiredNote />}
        {enterpriseSections.map((section) => (
          <Fieldset key={section.title} legend={section.title}>
            {readOnly ? (
              <ReadOnlyFields fields={section.fields} values={values} />
            ) : (
              <Stack gap="md">
                {section.fields.map((field) => (
                  <FieldInput
                    key={field.name}
                    field={field}
                    value={values[field.name]}
                    error={errors[field.name]}
                    onChange={(value) => {
                      setValues((old) => ({ ...old, [field.name]: value }));
                      setMessage((old) => (old?.ok ? null : old));
                    }}
                  />
                ))}
              </Stack>
            )}
          </Fieldset>
        ))}
        {readOnly ? null : (
          <div>
            <Button type="submit" loading={save.isPending}>
              Save settings
            </Button>
          </div>
        )}
      </Stack>
    </form>
  );
}
