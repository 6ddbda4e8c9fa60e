import { packageInput } from '@licensure/contracts';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { ForbiddenPage, LoadFailure, LoadingState } from '../../platform/components/status';
import { DeleteDialog } from '../../platform/resources/delete-dialog';
import type { FlashState } from '../../platform/resources/flash-message';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { focusSoon } from './builder/builder-context';
import { ItemButton } from './builder/item-buttons';
import { UnsavedChangesDialog, useUnsavedGuard } from './builder/unsaved-guard';
import { moveItem } from './draft/form-draft';
import { type FormPackage, formsApi, formsKeys, type PackageInput } from './forms-api';
import { PACKAGES_BASE } from './forms-paths';

/** `/staff/forms/packages/new` and `/:id`: a package's name, description, and its forms in order. */
export function PackageEditPage() {
  const { id } = useParams();
  const { viewer } = useSignedIn();
  const pkg = useQuery({
    queryKey: formsKeys.package(id ?? ''),
    queryFn: ({ signal }) => formsApi.package(id ?? '', signal),
    enabled: !!id,
  });
  if (!hasPermission(viewer, 'forms.read') || (!id && !hasPermission(viewer, 'forms.write')))
    return <ForbiddenPage />;
  if (id && pkg.isError)
    return <LoadFailure error={pkg.error} what="the package" onRetry={() => void pkg.refetch()} />;
  if (id && !pkg.data) return <LoadingState label="Loading the package…" />;
  return (
    <PackageForm key={id ?? 'new'} saved={pkg.data ?? null} canWrite={hasPermission(viewer, 'forms.write')} />
  );
}

function inputOf(pkg: FormPackage | null): PackageInput {
  return {
    name: pkg?.name ?? '',
    description: pkg?.description ?? null,
    active: pkg?.active ?? true,
    forms: (pkg?.forms ?? []).map((f) => ({ form_id: f.id, required: f.required })),
  };
}

