import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { humanCheckToken } from '../../platform/human-check/human-check';
import { AttachmentsInput } from './attachments-input';
import { complaintsApi } from './complaints-api';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

const empty = {
  complaint_category_id: null as string | null,
  subject_name: '',
  license_number: '',
  complainant_first_name: '',
  complainant_last_name: '',
  complainant_email: '',
  complainant_phone: '',
  description: '',
  incident_date: '',
  incident_location: '',
};

/** `/complaint`: anyone files a complaint against a licensee, with files, and gets a confirmation number. */
export function PublicComplaintPage() {
  const categories = useQuery({
    queryKey: ['complaints', 'public-categories'],
    queryFn: complaintsApi.publicCategories,
  });
  const limits = useQuery({
    queryKey: ['complaints', 'attachment-limits'],
    queryFn: complaintsApi.attachmentLimits,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [form, setForm] = useState(empty);
  const [files, setFiles] = useState<File[]>([]);
  const [receipt, setReceipt] = useState<{ number: string; message: string } | null>(null);
  const file = useMutation({
    mutationFn: async () =>
      complaintsApi.file({
        complaint: {
          ...form,
          complaint_category_id: form.complaint_category_id,
          incident_date: form.incident_date || null,
        },
        documents: await Promise.all(
          files.map(async (f) => ({ name: f.name, value: await readAsDataUrl(f) })),
        ),
        // The enterprise's human check: reCAPTCHA where it has a secret, else the local stand-in.
        recaptchaToken: await humanCheckToken('complaint'),
      }),
    onSuccess: (r) => {
      window.scrollTo(0, 0);
      setReceipt(r);
      setForm(empty);
      setFiles([]);
    },
  });
  const fieldErrors: Record<string, string> = file.error instanceof ApiError ? file.error.fields : {};
  // The value is read at once: React clears the event's currentTarget before a state updater runs.
  const set = (k: keyof typeof empty) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [k]: value }));
  };
  const err = (k: string) => fieldErrors[`complaint.${k}`] ?? fieldErrors[k];
  if (receipt)
    return (
      <Stack gap="md">
        <PageHeader title="Complaint received" />
        <Alert color="green" title="Thank you" role="status">
          <Text>{receipt.message}</Text>
          <Text fw={700} mt="xs">
            {`Confirmation number: ${receipt.number}`}
          </Text>
        </Alert>
        <Group>
          <Button variant="default" onClick={() => setReceipt(null)}>
            File another complaint
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="md">
      <PageHeader
        title="File a complaint"
        description="Tell the licensing office about a licensed person, service or vehicle. Your identity is kept confidential and is never shown to the person or service you complain about."
      />
      <form
        aria-label="Complaint"
        onSubmit={(e) => {
          e.preventDefault();
          file.mutate();
        }}
      >
        <Stack gap="sm" maw={640}>
          <Title order={2} size="h3">
            Who or what is it about?
          </Title>
          <TextInput
            label="Name of the person, service or vehicle"
            required
            value={form.subject_name}
            onChange={set('subject_name')}
            error={err('subject_name')}
          />
          <TextInput
            label="Licence number, if you know it"
            value={form.license_number}
            onChange={set('license_number')}
          />
          <Select
            label="Kind of complaint"
            placeholder="Choose one"
            clearable
            data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.label }))}
            value={form.complaint_category_id}
            onChange={(v) => setForm((f) => ({ ...f, complaint_category_id: v }))}
          />
          <Title order={2} size="h3">
            What happened?
          </Title>
          <Textarea
            label="Describe what happened"
            required
            autosize
            minRows={4}
            value={form.description}
            onChange={set('description')}
            error={err('description')}
          />
          <Group grow>
            <TextInput
              label="Date of the incident"
              type="date"
              value={form.incident_date}
              onChange={set('incident_date')}
              error={err('incident_date')}
            />
            <TextInput
              label="Where it happened"
              value={form.incident_location}
              onChange={set('incident_location')}
            />
          </Group>
          <AttachmentsInput
            files={files}
            onChange={setFiles}
            limits={limits.data}
            error={Object.entries(fieldErrors).find(([k]) => k.startsWith('documents'))?.[1]}
          />
          <Title order={2} size="h3">
            How can we reach you?
          </Title>
          <Group grow>
            <TextInput
              label="First name"
              required
              value={form.complainant_first_name}
              onChange={set('complainant_first_name')}
              error={err('complainant_first_name')}
            />
            <TextInput
              label="Last name"
              required
              value={form.complainant_last_name}
              onChange={set('complainant_last_name')}
              error={err('complainant_last_name')}
            />
          </Group>
          <Group grow>
            <TextInput
              label="Email"
              type="email"
              required
              value={form.complainant_email}
              onChange={set('complainant_email')}
              error={err('complainant_email')}
            />
            <TextInput
              label="Phone"
              type="tel"
              value={form.complainant_phone}
              onChange={set('complainant_phone')}
            />
          </Group>
          {file.isError ? (
            <Alert color="red" title="The complaint was not sent" role="alert">
              <Text>{errorMessage(file.error)}</Text>
              {fieldErrors.recaptchaToken ? <Text>{fieldErrors.recaptchaToken}</Text> : null}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={file.isPending}>
              Send the complaint
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
