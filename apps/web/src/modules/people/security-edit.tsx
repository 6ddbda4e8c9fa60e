import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { ForbiddenPage, LoadFailure, LoadingState } from '../../platform/components/status';
import { DeleteDialog } from '../../platform/resources/delete-dialog';
import type { FlashState } from '../../platform/resources/flash-message';
import type { FieldErrors } from '../../platform/resources/form-values';
import { RequiredNote } from '../../platform/resources/resource-form';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { type SecurityKind, securityKeys } from './security-api';

interface Named {
  id: string;
  label: string;
  description: string | null;
}

interface EditShellProps<T extends Named> {
  kind: SecurityKind;
  singular: string;
  basePath: string;
  load(id: string, signal?: AbortSignal): Promise<T>;
  children(record: T | null): ReactNode;
}

/** Loads the record of `:id` (none for `new`), checks security.admin, and renders the page around the form. */
export function SecurityEditShell<T extends Named>({
  kind,
  singular,
  basePath,
  load,
  children,
}: EditShellProps<T>) {
  const { id } = useParams();
  const { viewer } = useSignedIn();
  const allowed = hasPermission(viewer, 'security.admin');
  const record = useQuery({
    queryKey: securityKeys.one(kind, id ?? ''),
    queryFn: ({ signal }) => load(id ?? '', signal),
    enabled: allowed && !!id,
  });
  if (!allowed) return <ForbiddenPage />;
  if (id && record.isError)
    return (
      <LoadFailure error={record.error} what={`the ${singular}`} onRetry={() => void record.refetch()} />
    );
  const title = id ? `Edit ${singular}` : `New ${singular}`;
  return (
    <Stack gap="md">
      <PageHeader title={title} documentTitle={record.data ? `${record.data.label} – ${title}` : title} />
      {id && !record.data ? (
        <LoadingState label={`Loading the ${singular}…`} />
      ) : (
        <div key={record.data?.id ?? 'new'}>{children(record.data ?? null)}</div>
      )}
      <Button variant="default" component={Link} to={basePath} w="fit-content">
        Back to the list
      </Button>
    </Stack>
  );
}

interface EditFormProps<T extends Named, I> {
  kind: SecurityKind;
  singular: string;
  basePath: string;
  record: T | null;
  /** The body to save, from label and description and the page's own fields. */
  input(common: { label: string; description: string | null }): I;
  save(id: string | undefined, input: I): Promise<T>;
  remove(id: string): Promise<unknown>;
  /** Field names the API may report errors on, besides label and description. */
  otherFields: readonly string[];
  children(errors: FieldErrors): ReactNode;
}

/** Label, description, the page's own fields, Save and Delete; API field errors go onto the fields. */
export function SecurityEditForm<T extends Named, I>(props: EditFormProps<T, I>) {
  const { kind, singular, basePath, record } = props;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState(record?.label ?? '');
  const [description, setDescription] = useState(record?.description ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (attempt > 0)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]')?.focus();
  }, [attempt]);

  const done = (flash: string) => {
    void queryClient.invalidateQueries({ queryKey: securityKeys.all(kind) });
    navigate(basePath, { state: { flash } satisfies FlashState });
  };
  const fail = (message: string, fields: FieldErrors) => {
    setErrors(fields);
    setFormError(message);
    setAttempt((n) => n + 1);
  };

  const save = useMutation({
    mutationFn: (input: I) => props.save(record?.id, input),
    onSuccess: (saved) => done(`The ${singular} “${saved.label}” was saved.`),
    onError: (error) => {
      const { fields, other } = fieldErrorsOf(error, ['label', 'description', ...props.otherFields]);
      if (Object.keys(fields).length > 0)
        fail([`The ${singular} was not saved. Correct the fields marked below.`, ...other].join(' '), fields);
      else fail(errorMessage(error), {});
    },
  });
  const remove = useMutation({
    mutationFn: () => props.remove(record?.id ?? ''),
    onSuccess: () => {
      setConfirming(false);
      done(`The ${singular} “${record?.label ?? ''}” was deleted.`);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim())
      return fail(`The ${singular} was not saved. Correct the fields marked below.`, {
        label: 'Name is required',
      });
    setErrors({});
    setFormError(null);
    save.mutate(props.input({ label: label.trim(), description: description.trim() || null }));
  };

  return (
    <form ref={form} noValidate onSubmit={onSubmit}>
      <Stack gap="md" maw={800}>
        {formError ? (
          <Alert color="red" title="Not saved" data-form-error tabIndex={-1}>
            {formError}
          </Alert>
        ) : null}
        <RequiredNote />
        <TextInput
          label="Name"
          name="label"
          {...requiredLabelProps(true)}
          value={label}
          error={errors.label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          maxLength={100}
        />
        <Textarea
          label="Description"
          name="description"
          value={description}
          error={errors.description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          autosize
          minRows={2}
        />
        {props.children(errors)}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          {record ? (
            <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          ) : null}
        </Group>
      </Stack>
      {record ? (
        <DeleteDialog
          opened={confirming}
          singular={singular}
          name={record.label}
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onCancel={() => {
            setConfirming(false);
            remove.reset();
          }}
          onConfirm={() => remove.mutate()}
        />
      ) : null}
    </form>
  );
}
