import type { ListResult, NoteOutput, NoteSubjectKey } from '@licensure/contracts';
import { Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../../platform/api/client';
import { errorMessage } from '../../platform/api/errors';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';

/** What the notes are on: `{ user_id: id }`, `{ service_id: id }`, `{ license_request_id: id }`... */
export type NoteSubject = Partial<Record<NoteSubjectKey, string>>;

/** Staff notes of one record, newest first, with a box to add one. Shown only to staff who read notes. */
export function NotesPanel({ subject }: { subject: NoteSubject }) {
  const { viewer } = useSignedIn();
  const client = useQueryClient();
  const headingId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key, id] = Object.entries(subject)[0] ?? [];
  const query = { [key ?? 'user_id']: id, sortBy: 'created_at', reverse: true, numPerPage: 100 };
  const canRead = hasPermission(viewer, 'notes.read');
  const notes = useQuery({
    queryKey: ['notes', key, id],
    queryFn: () => api.get<ListResult<NoteOutput>>('/api/Notes', { query }),
    enabled: canRead && !!id,
  });
  const add = useMutation({
    mutationFn: () => api.post<NoteOutput>('/api/Notes', { note: { ...subject, value: text } }),
    onSuccess: async () => {
      setText('');
      setError(null);
      await client.invalidateQueries({ queryKey: ['notes', key, id] });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  if (!canRead || !id) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Notes
        </Title>
        {notes.isPending ? <LoadingState label="Loading notes…" /> : null}
        {notes.isError ? <ErrorState title="The notes could not be loaded" error={notes.error} /> : null}
        {notes.data?.items.length === 0 ? <Text>No notes yet.</Text> : null}
        {notes.data?.items.map((n) => (
          <Stack key={n.id} gap={2}>
            <Text
              size="sm"
              c="dimmed"
            >{`${n.author_name ?? 'Someone'}, ${new Date(n.created_at).toLocaleString()}`}</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{n.value}</Text>
          </Stack>
        ))}
        {hasPermission(viewer, 'notes.write') ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate();
            }}
          >
            <Stack gap="xs" align="flex-start">
              <Textarea
                label="New note"
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                error={error}
                autosize
                minRows={2}
                w="100%"
                required
              />
              <Button type="submit" loading={add.isPending}>
                Add note
              </Button>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
