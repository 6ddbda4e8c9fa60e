import type { DocumentAccessEntry, DocumentRecord } from '@licensure/contracts';
import { Drawer, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageSteps } from '../../platform/components/page-steps';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { type Column, DataTable } from '../../platform/list/data-table';
import { documentKeys, documentsApi } from './documents-api';

const PAGE_SIZE = 20;

const actionWords: Record<DocumentAccessEntry['action'], string> = {
  view: 'Viewed',
  download: 'Downloaded',
  zip: 'Downloaded in a zip',
  logged: 'Opened',
};

const columns: readonly Column<DocumentAccessEntry>[] = [
  { key: 'at', header: 'When', render: (e) => new Date(e.at).toLocaleString() },
  { key: 'who', header: 'Who', render: (e) => e.user_name ?? 'Unknown' },
  { key: 'action', header: 'What', render: (e) => actionWords[e.action] },
];

/** Who read a document and when, newest first, in a side panel. */
export function AccessLogDrawer({ document, onClose }: { document: DocumentRecord | null; onClose(): void }) {
  return (
    <Drawer.Root opened={document !== null} onClose={onClose} position="right" size="lg">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title>Access log of {document?.name ?? 'the document'}</Drawer.Title>
          <Drawer.CloseButton aria-label="Close" />
        </Drawer.Header>
        <Drawer.Body>
          {document ? <AccessLog key={document.id} documentId={document.id} /> : null}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function AccessLog({ documentId }: { documentId: string }) {
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: documentKeys.accessLog(documentId, page),
    queryFn: ({ signal }) => documentsApi.accessLog(documentId, page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  if (log.isPending) return <LoadingState label="Loading the access log…" />;
  if (log.isError)
    return (
      <ErrorState
        error={log.error}
        title="Could not load the access log"
        onRetry={() => void log.refetch()}
      />
    );
  if (log.data.total === 0) return <Text>Nobody has opened this document yet.</Text>;
  const pages = Math.max(1, Math.ceil(log.data.total / PAGE_SIZE));
  return (
    <Stack gap="sm">
      <Text size="sm">
        {log.data.total} {log.data.total === 1 ? 'read' : 'reads'}, newest first.
      </Text>
      <DataTable
        caption="Reads of the document"
        columns={columns}
        rows={log.data.items}
        rowKey={(e) => e.id}
        busy={log.isFetching}
      />
      {pages > 1 ? <PageSteps label="Access log pages" page={page} pages={pages} onPage={setPage} /> : null}
    </Stack>
  );
}
