import type { DocumentRecord } from '@licensure/contracts';
import { Anchor, Badge, Button, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { PageSteps } from '../../platform/components/page-steps';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { Empty } from '../../platform/display/details';
import { formatDate } from '../../platform/display/format';
import { useRefLabels } from '../../platform/display/ref-labels';
import { ProfileSection } from '../../platform/list/profile-section';
import { DeleteDialog } from '../../platform/resources/delete-dialog';
import { AccessLogDrawer } from './access-log-drawer';
import { DocumentUpload } from './document-upload';
import { contentUrl, documentKeys, documentsApi, downloadZip, formatSize } from './documents-api';
import { EditDocumentDialog } from './edit-document-dialog';

export const DOCUMENTS_PAGE_SIZE = 10;

interface DocumentsPanelProps {
  /** The person whose documents are shown. */
  userId: string;
  /** documents.write: upload, edit, lock and delete. */
  canWrite: boolean;
}

/** A person's documents on their staff profile: download, zip, access log, edit, lock, delete, upload. */
export function DocumentsPanel({ userId, canWrite }: DocumentsPanelProps) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [logOf, setLogOf] = useState<DocumentRecord | null>(null);
  const [editing, setEditing] = useState<DocumentRecord | null>(null);
  const [deleting, setDeleting] = useState<DocumentRecord | null>(null);
  const [notice, setNotice] = useState('');
  const typeOf = useRefLabels('document_types');

  const params = { user_id: userId, currentPage: page, numPerPage: DOCUMENTS_PAGE_SIZE };
  const list = useQuery({
    queryKey: documentKeys.list(params),
    queryFn: ({ signal }) => documentsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys.all });

  const zip = useMutation({ mutationFn: (ids: string[]) => downloadZip(ids) });
  const remove = useMutation({
    mutationFn: (doc: DocumentRecord) => documentsApi.remove(doc.id),
    onSuccess: (_, doc) => {
      setDeleting(null);
      setNotice(`Deleted ${doc.name}.`);
      setSelected((s) => without(s, doc.id));
      void refresh();
    },
  });

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DOCUMENTS_PAGE_SIZE));
  const pageIds = rows.map((d) => d.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? new Set([...s, id]) : without(s, id)));

  let body: ReactNode;
  if (list.isPending) body = <LoadingState label="Loading documents…" />;
  else if (list.isError)
    body = (
      <ErrorState error={list.error} title="Could not load documents" onRetry={() => void list.refetch()} />
    );
  else if (total === 0) body = <Text>No documents on record.</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={760}>
        <Table striped withTableBorder aria-busy={list.isFetching || undefined} captionSide="top">
          <Table.Caption>
            <VisuallyHidden>Documents</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <Checkbox
                  aria-label="Select every document on this page"
                  checked={selectedOnPage > 0 && selectedOnPage === pageIds.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setSelected((s) => {
                      const next = new Set(s);
                      for (const id of pageIds) on ? next.add(id) : next.delete(id);
                      return next;
                    });
                  }}
                />
              </Table.Th>
              {['Name', 'Type', 'Expires', 'Lock', 'Size', 'Uploaded', 'Actions'].map((h) => (
                <Table.Th key={h} scope="col">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((doc) => (
              <Table.Tr key={doc.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${doc.name}`}
                    checked={selected.has(doc.id)}
                    onChange={(e) => toggle(doc.id, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Th scope="row" fw="normal">
                  <Anchor href={contentUrl(doc.id)} download={doc.name}>
                    {doc.name}
                  </Anchor>
                </Table.Th>
                <Table.Td>{typeOf(doc.document_type_id) ?? <Empty />}</Table.Td>
                <Table.Td>
                  <Expiry doc={doc} />
                </Table.Td>
                <Table.Td>
                  <LockState locked={doc.locked} />
                </Table.Td>
                <Table.Td>{formatSize(doc.size_bytes)}</Table.Td>
                <Table.Td>{formatDate(doc.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Access log of ${doc.name}`}
                      onClick={() => setLogOf(doc)}
                    >
                      Access log
                    </Button>
                    {canWrite ? (
                      <>
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={`Edit ${doc.name}`}
                          onClick={() => setEditing(doc)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          color="red"
                          aria-label={`Delete ${doc.name}`}
                          disabled={doc.locked}
                          title={doc.locked ? 'Locked documents cannot be deleted' : undefined}
                          onClick={() => {
                            remove.reset();
                            setDeleting(doc);
                          }}
                        >
                          Delete
                        </Button>
                      </>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <ProfileSection id="documents-heading" title="Documents">
      <Group justify="space-between" align="flex-start">
        {canWrite ? (
          <DocumentUpload
            userId={userId}
            onUploaded={(doc) => {
              setNotice(`Uploaded ${doc.name}.`);
              setPage(1);
              void refresh();
            }}
          />
        ) : (
          <span />
        )}
        <Stack gap={4} align="flex-end">
          <Button
            disabled={selected.size === 0}
            loading={zip.isPending}
            onClick={() => zip.mutate([...selected])}
          >
            Download as zip{selected.size > 0 ? ` (${selected.size} selected)` : ''}
          </Button>
          {zip.isError ? (
            <Text size="sm" c="red.8" role="alert">
              The zip could not be made: {errorMessage(zip.error)}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <Text role="status" size="sm">
        {notice}
        {list.data && total > 0 ? ` ${summary(list.data.currentPage, rows.length, total)}` : ''}
      </Text>
      {body}
      {pages > 1 ? <PageSteps label="Document pages" page={page} pages={pages} onPage={setPage} /> : null}
      <AccessLogDrawer document={logOf} onClose={() => setLogOf(null)} />
      <EditDocumentDialog
        document={editing}
        onClose={() => setEditing(null)}
        onSaved={(doc) => {
          setEditing(null);
          setNotice(`Saved ${doc.name}.`);
          void refresh();
        }}
      />
      <DeleteDialog
        opened={deleting !== null}
        singular="document"
        name={deleting?.name ?? ''}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </ProfileSection>
  );
}

function without(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  next.delete(id);
  return next;
}

function summary(currentPage: number, count: number, total: number): string {
  const first = (currentPage - 1) * DOCUMENTS_PAGE_SIZE + 1;
  return `Showing ${first}–${first + count - 1} of ${total} ${total === 1 ? 'document' : 'documents'}.`;
}

function Expiry({ doc }: { doc: DocumentRecord }) {
  if (!doc.expiration_date) return <Empty />;
  return (
    <Group gap={6} wrap="nowrap">
      <span>{formatDate(doc.expiration_date)}</span>
      {doc.expired ? (
        <Badge color="red" variant="light" radius="sm">
          Expired
        </Badge>
      ) : null}
    </Group>
  );
}

/** A padlock drawn beside the word, never instead of it. */
function LockState({ locked }: { locked: boolean }) {
  if (!locked) return <Text size="sm">Unlocked</Text>;
  return (
    <Group gap={4} wrap="nowrap">
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M17 9h-1V7a4 4 0 1 0-8 0v2H7a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2Zm-7-2a2 2 0 1 1 4 0v2h-4V7Z"
        />
      </svg>
      <Text size="sm" fw={600}>
        Locked
      </Text>
    </Group>
  );
}
