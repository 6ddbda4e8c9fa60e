import {
  type DocumentRecord,
  type RosterImportProgress,
  type RosterImportResult,
  type RosterRowError,
  rosterColumns,
} from '@licensure/contracts';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Input,
  List,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getCsrfToken } from '../../platform/api/csrf';
import { registryKeys } from './registry-api';

type ImportState =
  | { phase: 'idle' }
  | { phase: 'running'; checked: number; total: number }
  | { phase: 'done'; checked: number; total: number; result: RosterImportResult }
  | { phase: 'failed'; message: string; rows: readonly RosterRowError[]; unknown?: boolean };

function csrfHeaders(): Record<string, string> {
  const token = getCsrfToken();
  return token ? { 'x-csrf-token': token } : {};
}

async function errorMessage(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // not JSON
  }
  return fallback;
}

function hubUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss://' : 'ws://'}${window.location.host}/api/messageHub`;
}

/** Resolves once the socket is open (or rejects when it cannot connect). */
function openSocket(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(hubUrl());
    socket.addEventListener('open', () => resolve(socket), { once: true });
    socket.addEventListener('error', () => reject(new Error('Could not connect to the message hub.')), {
      once: true,
    });
  });
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Roster import (xlsx or csv, all rows or none, with progress) and export for one service. */
export function RosterImportPanel({ serviceId }: { serviceId: string }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(
    () => () => {
      const socket = socketRef.current;
      socketRef.current = null;
      socket?.close();
    },
    [],
  );

  const finish = (next: ImportState) => {
    socketRef.current?.close();
    socketRef.current = null;
    setState(next);
  };

  const start = async () => {
    if (!file) return;
    setState({ phase: 'running', checked: 0, total: 0 });
    try {
      const form = new FormData();
      form.append('file', file);
      const upload = await fetch('/api/Documents/upload', {
        method: 'POST',
        headers: csrfHeaders(),
        credentials: 'same-origin',
        body: form,
      });
      if (!upload.ok) {
        finish({
          phase: 'failed',
          message: await errorMessage(upload, 'The file could not be uploaded.'),
          rows: [],
        });
        return;
      }
      const doc = (await upload.json()) as DocumentRecord;

      // Listen before starting the import so that no event is missed.
      const socket = await openSocket();
      socketRef.current?.close();
      socketRef.current = socket;
      let jobId: string | null = null;
      const early: RosterImportProgress[] = [];
      const handle = (event: RosterImportProgress) => {
        if (event.done) {
          if (event.result) {
            finish({ phase: 'done', checked: event.checked, total: event.total, result: event.result });
            void queryClient.invalidateQueries({ queryKey: registryKeys.service(serviceId, 'roster') });
          } else
            finish({
              phase: 'failed',
              message: event.error?.message ?? 'The import failed.',
              rows: event.rows ?? [],
            });
        } else setState({ phase: 'running', checked: event.checked, total: event.total });
      };
      socket.addEventListener('close', () => {
        if (socketRef.current !== socket) return;
        finish({
          phase: 'failed',
          message:
            'The connection to the server was lost before the import finished. Reload the page to see the roster.',
          rows: [],
          unknown: true,
        });
      });
      socket.addEventListener('message', (frame) => {
        let data: { type?: unknown; message?: Partial<RosterImportProgress> };
        try {
          data = JSON.parse(String(frame.data));
        } catch {
          return;
        }
        const message = data.message;
        if (data.type !== 'ReceiveMessage' || message?.type !== 'rosterImport') return;
        const event = message as RosterImportProgress;
        if (jobId === null) early.push(event);
        else if (event.jobId === jobId) handle(event);
      });

      const response = await fetch(
        `/api/clinicians/importClinicians/${encodeURIComponent(doc.id)}/${encodeURIComponent(serviceId)}?async=true`,
        { method: 'POST', headers: csrfHeaders(), credentials: 'same-origin' },
      );
      if (response.status !== 202) {
        finish({
          phase: 'failed',
          message: await errorMessage(response, 'The import could not start.'),
          rows: [],
        });
        return;
      }
      jobId = ((await response.json()) as { jobId: string }).jobId;
      for (const event of early.splice(0)) if (event.jobId === jobId) handle(event);
    } catch (error) {
      finish({
        phase: 'failed',
        message: error instanceof Error ? error.message : 'The import failed.',
        rows: [],
      });
    }
  };

  const running = state.phase === 'running';
  let progressLabel = '';
  if (state.phase === 'running')
    progressLabel =
      state.total > 0 ? `Checking rows: ${state.checked} of ${state.total}` : 'Uploading the file…';
  else if (state.phase === 'done') progressLabel = `Checked rows: ${state.checked} of ${state.total}`;

  return (
    <Stack gap="sm" mt="md">
      <Title order={3} size="h4" id="roster-import-heading">
        Import and export
      </Title>
      <Group>
        <Anchor href={`/api/clinicians/getExcel?serviceID=${encodeURIComponent(serviceId)}`} download>
          Download roster (xlsx)
        </Anchor>
      </Group>
      <Input.Wrapper
        id="roster-file"
        label="Roster file (xlsx or csv)"
        description="All rows are imported, or none when any row is rejected."
      >
        <input
          id="roster-file"
          type="file"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={running}
          aria-describedby="roster-file-description roster-columns-help"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          style={{ display: 'block', marginTop: 4 }}
        />
      </Input.Wrapper>
      <div id="roster-columns-help">
        <Text size="sm">Expected columns (* required):</Text>
        <List size="sm">
          {rosterColumns.map((c) => (
            <List.Item key={c.key}>
              {c.header}
              {c.required ? '*' : ''}
            </List.Item>
          ))}
        </List>
      </div>
      <Group>
        <Button onClick={() => void start()} disabled={!file || running} loading={running}>
          Import roster
        </Button>
      </Group>
      <div aria-live="polite" role="status">
        {(state.phase === 'running' || state.phase === 'done') && (
          <Stack gap={4}>
            <Text size="sm">{progressLabel}</Text>
            <Progress
              value={state.total > 0 ? Math.round((state.checked / state.total) * 100) : 0}
              aria-label={progressLabel}
            />
          </Stack>
        )}
        {state.phase === 'done' && (
          <Alert color="green" title="Roster imported">
            {`${plural(state.result.rows, 'row', 'rows')} imported: ${plural(
              state.result.people_created,
              'person',
              'people',
            )} created, ${state.result.people_matched} matched; roster rows ${state.result.roster_added} added, ${
              state.result.roster_updated
            } updated, ${state.result.roster_unchanged} unchanged.`}
          </Alert>
        )}
        {state.phase === 'failed' && (
          <Alert color="red" title={state.unknown ? 'Import status unknown' : 'Nothing was imported'}>
            <Text size="sm">{state.message}</Text>
          </Alert>
        )}
      </div>
      {state.phase === 'failed' && state.rows.length > 0 && (
        <Table striped withTableBorder>
          <Table.Caption>Rejected rows</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Field</Table.Th>
              <Table.Th scope="col">Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.rows.map((r) => (
              <Table.Tr key={`${r.row}-${r.field}-${r.message}`}>
                <Table.Td>{r.row}</Table.Td>
                <Table.Td>{r.field}</Table.Td>
                <Table.Td>{r.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
