import { Anchor, Button, Paper, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { DocumentUpload } from '../documents/document-upload';
import { formatSize } from '../documents/documents-api';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { examKeys, examsApi, type SessionDocument, sessionDocumentHref } from './exams-api';

/**
 * A session's documents (rosters, sign-in sheets, instructions): download links for exam readers;
 * upload and removal (after confirming) for exam writers.
 */
export function SessionDocumentsSection({ sessionId, canWrite }: { sessionId: string; canWrite: boolean }) {
  const client = useQueryClient();
  const key = examKeys.session(sessionId, 'documents');
  const documents = useQuery({ queryKey: key, queryFn: () => examsApi.documents(sessionId) });
  const [removing, setRemoving] = useState<SessionDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (d: SessionDocument) => examsApi.removeDocument(sessionId, d.id),
    onSuccess: (_, d) => {
      setRemoving(null);
      setDone(`${d.name} was removed from the session.`);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const rows = documents.data ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="documents-title">
      <Title order={2} size="h3" id="documents-title" mb="sm">
        Documents
      </Title>
      {documents.isError ? (
        <Text role="alert">The documents could not be loaded: {errorMessage(documents.error)}</Text>
      ) : null}
      {documents.isSuccess && rows.length === 0 ? (
        <Text>No document is attached to this session.</Text>
      ) : null}
      {rows.length ? (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Caption>Documents of the session</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Document</Table.Th>
                <Table.Th scope="col">Size</Table.Th>
                <Table.Th scope="col">Added</Table.Th>
                {canWrite ? <Table.Th scope="col">Remove</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor href={sessionDocumentHref(sessionId, d.id)} aria-label={`Download ${d.name}`}>
                      {d.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatSize(d.size_bytes)}</Table.Td>
                  <Table.Td>{d.created_at.slice(0, 10)}</Table.Td>
                  {canWrite ? (
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${d.name}`}
                        onClick={() => {
                          setError(null);
                          setRemoving(d);
                        }}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Text role="status" size="sm">
        {done ?? ''}
      </Text>
      {canWrite ? (
        <DocumentUpload
          fields={{ description: 'Exam session document' }}
          onUploaded={async (doc) => {
            setDone(null);
            client.setQueryData(key, await examsApi.attachDocument(sessionId, doc.id));
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove the document?"
        message={`${removing?.name ?? 'The document'} will no longer be listed with the session. The file is kept for the audit trail.`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        error={error}
        onCancel={() => {
          setRemoving(null);
          setError(null);
        }}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Paper>
  );
}
