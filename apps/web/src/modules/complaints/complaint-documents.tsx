import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { AttachmentScreening } from './attachment-screening';
import { complaintKeys, complaintsApi } from './complaints-api';

/**
 * The documents filed with a complaint (the public form's uploads once released, and those staff added),
 * oldest first, and the public form's files still awaiting screening.
 */
export function ComplaintDocuments({ complaintId }: { complaintId: string }) {
  const headingId = useId();
  const documents = useQuery({
    queryKey: complaintKeys.documents(complaintId),
    queryFn: () => complaintsApi.documents(complaintId),
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Documents
      </Title>
      {documents.isPending ? <LoadingState label="Loading the documents…" /> : null}
      {documents.isError ? (
        <ErrorState title="The documents could not be loaded" error={documents.error} />
      ) : null}
      {documents.data?.length === 0 ? <Text>No documents were filed with this complaint.</Text> : null}
      {documents.data && documents.data.length > 0 ? (
        <List>
          {documents.data.map((d) => (
            <List.Item key={d.id}>
              <Anchor href={`/api/Documents/${d.id}/content`} download={d.name}>
                {`${d.name} (download)`}
              </Anchor>
            </List.Item>
          ))}
        </List>
      ) : null}
      <AttachmentScreening complaintId={complaintId} />
    </Stack>
  );
}
