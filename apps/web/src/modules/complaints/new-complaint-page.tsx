import type { ComplaintInput } from '@licensure/contracts';
import { Alert, Anchor, Button, Group, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { complaintKeys, complaintsApi } from './complaints-api';

const textFields = [
  'subject_name',
  'complainant_first_name',
  'complainant_last_name',
  'complainant_email',
  'complainant_phone',
  'description',
  'incident_date',
  'incident_location',
] as const;
type TextField = (typeof textFields)[number];

/**
 * `/staff/complaints/new`: staff enter a complaint taken by phone, letter or in person. It is numbered
 * from its category; the subject is linked to a credential on the complaint's page.
 */
export function NewComplaintPage() {
  const { viewer } = useSignedIn();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<TextField, string>>(
    () => Object.fromEntries(textFields.map((k) => [k, ''])) as Record<TextField, string>,
  );
  const [category, setCategory] = useState<string | null>(null);
  const categories = useQuery({
    queryKey: complaintKeys.list_('ComplaintCategories'),
    queryFn: () => complaintsApi.list('ComplaintCategories'),
  });
  const create = useMutation({
    mutationFn: () =>
      complaintsApi.create({
        ...values,
        complaint_category_id: category,
        incident_date: values.incident_date || null,
      } as ComplaintInput),
    onSuccess: (c) => navigate(`/staff/complaints/${c.id}`),
  });
  if (!hasPermission(viewer, 'complaints.write')) return <ForbiddenPage />;
  const fields: Record<string, string> = create.error instanceof ApiError ? create.error.fields : {};
  const input = (k: TextField, label: string, extra: { type?: string; required?: boolean } = {}) => (
    <TextInput
      label={label}
      type={extra.type}
      required={extra.required}
      value={values[k]}
      error={fields[`complaint.${k}`] ?? fields[k]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [k]: value }));
      }}
    />
  );
  return (
    <Stack gap="md">
      <PageHeader
        title="New complaint"
        description="A complaint taken by phone, letter or in person."
        actions={
          <Anchor component={Link} to="/staff/complaints">
            All complaints
          </Anchor>
        }
      />
      <form
        aria-label="New complaint"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Stack gap="sm" maw={640}>
          <Select
            label="Category"
            placeholder="Choose a category"
            clearable
            data={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.label }))}
            value={category}
            onChange={setCategory}
          />
          {input('subject_name', 'About (person, service or vehicle)', { required: true })}
          <Textarea
            label="Description"
            required
            autosize
            minRows={4}
            value={values.description}
            error={fields['complaint.description'] ?? fields.description}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, description: value }));
            }}
          />
          <Group grow>
            {input('incident_date', 'Date of the incident', { type: 'date' })}
            {input('incident_location', 'Where it happened')}
          </Group>
          <Title order={2} size="h3">
            Complainant
          </Title>
          <Group grow>
            {input('complainant_first_name', 'First name')}
            {input('complainant_last_name', 'Last name')}
          </Group>
          <Group grow>
            {input('complainant_email', 'Email', { type: 'email' })}
            {input('complainant_phone', 'Phone', { type: 'tel' })}
          </Group>
          {create.isError ? (
            <Alert color="red" title="The complaint was not saved" role="alert">
              {errorMessage(create.error)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Save the complaint
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
