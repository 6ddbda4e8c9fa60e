import { type ApplicantAccess, applicantAccessLevels } from '@licensure/contracts';
import {
  Alert,
  Badge,
  Checkbox,
  Grid,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { requiredLabelProps } from '../../../platform/components/required-mark';
import { errorsOf } from '../draft/field-errors';
import type { FormFields } from '../draft/form-draft';
import { choicesOf, useReferenceRows } from '../use-reference-data';
import { EditableFields, useBuilder } from './builder-context';

const accessLabels: Record<ApplicantAccess, { label: string; description: string }> = {
  none: { label: 'None', description: 'Applicants do not see it.' },
  view: { label: 'View', description: 'Applicants may read it.' },
  edit: { label: 'Edit', description: 'Applicants fill it in.' },
};

interface FormHeaderProps {
  /** The saved version; null for a form not saved yet. */
  version: number | null;
  hasResponses: boolean;
}

/** The form's own fields, its version and, once it has responses, what saving will do. */
export function FormHeader({ version, hasResponses }: FormHeaderProps) {
  const { form, dispatch, errors, clearError } = useBuilder();
  const formTypes = useReferenceRows('fb_form_types');
  const documentTypes = useReferenceRows('document_types');
  const fieldErrors = errorsOf(errors, 'form');
  const set = (patch: Partial<FormFields>, field: keyof FormFields) => {
    dispatch({ type: 'setFields', patch });
    clearError('form', '', field);
  };
  return (
    <Stack gap="sm" component="section" aria-label="Form details">
      <Group gap="sm">
        <Badge size="lg" variant="light" tt="none">
          {version === null ? 'New form: not saved yet' : `Version ${version}`}
        </Badge>
        {!form.active ? (
          <Badge size="lg" variant="light" color="gray" tt="none">
            Inactive
          </Badge>
        ) : null}
      </Group>
      {hasResponses && version !== null ? (
        <Alert color="yellow" title="Saving starts a new version">
          This form has responses: saving starts version {version + 1}; existing responses keep version{' '}
          {version}.
        </Alert>
      ) : null}
      <EditableFields>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput
              label="Form name"
              {...requiredLabelProps(true)}
              value={form.name}
              error={fieldErrors.name}
              data-focus-key="form:name"
              onChange={(e) => set({ name: e.currentTarget.value }, 'name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <NativeSelect
              label="Form type"
              value={form.form_type_id ?? ''}
              error={fieldErrors.form_type_id}
              data-focus-key="form:form_type_id"
              data={[{ value: '', label: '(none)' }, ...choicesOf(formTypes.data, form.form_type_id)]}
              onChange={(e) => set({ form_type_id: e.currentTarget.value || null }, 'form_type_id')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <NativeSelect
              label="Document type"
              description="Of the PDF of a response."
              value={form.document_type_id ?? ''}
              error={fieldErrors.document_type_id}
              data-focus-key="form:document_type_id"
              data={[{ value: '', label: '(none)' }, ...choicesOf(documentTypes.data, form.document_type_id)]}
              onChange={(e) => set({ document_type_id: e.currentTarget.value || null }, 'document_type_id')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Textarea
              label="Form description"
              autosize
              minRows={2}
              value={form.description ?? ''}
              error={fieldErrors.description}
              data-focus-key="form:description"
              onChange={(e) => set({ description: e.currentTarget.value || null }, 'description')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <Radio.Group
                label="Applicant access"
                value={form.applicant_access}
                error={fieldErrors.applicant_access}
                onChange={(value) => set({ applicant_access: value as ApplicantAccess }, 'applicant_access')}
              >
                <Stack gap={6} mt={6}>
                  {applicantAccessLevels.map((level) => (
                    <Radio
                      key={level}
                      value={level}
                      label={accessLabels[level].label}
                      description={accessLabels[level].description}
                      data-focus-key={`form:applicant_access:${level}`}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <Checkbox
                label="Active"
                description="Inactive forms cannot be started."
                checked={form.active}
                error={fieldErrors.active}
                onChange={(e) => set({ active: e.currentTarget.checked }, 'active')}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </EditableFields>
    </Stack>
  );
}
