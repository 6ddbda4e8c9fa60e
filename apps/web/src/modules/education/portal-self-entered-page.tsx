import { Alert, Button, FileInput, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { educationApi, educationKeys } from './education-api';
import { TopicHoursEditor, trainingTopicsOf, useTopicRows } from './topic-hours-editor';
import { uploadOwnDocument } from './upload-own-document';

/** `/portal/education/self-entered`: a course taken elsewhere, with its certificate, for staff to verify. */
export function PortalSelfEnteredPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useTopicRows();
  const save = useMutation({
    mutationFn: async () => {
      if (!file) throw new Error('Add the certificate of the course.');
      const doc = await uploadOwnDocument(file, `Certificate: ${name}`);
      return educationApi.createCourse({
        name,
        self_entered: true,
        start_date: start || null,
        end_date: end || null,
        document_id: doc.id,
        training_topics: trainingTopicsOf(rows),
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: educationKeys.all });
      navigate('/portal/education');
    },
  });
  const { fields, other } = fieldErrorsOf(save.error, ['name', 'start_date', 'end_date', 'training_topics']);
  return (
    <Stack gap="md">
      <PageHeader
        title="Add a course taken elsewhere"
        description="Enter a course you completed with another provider and add its certificate. Its hours count once staff have verified it."
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm" maw={640}>
          <TextInput
            label="Course name"
            {...requiredLabelProps(true)}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fields.name}
          />
          <Group gap="md" align="flex-start">
            <TextInput
              type="date"
              label="Started"
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              error={fields.start_date}
            />
            <TextInput
              type="date"
              label="Finished"
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
              error={fields.end_date}
            />
          </Group>
          <TopicHoursEditor rows={rows} setRows={setRows} error={fields.training_topics} />
          <FileInput
            label="Certificate"
            {...requiredLabelProps(true)}
            description="A PDF or image of the certificate of completion"
            value={file}
            onChange={setFile}
            accept="application/pdf,image/*"
            maw={420}
          />
          {save.isError && Object.keys(fields).length === 0 ? (
            <Alert color="red" role="alert" title="The course could not be sent">
              {other.length ? other.join(' ') : errorMessage(save.error)}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              Send for verification
            </Button>
            <Button variant="default" onClick={() => navigate('/portal/education')}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
