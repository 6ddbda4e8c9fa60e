import type { DocumentRecord, ListResult, MergeTemplateOutput } from '@licensure/contracts';
import { Anchor, Button, Checkbox, CloseButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { RichTextEditor } from '../../platform/components/rich-text-editor';
import { ForbiddenPage } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { addressesOf, CORRESPONDENCE_BASE, correspondenceApi } from './correspondence-api';
import { PersonPicker } from './person-picker';

interface Recipient {
  id: string;
  name: string;
}

/** `/staff/correspondence/new?template=&to=`: write to people, from a merge template or free text. */
export function ComposePage() {
  const { viewer } = useSignedIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [to, setTo] = useState<Recipient[]>(() => {
    const id = params.get('to');
    return id ? [{ id, name: 'The previewed person' }] : [];
  });
  const [picker, setPicker] = useState<string | null>(null);
  const [addresses, setAddresses] = useState('');
  const [cc, setCc] = useState('');
  const [bcc, setBcc] = useState('');
  const [replyTo, setReplyTo] = useState('');
  const [templateId, setTemplateId] = useState<string | null>(params.get('template'));
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('<p></p>');
  const [docs, setDocs] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const templates = useQuery({
    queryKey: ['merge', 'list', null, false],
    queryFn: () =>
      api.get<ListResult<MergeTemplateOutput>>('/api/mergetemplates', { query: { numPerPage: 100 } }),
  });
  const first = to[0]?.id;
  const documents = useQuery({
    queryKey: ['documents', 'of', first],
    queryFn: () =>
      api.get<ListResult<DocumentRecord>>('/api/Documents', { query: { user_id: first, numPerPage: 50 } }),
    enabled: !!first,
  });
  const send = useMutation({
    mutationFn: () =>
      correspondenceApi.send({
        to: [...to.map((r) => r.id), ...addressesOf(addresses)],
        cc: addressesOf(cc),
        bcc: addressesOf(bcc),
        replyto: addressesOf(replyTo),
        ...(templateId ? { mergeTemplateID: templateId } : { subject, message }),
        userDocumentIDs: docs,
      }),
    onSuccess: (q) => navigate(`${CORRESPONDENCE_BASE}/${q.id}`),
    onError: (e) =>
      setErrors(
        e instanceof ApiError && Object.keys(e.fields).length ? { ...e.fields } : { _: errorMessage(e) },
      ),
  });
  if (!hasPermission(viewer, 'correspondence.send')) return <ForbiddenPage />;
  const fieldError = (...keys: string[]) =>
    keys
      .map((k) => Object.entries(errors).find(([f]) => f === k || f.startsWith(`${k}.`))?.[1])
      .find(Boolean);
  return (
    <Stack gap="md" maw={900}>
      <PageHeader title="Write correspondence" />
      <Anchor component={Link} to={CORRESPONDENCE_BASE}>
        Back to the correspondence
      </Anchor>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate();
        }}
      >
        <Stack gap="sm">
          <Group align="flex-end">
            <PersonPicker
              label="Add a person"
              value={picker}
              onChange={(id, name) => {
                setPicker(null);
                if (id && !to.some((r) => r.id === id)) setTo((list) => [...list, { id, name: name ?? id }]);
              }}
            />
          </Group>
          <Stack gap={4} aria-live="polite">
            <Text fw={600}>To</Text>
            {to.length === 0 ? <Text size="sm">No one yet.</Text> : null}
            {to.map((r) => (
              <Group key={r.id} gap="xs">
                <Text>{r.name}</Text>
                <CloseButton
                  aria-label={`Remove ${r.name}`}
                  onClick={() => setTo((list) => list.filter((x) => x.id !== r.id))}
                />
              </Group>
            ))}
            {fieldError('to') ? (
              <Text c="red" role="alert">
                {fieldError('to')}
              </Text>
            ) : null}
          </Stack>
          <TextInput
            label="Other addresses"
            description="Separated by commas"
            value={addresses}
            onChange={(e) => setAddresses(e.currentTarget.value)}
          />
          <Group grow>
            <TextInput
              label="Cc"
              value={cc}
              onChange={(e) => setCc(e.currentTarget.value)}
              error={fieldError('cc')}
            />
            <TextInput
              label="Bcc"
              value={bcc}
              onChange={(e) => setBcc(e.currentTarget.value)}
              error={fieldError('bcc')}
            />
            <TextInput
              label="Reply to"
              value={replyTo}
              onChange={(e) => setReplyTo(e.currentTarget.value)}
              error={fieldError('replyto')}
            />
          </Group>
          <Select
            label="Merge template"
            placeholder="None: write the message"
            clearable
            data={(templates.data?.items ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.code})` }))}
            value={templateId}
            onChange={setTemplateId}
          />
          {templateId ? (
            <Text size="sm">Each person gets the template merged with their own record.</Text>
          ) : (
            <>
              <TextInput
                label="Subject"
                required
                value={subject}
                onChange={(e) => setSubject(e.currentTarget.value)}
                error={fieldError('subject')}
              />
              <RichTextEditor
                label="Message"
                value={message}
                onChange={setMessage}
                error={fieldError('message')}
              />
            </>
          )}
          {first && (documents.data?.items.length ?? 0) > 0 ? (
            <Checkbox.Group
              label={`Attach documents of ${to[0]?.name}`}
              value={docs}
              onChange={setDocs}
              error={fieldError('userDocumentIDs')}
            >
              <Stack gap={4} mt={4}>
                {documents.data?.items.map((d) => (
                  <Checkbox key={d.id} value={d.id} label={d.name} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : null}
          {errors._ ? (
            <Text c="red" role="alert">
              {errors._}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
