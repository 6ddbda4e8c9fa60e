import { inputSchema, type ResourceSpec } from '@licensure/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../api/errors';
import { PageHeader } from '../components/page-header';
import { LoadFailure, LoadingState } from '../components/status';
import { DeleteDialog } from './delete-dialog';
import type { FlashState } from './flash-message';
import { type FieldErrors, type FormValues, initialValues, validateValues } from './form-values';
import { capitalise, type Entity, entityTitle, resourceApi, resourceKeys } from './resource-api';
import { ResourceForm } from './resource-form';
import { ResourceHistory } from './resource-history';

interface ResourceEditPageProps {
  spec: ResourceSpec;
  /** Undefined for a new record. */
  id?: string;
  basePath: string;
  canWrite: boolean;
  canReadHistory: boolean;
}

/** The one edit form of every reference list, built from its FieldSpecs. */
export function ResourceEditPage({ spec, id, basePath, canWrite, canReadHistory }: ResourceEditPageProps) {
  const record = useQuery({
    queryKey: resourceKeys.one(spec, id ?? ''),
    queryFn: ({ signal }) => resourceApi.get(spec, id ?? '', signal),
    enabled: !!id,
  });
  if (id && record.isError) {
    return (
      <LoadFailure error={record.error} what={`the ${spec.singular}`} onRetry={() => void record.refetch()} />
    );
  }
  const readOnly = !canWrite || !!spec.readOnly;
  const title = id ? `${readOnly ? 'View' : 'Edit'} ${spec.singular}` : `New ${spec.singular}`;
  return (
    <Stack gap="md">
      <PageHeader
        title={capitalise(title)}
        documentTitle={
          record.data
            ? `${entityTitle(spec, record.data)} – ${spec.title}`
            : `${capitalise(title)} – ${spec.title}`
        }
      />
      {id && !record.data ? (
        <LoadingState label={`Loading the ${spec.singular}…`} />
      ) : (
        <EditForm
          key={record.data ? `${record.data.id}:${record.data.updated_at}` : 'new'}
          spec={spec}
          entity={record.data ?? null}
          basePath={basePath}
          readOnly={readOnly}
        />
      )}
      {id && canReadHistory ? <ResourceHistory spec={spec} id={id} /> : null}
    </Stack>
  );
}

interface EditFormProps {
  spec: ResourceSpec;
  entity: Entity | null;
  basePath: string;
  readOnly: boolean;
}

function EditForm({ spec, entity, basePath, readOnly }: EditFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = useMemo(() => inputSchema(spec.fields), [spec]);
  const [values, setValues] = useState<FormValues>(() => initialValues(spec.fields, entity));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const fieldNames = spec.fields.map((f) => f.name);
  const singular = capitalise(spec.singular);

  const backToList = (flash: string) => navigate(basePath, { state: { flash } satisfies FlashState });

  const save = useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      entity ? resourceApi.update(spec, entity.id, input) : resourceApi.create(spec, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(resourceKeys.one(spec, saved.id), saved);
      // Cached pages of the list are out of date; dropping them shows a fresh list rather than an old one.
      queryClient.removeQueries({ queryKey: resourceKeys.lists(spec) });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.history(spec, saved.id) });
      backToList(`${singular} “${entityTitle(spec, saved)}” was saved.`);
    },
    onError: (error) => {
      const { fields, other } = fieldErrorsOf(error, fieldNames);
      setErrors(fields);
      const onFields = Object.keys(fields).length > 0;
      setFormError(
        onFields
          ? [`The ${spec.singular} was not saved. Correct the fields marked below.`, ...other].join(' ')
          : errorMessage(error),
      );
      setAttempt((n) => n + 1);
    },
  });

  const remove = useMutation({
    mutationFn: (reason?: string) => resourceApi.remove(spec, entity?.id ?? '', reason),
    onSuccess: () => {
      setConfirming(false);
      queryClient.removeQueries({ queryKey: resourceKeys.lists(spec) });
      backToList(`${singular} “${entity ? entityTitle(spec, entity) : ''}” was deleted.`);
      if (entity) queryClient.removeQueries({ queryKey: resourceKeys.one(spec, entity.id) });
    },
  });

  const submit = () => {
    const result = validateValues(schema, spec.fields, values);
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(`The ${spec.singular} was not saved. Correct the fields marked below.`);
      setAttempt((n) => n + 1);
      return;
    }
    setFormError(null);
    save.mutate(result.data);
  };

  return (
    <>
      <ResourceForm
        fields={spec.fields}
        values={values}
        errors={errors}
        formError={formError}
        attempt={attempt}
        readOnly={readOnly}
        saving={save.isPending}
        onChange={(name, value) => {
          setValues((old) => ({ ...old, [name]: value }));
          if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
        }}
        onSubmit={submit}
        extraActions={
          <>
            <Button variant="default" component={Link} to={basePath}>
              {readOnly ? 'Back to the list' : 'Cancel'}
            </Button>
            {entity && !readOnly ? (
              <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            ) : null}
          </>
        }
      />
      {entity ? (
        <Text size="sm" c="dimmed" mt="md">
          Created {new Date(entity.created_at).toLocaleString()}, last changed{' '}
          {new Date(entity.updated_at).toLocaleString()}.
        </Text>
      ) : null}
      {entity ? (
        <DeleteDialog
          opened={confirming}
          singular={spec.singular}
          name={entityTitle(spec, entity)}
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          askReason={spec.deleteReason}
          onCancel={() => {
            setConfirming(false);
            remove.reset();
          }}
          onConfirm={(reason) => remove.mutate(reason)}
        />
      ) : null}
    </>
  );
}