function PackageForm({ saved, canWrite }: { saved: FormPackage | null; canWrite: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initial = useRef(inputOf(saved));
  const [value, setValue] = useState<PackageInput>(initial.current);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [adding, setAdding] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState('');
  const alertRef = useRef<HTMLDivElement>(null);
  const dirty = JSON.stringify(value) !== JSON.stringify(initial.current);
  const { blocker, allowNextNavigation } = useUnsavedGuard(dirty);
  const forms = useQuery({
    queryKey: formsKeys.list({ currentPage: 1, numPerPage: 500, search: '', sortBy: 'name', reverse: false }),
    queryFn: ({ signal }) =>
      formsApi.list({ currentPage: 1, numPerPage: 500, search: '', sortBy: 'name', reverse: false }, signal),
  });
  const nameOf = (formId: string) => {
    const listed = forms.data?.items.find((f) => f.id === formId)?.name;
    return listed ?? saved?.forms.find((f) => f.id === formId)?.name ?? 'A form';
  };
  const chosen = new Set(value.forms.map((f) => f.form_id));
  const addable = (forms.data?.items ?? []).filter((f) => !chosen.has(f.id));

  const leave = (flash: string) => {
    allowNextNavigation();
    navigate(PACKAGES_BASE, { state: { flash } satisfies FlashState });
  };

  const save = useMutation({
    mutationFn: (input: PackageInput) => formsApi.savePackage(saved?.id ?? null, input),
    onSuccess: (result) => {
      queryClient.removeQueries({ queryKey: formsKeys.packages });
      leave(`Package “${result.name}” was saved.`);
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields : {};
      const mapped: Record<string, string> = {};
      for (const [key, message] of Object.entries(fields)) mapped[key.replace(/^package\./, '')] = message;
      setErrors(mapped);
      setFormError(
        Object.keys(mapped).length
          ? 'The package was not saved. Correct the fields marked below.'
          : errorMessage(error),
      );
      requestAnimationFrame(() => alertRef.current?.focus());
    },
  });

  const remove = useMutation({
    mutationFn: () => formsApi.removePackage(saved?.id ?? ''),
    onSuccess: () => {
      setConfirming(false);
      queryClient.removeQueries({ queryKey: formsKeys.packages });
      leave(`Package “${saved?.name ?? ''}” was deleted.`);
    },
  });

  const submit = () => {
    const parsed = packageInput.safeParse(value);
    if (!parsed.success) {
      const problems: Record<string, string> = {};
      for (const issue of parsed.error.issues) problems[issue.path.map(String).join('.')] ??= issue.message;
      setErrors(problems);
      setFormError('The package was not saved. Correct the fields marked below.');
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate({ ...parsed.data, updated_at: saved?.updated_at });
  };

  const moveForm = (index: number, direction: -1 | 1) => {
    const formId = value.forms[index]?.form_id ?? '';
    setValue((old) => ({ ...old, forms: moveItem(old.forms, index, index + direction) }));
    setStatus(`${nameOf(formId)} is now form ${index + direction + 1} of ${value.forms.length}.`);
    focusSoon(`pkg:${formId}:${direction < 0 ? 'up' : 'down'}`, [
      `pkg:${formId}:${direction < 0 ? 'down' : 'up'}`,
    ]);
  };

  const title = saved ? `Package: ${saved.name}` : 'New package';
  const readOnly = !canWrite;
  return (
    <Stack gap="md" maw={760}>
      <PageHeader title={title} />
      {formError ? (
        <Alert ref={alertRef} tabIndex={-1} color="red" title="Not saved" role="alert">
          {formError}
          {Object.entries(errors)
            .filter(([key]) => !['name', 'description'].includes(key))
            .map(([key, message]) => (
              <Text key={key} size="sm">
                {message}
              </Text>
            ))}
        </Alert>
      ) : null}
      <TextInput
        label="Package name"
        {...requiredLabelProps(true)}
        value={value.name}
        readOnly={readOnly}
        error={errors.name}
        onChange={(e) => {
          const name = e.currentTarget.value;
          setValue((old) => ({ ...old, name }));
        }}
      />
      <Textarea
        label="Package description"
        autosize
        minRows={2}
        value={value.description ?? ''}
        readOnly={readOnly}
        error={errors.description}
        onChange={(e) => {
          const description = e.currentTarget.value || null;
          setValue((old) => ({ ...old, description }));
        }}
      />
      <Checkbox
        label="Active"
        checked={value.active}
        disabled={readOnly}
        onChange={(e) => {
          const active = e.currentTarget.checked;
          setValue((old) => ({ ...old, active }));
        }}
      />
      <Fieldset legend="Forms in this package, in order">
        <Stack gap="sm">
          <Text size="sm" role="status">
            {status}
          </Text>
          {value.forms.length === 0 ? <Text size="sm">No forms yet: add the first one below.</Text> : null}
          {value.forms.map((entry, index) => {
            const name = nameOf(entry.form_id);
            return (
              <Group key={entry.form_id} gap="sm" justify="space-between" wrap="wrap">
                <Text fw={600}>
                  {index + 1}. {name}
                </Text>
                <Group gap={4}>
                  <Checkbox
                    label={`Required: ${name}`}
                    checked={entry.required}
                    disabled={readOnly}
                    error={errors[`forms.${index}.required`]}
                    onChange={(e) => {
                      const required = e.currentTarget.checked;
                      setValue((old) => ({
                        ...old,
                        forms: old.forms.map((f, i) => (i === index ? { ...f, required } : f)),
                      }));
                    }}
                  />
                  {readOnly ? null : (
                    <>
                      <ItemButton
                        context={name}
                        focusKey={`pkg:${entry.form_id}:up`}
                        disabled={index === 0}
                        onClick={() => moveForm(index, -1)}
                      >
                        Move up
                      </ItemButton>
                      <ItemButton
                        context={name}
                        focusKey={`pkg:${entry.form_id}:down`}
                        disabled={index === value.forms.length - 1}
                        onClick={() => moveForm(index, 1)}
                      >
                        Move down
                      </ItemButton>
                      <ItemButton
                        context={name}
                        focusKey={`pkg:${entry.form_id}:remove`}
                        danger
                        onClick={() => {
                          setValue((old) => ({ ...old, forms: old.forms.filter((_, i) => i !== index) }));
                          setStatus(`${name} removed from the package.`);
                          focusSoon('pkg:add-select');
                        }}
                      >
                        Remove
                      </ItemButton>
                    </>
                  )}
                </Group>
                {errors[`forms.${index}.form_id`] ? (
                  <Text size="sm" c="var(--mantine-color-error)" w="100%">
                    {errors[`forms.${index}.form_id`]}
                  </Text>
                ) : null}
              </Group>
            );
          })}
          {readOnly ? null : (
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label="Form to add"
                value={adding}
                data-focus-key="pkg:add-select"
                data={[
                  {
                    value: '',
                    label: forms.isPending
                      ? 'Loading forms…'
                      : addable.length
                        ? 'Choose…'
                        : 'Every form is in the package',
                  },
                  ...addable.map((f) => ({ value: f.id, label: f.name })),
                ]}
                onChange={(e) => setAdding(e.currentTarget.value)}
                w={320}
              />
              <Button
                variant="outline"
                disabled={!adding}
                onClick={() => {
                  setValue((old) => ({ ...old, forms: [...old.forms, { form_id: adding, required: true }] }));
                  setStatus(`${nameOf(adding)} added as form ${value.forms.length + 1}.`);
                  setAdding('');
                }}
              >
                Add form
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>
      <Group gap="sm">
        {readOnly ? null : (
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        )}
        <Anchor component={Link} to={PACKAGES_BASE}>
          {readOnly ? 'Back to the packages' : 'Cancel'}
        </Anchor>
        {saved && !readOnly ? (
          <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        ) : null}
      </Group>
      {saved ? (
        <DeleteDialog
          opened={confirming}
          singular="package"
          name={saved.name}
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onCancel={() => {
            setConfirming(false);
            remove.reset();
          }}
          onConfirm={() => remove.mutate()}
        />
      ) : null}
      <UnsavedChangesDialog blocker={blocker} />
    </Stack>
  );
}
